package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.ReadOptions;

/**
 * Every text format with a process name takes one of up to 256 bytes and refuses a longer one as a
 * bad record naming the line, whatever its layout: memory held per record stays bounded, however
 * long a damaged line's "name".
 */
class LongProcessNameTest {
    private static final int LONGEST = 256;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            fiu      | 89981917150045 1 {} 1000 8 W 6 0 4b4ea0a16b6c8b1ad9d9446e2de3b3a4
            fiu      | 89981917150045 1 a {} 1000 8 W 6 0 4b4ea0a16b6c8b1ad9d9446e2de3b3a4
            tracefs  | kworker/0:1H-123  [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 1234 + 8 be,0,4 [{}]
            tracefs  | kworker/0:1H-123  [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 1234 + 8 be,0,4 [a {}]
            blkparse | 8,0    1       10     0.000024062   697  D   W 223490 + 56 [{}]
            etw      | DiskRead, 1, {} (1), 2, 0xfffffa8000000010, 4096, 4096, 100, 0, 0x60043
            csv      | 1000,,4096,4096,R,0,,"{}"
            """)
    void aNameOfUpTo256BytesIsReadALongerOneIsABadRecord(String format, String line) throws Exception {
        // A name with a space is written with letters beyond ASCII: its limit is in bytes, not characters.
        boolean spaced = line.contains("a {}");
        String filler = spaced ? "é".repeat((LONGEST - 2) / 2) : "p".repeat(LONGEST);
        List<IoRecord> read = TestRecords.readAll(formats().byName(format), write(line, filler), ReadOptions.DEFAULTS);
        assertEquals(1, read.size());
        assertEquals((spaced ? "a " : "") + filler, read.get(0).process);

        String longer = filler + "q";
        Path file = write(line, longer);
        SbenchException e = TestRecords.readError(formats().byName(format), file, ReadOptions.DEFAULTS);
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        int lineNumber = header(format).split("\n", -1).length;
        assertTrue(e.getMessage().startsWith(file + ":" + lineNumber + ": expected a process name of at most 256 bytes, found '"
                + (spaced ? "a " : "") + longer.substring(0, 8)), e.getMessage());
    }

    /**
     * A writer takes a name of up to 256 bytes and refuses a longer one before any of its record is written, naming
     * the output and the record, and leaves no file: what sbench writes, it reads back. Until 2026-12-07 the CSV
     * writer took any name and the .sbt writer one of up to 65,535 bytes, files that sbench's readers then refused.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sbt", "csv"})
    void writersRefuseANameLongerThanReadersTake(String format) throws IOException {
        TraceFormat f = formats().byName(format);
        IoRecord first = TestRecords.record(1000, 2000, 0, 4096, Op.READ, 0, "é".repeat(LONGEST / 2));
        IoRecord second = TestRecords.record(3000, 4000, 4096, 4096, Op.WRITE, 0, "é".repeat(LONGEST / 2) + "q");
        Path kept = dir.resolve("kept." + format);
        try (TraceWriter w = f.openWriter(kept, TestRecords.info())) {
            w.write(first);
            w.finish();
        }
        assertEquals(List.of(first.process), TestRecords.readAll(f, kept, ReadOptions.DEFAULTS).stream().map(r -> r.process).toList());

        Path out = dir.resolve("out." + format);
        try (TraceWriter w = f.openWriter(out, TestRecords.info())) {
            w.write(first);
            SbenchException e = assertThrows(SbenchException.class, () -> w.write(second));
            assertEquals(ErrorKind.BAD_INPUT, e.kind());
            assertEquals(out + ": record 2: expected a process name of at most 256 bytes, found one of 257 bytes, '"
                    + "é".repeat(60) + "...' (129 characters)", e.getMessage());
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(kept), left.toList(), "nothing left of the refused output");
        }
    }

    /** Into standard output ({@code -}), a refusal names it as a failure to write it does, not as "-". */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sbt", "csv"})
    void aWriterIntoStandardOutputNamesItInARefusal(String format) throws IOException {
        IoRecord longName = TestRecords.record(1000, 2000, 0, 4096, Op.READ, 0, "x".repeat(LONGEST + 1));
        try (TraceWriter w = formats().byName(format).openWriter(Path.of("-"), TestRecords.info())) {
            SbenchException e = assertThrows(SbenchException.class, () -> w.write(longName));
            assertTrue(e.getMessage().startsWith("standard output: record 1: expected a process name of at most 256 bytes"),
                    e.getMessage());
        }
    }

    private Path write(String line, String name) throws Exception {
        String format = line.startsWith("Disk") ? "etw" : line.contains(",,") ? "csv" : "";
        return FormatSamples.write(dir, header(format) + line.replace("{}", name) + "\n");
    }

    private static String header(String format) {
        return switch (format) {
            case "etw" -> "BeginHeader\n  DiskRead,  TimeStamp,  Process Name ( PID),  ThreadID,  IrpPtr,  ByteOffset,  IOSize,"
                    + "  ElapsedTime,  DiskNum,  IrpFlags\nEndHeader\n";
            case "csv" -> "issue_ns,complete_ns,offset,length,op,stream,qd,process\n";
            default -> "";
        };
    }

    private static TraceFormats formats() {
        return TraceFormats.standard();
    }
}
