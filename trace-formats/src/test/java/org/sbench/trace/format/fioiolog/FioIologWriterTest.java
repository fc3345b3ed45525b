package org.sbench.trace.format.fioiolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.format.fioiolog.FioIologReaderTest.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.ReadOptions;

class FioIologWriterTest {
    private static final TraceInfo INFO = TraceInfo.of("csv", EnumSet.of(Field.STREAM));

    @TempDir
    Path dir;

    @Test
    void writesVersion3WithPlaceholderTarget() throws IOException {
        Path out = dir.resolve("t.iolog");
        IoRecord read = io(1_999, Op.READ, 0, 4096, 3);
        read.completeNs = 50_000;
        read.process = "dropped";
        write(out, INFO, read, io(2_000, Op.WRITE, 8192, 512, 3),
                io(7_500_000, Op.TRIM, 1L << 40, 1 << 20, 3), io(9_000_001, Op.FLUSH, 0, 0, 3));
        assertEquals("fio version 3 iolog\n"
                + "1 sbench-target.3 add\n"
                + "1 sbench-target.3 open\n"
                + "1 sbench-target.3 read 0 4096\n"
                + "2 sbench-target.3 write 8192 512\n"
                + "7500 sbench-target.3 trim 1099511627776 1048576\n"
                + "9000 sbench-target.3 sync 0 0\n"
                + "9000 sbench-target.3 close\n", Files.readString(out), "stream 3 keeps its number in the name");
        write(out, INFO, io(0, Op.READ, 0, 4096, 0));
        assertTrue(Files.readString(out).contains("0 sbench-target read 0 4096\n"), "stream 0 first: the plain name");
    }

    @Test
    void targetFromMetadataAndOneFilePerFurtherStream() throws IOException {
        Path out = dir.resolve("t.iolog");
        write(out, INFO.withMetadata(FioIologWriter.TARGET_KEY, "/dev/nvme0n1"),
                io(0, Op.READ, 0, 512, 7), io(1_000, Op.WRITE, 0, 512, 2), io(2_000, Op.READ, 512, 512, 7),
                io(3_000, Op.READ, 512, 512, IoRecord.NO_STREAM));
        assertEquals("fio version 3 iolog\n"
                + "0 /dev/nvme0n1 add\n"
                + "0 /dev/nvme0n1 open\n"
                + "0 /dev/nvme0n1 read 0 512\n"
                + "1 /dev/nvme0n1.2 add\n"
                + "1 /dev/nvme0n1.2 open\n"
                + "1 /dev/nvme0n1.2 write 0 512\n"
                + "2 /dev/nvme0n1 read 512 512\n"
                + "3 /dev/nvme0n1.nostream add\n"
                + "3 /dev/nvme0n1.nostream open\n"
                + "3 /dev/nvme0n1.nostream read 512 512\n"
                + "3 /dev/nvme0n1 close\n"
                + "3 /dev/nvme0n1.2 close\n"
                + "3 /dev/nvme0n1.nostream close\n", Files.readString(out));
    }

    @Test
    void emptyTraceGivesWellFormedLog() throws IOException {
        Path out = dir.resolve("t.iolog");
        write(out, INFO);
        assertEquals("fio version 3 iolog\n0 sbench-target add\n0 sbench-target open\n0 sbench-target close\n",
                Files.readString(out));
        assertEquals(List.of(), FioIologReaderTest.read(out, ReadOptions.DEFAULTS));
    }

    @Test
    void outputAppearsOnlyOnFinish() throws IOException {
        Path out = dir.resolve("t.iolog");
        try (TraceWriter w = new FioIologFormat().openWriter(out, INFO)) {
            w.write(io(0, Op.READ, 0, 512, 0));
            assertFalse(Files.exists(out));
            w.finish();
        }
        assertTrue(Files.exists(out));
        assertEquals(List.of(out), listDir());
    }

    @Test
    void closeWithoutFinishLeavesNothing() throws IOException {
        Path out = dir.resolve("t.iolog");
        try (TraceWriter w = new FioIologFormat().openWriter(out, INFO)) {
            w.write(io(0, Op.READ, 0, 512, 0));
        }
        assertEquals(List.of(), listDir());
    }

    @Test
    void largeTraceSpansManyBuffers() throws IOException {
        Path out = dir.resolve("t.iolog");
        List<IoRecord> records = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            records.add(io(i * 1_000L, i % 2 == 0 ? Op.READ : Op.WRITE, i * 4096L, 4096, 0));
        }
        write(out, INFO, records.toArray(new IoRecord[0]));
        assertEquals(records, FioIologReaderTest.read(out, ReadOptions.DEFAULTS));
    }

    @Test
    void targetWithWhitespaceIsRefused() {
        SbenchException e = assertThrows(SbenchException.class, () -> new FioIologFormat()
                .openWriter(dir.resolve("t.iolog"), INFO.withMetadata(FioIologWriter.TARGET_KEY, "my disk")));
        assertEquals("fio.target 'my disk': expected a file name without whitespace of 1 to 256 bytes (fio reads it with %256s)",
                e.getMessage());
        assertEquals(ErrorKind.USAGE, e.kind());
    }

    /**
     * fio reads a log line's length with {@code %u}: a read of 4 GiB + 4 KiB was replayed by fio 3.33 as a
     * read of 4 KiB (its io_bytes), so such an IO is refused, naming it, and nothing is left.
     */
    @Test
    void lengthBeyondFiosUnsignedIntIsRefused() throws IOException {
        Path out = dir.resolve("t.iolog");
        write(out, INFO, io(0, Op.TRIM, 0, 0xFFFF_FFFFL, 0));
        assertTrue(Files.readString(out).contains(" trim 0 4294967295\n"), "the longest length fio reads is written");
        Files.delete(out);
        SbenchException e = assertThrows(SbenchException.class,
                () -> write(out, INFO, io(0, Op.READ, 0, 4096, 0), io(1_000, Op.READ, 0, (1L << 32) + 4096, 0)));
        assertEquals(out + ": cannot be written as a fio log: record 2 is a read of 4294971392 bytes, and fio reads a length of"
                + " at most 4294967295 bytes (%u)", e.getMessage());
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(List.of(), listDir());
    }

    /** What a log cannot hold is said, with how much of it there was; a trace it holds whole gets nothing. */
    @Test
    void saysWhatItLeftOut() {
        Path out = dir.resolve("t.iolog");
        try (TraceWriter w = new FioIologFormat().openWriter(out, INFO)) {
            w.write(io(0, Op.READ, 0, 4096, 0));
            w.write(io(2_000, Op.FLUSH, 0, 0, IoRecord.NO_STREAM));
            w.finish();
            assertEquals(null, w.leftOut(), "streams and whole microseconds: nothing left out");
        }
        TraceInfo rich = INFO.withMetadata("name", "hm_1").withMetadata(FioIologWriter.TARGET_KEY, "/dev/sdb")
                .withPhases(List.of(new PhaseMarker("boot", 0), new PhaseMarker("login", 1_500)));
        try (TraceWriter w = new FioIologFormat().openWriter(out, rich)) {
            IoRecord read = io(0, Op.READ, 0, 4096, 0);
            read.completeNs = 900;
            read.qd = 1;
            read.process = "my app";
            w.write(read);
            w.write(io(1_500, Op.WRITE, 0, 4096, 0));
            w.putMetadata("events.failedIos", "1");
            w.finish();
            assertEquals("left out what a fio log cannot hold: completion times of 1 IOs, queue depths of 1 IOs, process names of 1"
                    + " IOs, 2 phase marks, metadata (name, events.failedIos); issue times of 1 IOs cut to whole µs", w.leftOut());
        }
    }

    /** fio refuses a log without a read, write or trim ("failed initializing iolog"): a log of flushes, or of nothing, says so. */
    @Test
    void aLogFioRefusesSaysSo() {
        Path out = dir.resolve("t.iolog");
        String refused = "the log holds no read, write or trim, and fio refuses such a log ('failed initializing iolog')";
        try (TraceWriter w = new FioIologFormat().openWriter(out, INFO)) {
            w.finish();
            assertEquals(refused, w.leftOut());
        }
        try (TraceWriter w = new FioIologFormat().openWriter(out, INFO.withPhases(List.of(new PhaseMarker("boot", 0))))) {
            w.write(io(0, Op.FLUSH, 0, 0, 0));
            w.finish();
            assertEquals("left out what a fio log cannot hold: 1 phase marks; " + refused, w.leftOut());
        }
    }

    @Test
    void formatDeclaresWriting() {
        FioIologFormat format = new FioIologFormat();
        assertTrue(format.writes());
        assertEquals(List.of("iolog"), format.extensions());
    }

    /** Written and read back, a trace is unchanged at microsecond precision. */
    @Property(tries = 200)
    void roundTripKeepsRecordsAtMicrosecondPrecision(@ForAll("traces") @Size(max = 200) List<IoRecord> records)
            throws IOException {
        Path d = Files.createTempDirectory("fio-roundtrip");
        Path out = d.resolve("t.iolog");
        try {
            write(out, INFO, records.toArray(new IoRecord[0]));
            List<IoRecord> expected = new ArrayList<>();
            for (IoRecord r : records) {
                boolean flush = r.op == Op.FLUSH;
                // Streams come back as they were: in the file names sbench writes (NAME.5, NAME.nostream).
                expected.add(io(r.issueNs / 1000 * 1000, r.op, flush ? 0 : r.offsetBytes, flush ? 0 : r.lengthBytes, r.stream));
            }
            assertEquals(expected, FioIologReaderTest.read(out, ReadOptions.DEFAULTS));
        } finally {
            Files.deleteIfExists(out);
            Files.delete(d);
        }
    }

    @Provide
    Arbitrary<List<IoRecord>> traces() {
        Arbitrary<IoRecord> record = Combinators.combine(
                Arbitraries.longs().between(0, Long.MAX_VALUE),
                Arbitraries.of(Op.class),
                Arbitraries.longs().between(0, 1L << 50),
                Arbitraries.longs().between(1, 1L << 30),
                Arbitraries.of(IoRecord.NO_STREAM, 0, 1, 5, 1 << 20))
                .as((issueNs, op, offset, length, stream) -> io(issueNs, op, offset, length, stream));
        return record.list();
    }

    private static void write(Path out, TraceInfo info, IoRecord... records) {
        try (TraceWriter w = new FioIologFormat().openWriter(out, info)) {
            for (IoRecord r : records) {
                w.write(r);
            }
            w.finish();
        }
    }

    private List<Path> listDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
