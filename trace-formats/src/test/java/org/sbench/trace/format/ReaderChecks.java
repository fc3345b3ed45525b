package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.readError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * The checks every line-based reader's tests make the same way, each test with its own format's
 * lines: what the reader says it is, binary input, one bad line, the --skip-bad allowance,
 * reading back lines a test wrote, and a fast path for the usual line agreeing with the general
 * path on every other spelling.
 */
public final class ReaderChecks {
    private ReaderChecks() {
    }

    /** Reading {@code fixture} (below org/sbench/trace/format/), the reader names {@code format} and fills {@code fields}. */
    public static void assertInfo(TraceFormat format, String fixture, Set<Field> fields) throws Exception {
        try (TraceReader reader = format.openReader(TraceInput.of(FormatSamples.fixture(fixture)), ReadOptions.DEFAULTS)) {
            assertEquals(format.name(), reader.info().sourceFormat());
            assertEquals(fields, reader.info().fields());
        }
    }

    /** Bytes that are not text are refused at line 1. */
    public static void assertBinaryRejected(TraceFormat format, Path dir) throws IOException {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1, (byte) 0xff, '\n'});
        assertEquals(file + ":1: expected a text line, found 'binary data'", readError(format, file, ReadOptions.DEFAULTS).getMessage());
    }

    /** {@code "TEXT|SUFFIX"}: reading a file holding TEXT fails with the file's name followed by SUFFIX. */
    public static void assertBadLine(TraceFormat format, Path dir, String caseText) throws IOException {
        String[] parts = caseText.split("\\|", 2);
        Path file = FormatSamples.write(dir, parts[0]);
        assertEquals(file + parts[1], readError(format, file, ReadOptions.DEFAULTS).getMessage());
    }

    /**
     * {@code text} holds four records of which the second and third are bad: with --skip-bad 2 the
     * other two are read (the last at {@code lastOffsetBytes}) and two counted as skipped; with
     * --skip-bad 1 the read fails at {@code thirdBadAt} ("file:LINE: ...") with {@code thirdBadError}.
     */
    public static void assertSkipBad(TraceFormat format, Path dir, String text, long lastOffsetBytes, int thirdBadAt,
            String thirdBadError) throws IOException {
        Path file = FormatSamples.write(dir, text);
        try (TraceReader reader = format.openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = readAll(reader);
            assertEquals(2, records.size());
            assertEquals(lastOffsetBytes, records.get(1).offsetBytes);
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = readError(format, file, ReadOptions.DEFAULTS.withSkipBad(1));
        assertEquals(file + ":" + thirdBadAt + ": " + thirdBadError + " (more than 1 bad records, the --skip-bad allowance)",
                e.getMessage());
    }

    /**
     * {@code text} ends in a line cut short, without its line end (a truncated download): the
     * {@code recordsBefore} records before it are read, the cut line is not (a number in it may be
     * cut short), and the reader names it as the incomplete last line.
     */
    public static void assertCutLastLineLeftOut(TraceFormat format, Path dir, String text, int recordsBefore) throws IOException {
        Path file = FormatSamples.write(dir, text);
        try (TraceReader reader = format.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(recordsBefore, readAll(reader).size());
            assertEquals(text.split("\n", -1).length, reader.incompleteLastLine());
        }
    }

    /**
     * The records of {@code lines} (each a line's fields, in the usual form a reader's fast path
     * takes) read the same when the lines are written otherwise, which the reader's general path
     * reads: blanks around fields, comments, a header line ({@code header}, or none when null), CRLF
     * line ends, and per field as {@code respell} allows it, one character per field: {@code n} a
     * number read as unsigned (a '+' and leading zeros, past 18 digits), {@code c} text read in any
     * case, {@code .} nothing more.
     */
    public static void assertRespellingsReadTheSame(TraceFormat format, List<String[]> lines, String respell, String header,
            long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder usual = new StringBuilder();
        StringBuilder other = new StringBuilder(header == null ? "" : header + "\n");
        for (String[] fields : lines) {
            usual.append(String.join(",", fields)).append('\n');
            if (random.nextInt(4) == 0) {
                other.append("# a comment\n");
            }
            for (int i = 0; i < fields.length; i++) {
                String f = fields[i];
                int kind = random.nextInt(5);
                if (kind == 0) {
                    f = " " + f + "\t";
                } else if (kind < 3 && respell.charAt(i) == 'n') {
                    f = kind == 1 ? "+" + f : "0".repeat(19) + f;
                } else if (kind < 3 && respell.charAt(i) == 'c') {
                    f = kind == 1 ? f.toUpperCase(Locale.ROOT) : f.toLowerCase(Locale.ROOT);
                }
                other.append(i == 0 ? "" : ",").append(f);
            }
            other.append(random.nextBoolean() ? "\r\n" : "\n");
        }
        List<IoRecord> expected = readText(format, usual);
        assertEquals(lines.size(), expected.size());
        assertEquals(expected, readText(format, other));
    }

    /**
     * Enough lines to fill the reader's buffer many times over, so that lines meet its end in every
     * place: {@code count} records made by {@code record}, written as {@code line} has them, read back.
     */
    public static void assertLinesAcrossBufferFillsReadBack(TraceFormat format, int count, Function<SplittableRandom, IoRecord> record,
            Function<IoRecord, String[]> line) throws IOException {
        SplittableRandom random = new SplittableRandom(count);
        List<IoRecord> expected = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            IoRecord r = record.apply(random);
            expected.add(r);
            text.append(String.join(",", line.apply(r))).append('\n');
        }
        assertEquals(expected, readText(format, text));
    }

    /** The records of a temporary file holding {@code text}, read with the default options. */
    public static List<IoRecord> readText(TraceFormat format, CharSequence text) throws IOException {
        Path file = Files.createTempFile(format.name(), ".trace");
        try {
            Files.writeString(file, text);
            return readAll(format, file, ReadOptions.DEFAULTS);
        } finally {
            Files.delete(file);
        }
    }
}
