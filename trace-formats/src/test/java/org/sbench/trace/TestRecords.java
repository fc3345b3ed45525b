package org.sbench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Records and trace descriptions for tests: random records with every optional field sometimes
 * absent, records built field by field, and the records or the error of reading a file.
 */
public final class TestRecords {
    private TestRecords() {
    }

    public static List<IoRecord> records(long seed, int count, boolean sorted) {
        Random rnd = new Random(seed);
        List<IoRecord> out = new ArrayList<>(count);
        long t = rnd.nextInt(1000);
        String[] names = {"firefox", "kworker/0:1H", "name, with comma", "\"quoted\"", "ünïcode"};
        for (int i = 0; i < count; i++) {
            IoRecord r = new IoRecord();
            t += rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100_000);
            r.issueNs = sorted ? t : rnd.nextInt(1_000_000);
            r.op = Op.values()[rnd.nextInt(4)];
            r.offsetBytes = r.op == Op.FLUSH ? 0 : (long) rnd.nextInt(1 << 20) * 512;
            r.lengthBytes = r.op == Op.FLUSH ? 0 : 512L * (1 + rnd.nextInt(256));
            r.completeNs = rnd.nextInt(5) == 0 ? IoRecord.NO_TIME : r.issueNs + rnd.nextInt(50_000);
            r.stream = rnd.nextInt(3) == 0 ? IoRecord.NO_STREAM : rnd.nextInt(4);
            r.qd = rnd.nextInt(3) == 0 ? IoRecord.NO_QD : 1 + rnd.nextInt(40);
            r.process = rnd.nextInt(3) == 0 ? null : names[rnd.nextInt(names.length)];
            out.add(r);
        }
        return out;
    }

    /** A description with every optional field, metadata and two phases. */
    public static TraceInfo info() {
        return new TraceInfo("msr", EnumSet.allOf(Field.class), Map.of(TraceInfo.NAME, "test", TraceInfo.CAPACITY, "1048576"),
                List.of(new PhaseMarker("boot", 0), new PhaseMarker("photo edit", 5_000_000)));
    }

    /** A record without queue depth or process. */
    public static IoRecord record(long issueNs, long completeNs, long offsetBytes, long lengthBytes, Op op, int stream) {
        return record(issueNs, completeNs, offsetBytes, lengthBytes, op, stream, null);
    }

    /** A record without queue depth. */
    public static IoRecord record(long issueNs, long completeNs, long offsetBytes, long lengthBytes, Op op, int stream,
            String process) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.completeNs = completeNs;
        r.offsetBytes = offsetBytes;
        r.lengthBytes = lengthBytes;
        r.op = op;
        r.stream = stream;
        r.process = process;
        return r;
    }

    /** Writes {@code records} as an .sbt file {@code file} described by {@code info}; returns the file. */
    public static Path writeSbt(Path file, TraceInfo info, List<IoRecord> records) {
        try (TraceWriter w = new org.sbench.trace.format.sbt.SbtFormat().openWriter(file, info)) {
            records.forEach(w::write);
            w.finish();
        }
        return file;
    }

    /**
     * Writes {@code records} into {@code file} with {@code format}, under {@link #info()}, and asserts that reading the file
     * back gives them, that info's metadata, phases and fields, and its source format.
     */
    public static void assertRoundTrip(TraceFormat format, Path file, List<IoRecord> records) {
        try (TraceWriter w = format.openWriter(file, info())) {
            records.forEach(w::write);
            w.finish();
        }
        try (TraceReader r = format.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(info().metadata(), r.info().metadata());
            assertEquals(info().phases(), r.info().phases());
            assertEquals(info().fields(), r.info().fields());
            assertEquals(info().sourceFormat(), r.info().sourceFormat());
            assertEquals(records, readAll(r));
        }
    }

    /** Every record of {@code file} as {@code format} reads it, copied. */
    public static List<IoRecord> readAll(TraceFormat format, Path file, ReadOptions options) {
        try (TraceReader reader = format.openReader(TraceInput.of(file), options)) {
            return readAll(reader);
        }
    }

    /** The error reading {@code file} as {@code format} ends with; fails the test if there is none. */
    public static SbenchException readError(TraceFormat format, Path file, ReadOptions options) {
        return assertThrows(SbenchException.class, () -> readAll(format, file, options));
    }

    /** Asserts that reading {@code file} with default options ends with the bad-input error {@code message}. */
    public static void assertBadInput(String message, TraceFormat format, Path file) {
        assertBadInput(message, format, file, ReadOptions.DEFAULTS);
    }

    /** Asserts that reading {@code file} ends with the bad-input error {@code message}. */
    public static void assertBadInput(String message, TraceFormat format, Path file, ReadOptions options) {
        SbenchException e = readError(format, file, options);
        assertEquals(message, e.getMessage());
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
    }

    /** Every record of {@code file}, its format detected. */
    public static List<IoRecord> readAll(Path file) {
        try (TraceReader reader = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS)) {
            return readAll(reader);
        }
    }

    /** Every remaining record of {@code reader}, copied. */
    public static List<IoRecord> readAll(TraceReader reader) {
        List<IoRecord> out = new ArrayList<>();
        IoRecord rec = new IoRecord();
        while (reader.next(rec)) {
            out.add(new IoRecord().copyFrom(rec));
        }
        return out;
    }
}
