package org.sbench.trace.format.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class CsvTraceRoundTripTest {
    private static final CsvTraceFormat FORMAT = new CsvTraceFormat();

    @Property(tries = 30)
    void roundTripIsExact(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2000) int count) throws IOException {
        Path file = Files.createTempFile("csv", ".csv");
        try {
            TestRecords.assertRoundTrip(FORMAT, file, TestRecords.records(seed, count, true));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void handWrittenFileWithEmptyOptionalFields(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + "0,,4096,4096,R,,,\n"
                + "10,,0,0,F,,,\n"
                + "20,,8192,512,t,2,,\n");
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(EnumSet.noneOf(Field.class), r.info().fields());
            List<IoRecord> got = TestRecords.readAll(r);
            assertEquals(3, got.size());
            assertEquals(Op.READ, got.get(0).op);
            assertEquals(IoRecord.NO_TIME, got.get(0).completeNs);
            assertEquals(Op.FLUSH, got.get(1).op);
            assertEquals(Op.TRIM, got.get(2).op);
            assertEquals(2, got.get(2).stream);
        }
    }

    /**
     * Records of one process share one name: each record had its own copy, so the 262,144 records of
     * the sort's window held that many (a CSV of 100 names of 47 characters ran inspect out of a 48 MiB heap).
     */
    @Test
    void repeatedProcessNamesShareOneString(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + "0,,0,4096,R,,,firefox\n10,,4096,4096,R,,,dd\n20,,8192,4096,W,,,firefox\n");
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            List<IoRecord> got = TestRecords.readAll(r);
            assertEquals("firefox", got.get(0).process);
            assertSame(got.get(0).process, got.get(2).process);
        }
    }

    @Test
    void phasesListedOutOfTimeOrderAreReadInTimeOrder(@TempDir Path dir) throws IOException {
        // A hand-edited file: replay, inspect and convert take each marker as the start of the IOs after it.
        Path file = dir.resolve("t.csv");
        Files.writeString(file, "# phase: 6000000 save\n# phase: 0 load\n# phase: 6000000 close\n"
                + "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,,0,4096,R,,,\n");
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(List.of(new PhaseMarker("load", 0), new PhaseMarker("save", 6_000_000), new PhaseMarker("close", 6_000_000)),
                    r.info().phases(), "in time order; markers of one time keep the file's order");
        }
    }

    @Test
    void badRowsNameLineAndValue(@TempDir Path dir) throws IOException {
        String header = "issue_ns,complete_ns,offset,length,op,stream,qd,process\n";
        assertError(dir, header + "0,,0,4096,R,,,\n5,,x12,4096,R,,,\n", ":3: expected offset (bytes), found 'x12'");
        assertError(dir, header + "5,,0,4096,Q,,,\n", ":2: expected op R, W, T or F, found 'Q'");
        assertError(dir, header + "5,,0,0,W,,,\n", ":2: expected a positive length for a write, found '5,,0,0,W,,,'");
        assertError(dir, header + "5,,-8,512,W,,,\n", ":2: expected a non-negative offset, found '5,,-8,512,W,,,'");
        assertError(dir, header + "5,,0,512,W\n", ":2: expected 8 columns (issue_ns,complete_ns,offset,length,op,stream,qd,process), found '5,,0,512,W'");
        assertError(dir, header + "5,3,0,512,W,,,\n", ":2: expected a completion no earlier than the issue, found '5,3,0,512,W,,,'");
        assertError(dir, header + "99999999999999999999,,0,512,W,,,\n", ":2: expected issue_ns (integer ns), found '99999999999999999999'");
        assertError(dir, "issue,offset\n", ":1: expected the header row 'issue_ns,complete_ns,offset,length,op,stream,qd,process', found 'issue,offset'");
        assertError(dir, "", ": empty: expected the header row 'issue_ns,complete_ns,offset,length,op,stream,qd,process'");
    }

    /**
     * complete_ns -9223372036854775808 (-2^63) is the value sbench keeps for "no completion": read as a number, the IO
     * silently lost its completion (written back with the field empty), where -5 is refused; found by bench/ReaderFuzz.java.
     */
    @Test
    void aCompletionOfMinus2To63IsRefusedNotTakenForNone(@TempDir Path dir) throws IOException {
        String header = "issue_ns,complete_ns,offset,length,op,stream,qd,process\n";
        assertError(dir, header + "1000,-9223372036854775808,0,4096,R,,,\n",
                ":2: expected complete_ns (integer ns above -2^63, or empty), found '-9223372036854775808'");
    }

    /** A quote left open makes the rest of the file one record: its error names the line where that record began. */
    @Test
    void aRecordOverTheLimitIsNamedAtTheLineWhereItBegan(@TempDir Path dir) throws IOException {
        String header = "issue_ns,complete_ns,offset,length,op,stream,qd,process\n";
        String rest = ("a".repeat(999) + "\n").repeat(3_000);
        assertOpenAt(Files.writeString(dir.resolve("open.csv"), header + "0,,0,512,R,,,\n5,,0,512,W,,,\"open\n" + rest), 3);
        assertOpenAt(Files.writeString(dir.resolve("first.csv"), "# source: x\n" + header + "5,,0,512,W,,,\"open\n" + rest), 3);
    }

    /**
     * A quoted process name may span lines: an error names the line where its record begins, as an
     * editor shows it. Until 2026-12-06 it named the header lines plus the record's number: line 3
     * for a bad offset on line 5 after a record of three lines.
     */
    @Test
    void errorsAfterARecordOfSeveralLinesNameTheLineWhereTheRecordBegins(@TempDir Path dir) throws IOException {
        String header = "issue_ns,complete_ns,offset,length,op,stream,qd,process\n";
        String threeLines = "0,,0,512,R,,,\"multi\nline\nname\"\n";
        assertError(dir, header + threeLines + "5,,x12,512,R,,,\n", ":5: expected offset (bytes), found 'x12'");
        assertError(dir, "# source: x\n" + header + threeLines + "\n5,,0,0,W,,,\n", ":7: expected a positive length for a write, found '5,,0,0,W,,,'");
        assertError(dir, header + threeLines + "5,,0,512,W\n", ":5: expected 8 columns (issue_ns,complete_ns,offset,length,op,stream,qd,process), found '5,,0,512,W'");
        assertError(dir, header + threeLines + "5,,x,512,R,,,\"a\nb\"\n", ":5: expected offset (bytes), found 'x'");
        assertError(dir, ReadOptions.DEFAULTS.withSkipBad(1), header + threeLines + "5,,x,512,R,,,\n6,,0,512,R,,,\"a\nb\"\n7,,y,512,R,,,\n",
                ":8: expected offset (bytes), found 'y' (more than 1 bad records, the --skip-bad allowance)");
        assertError(dir, header + threeLines + "5,,0,512,W,,,\"a\"b\n",
                ":5: expected a CSV row, found malformed quoting or unreadable data at line 5");
        assertError(dir, header + threeLines + "5,,0,512,W,,,\"a\nb\"c\n",
                ":5: expected a CSV row, found malformed quoting or unreadable data at line 6");
        // Blank lines before a malformed record are not its line (until 2026-12-06 the error named the first of them).
        assertError(dir, header + "0,,0,512,R,,,\n\n\n\n5,,0,512,W,,,\"a\"b\n",
                ":6: expected a CSV row, found malformed quoting or unreadable data at line 6");
        assertError(dir, header + "0,,0,512,R,,,\n\n\n5,,0,512,W,,,\"never\n\nclosed\n",
                ":5: expected a CSV row, found malformed quoting or unreadable data at line 7");
    }

    private static void assertOpenAt(Path file, int line) {
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(file + ":" + line + ": expected a record of at most 2097152 characters, found one still"
                + " open at line "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" (a quote not closed?)"), e.getMessage());
    }

    @Test
    void skipBadSkipsAndCounts(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("s.csv");
        Files.writeString(file, "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,,0,512,R,,,\nbad\n9,,0,512,W,,,\n");
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(1))) {
            assertEquals(2, TestRecords.readAll(r).size());
            assertEquals(1, r.skippedRecords());
        }
    }

    private static void assertError(Path dir, String content, String suffix) throws IOException {
        assertError(dir, ReadOptions.DEFAULTS, content, suffix);
    }

    private static void assertError(Path dir, ReadOptions options, String content, String suffix) throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, content);
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = FORMAT.openReader(TraceInput.of(file), options)) {
                TestRecords.readAll(r);
            }
        });
        assertEquals(file + suffix, e.getMessage());
    }

    /**
     * A phase of no name (a .sbt holds one) was written as '# phase: 5 ', which the reader refused
     * ("expected '# phase: TIME_NS NAME'"): convert wrote a CSV sbench could not read.
     */
    @Test
    void aPhaseOfNoNameReadsBack(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("p.csv");
        List<PhaseMarker> phases = List.of(new PhaseMarker("", 5), new PhaseMarker("b", 7));
        try (TraceWriter w = FORMAT.openWriter(file, TestRecords.info().withPhases(phases))) {
            w.write(TestRecords.records(1, 1, true).get(0));
            w.finish();
        }
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(phases, r.info().phases());
        }
    }

    /**
     * Metadata learned at the input's end (a block trace's counts of requests left out and IOs
     * failed) comes after the comment lines are written: the CSV has no place for it, and says so.
     */
    @Test
    void metadataLearnedAtTheEndIsSaidToBeLeftOut(@TempDir Path dir) {
        Path file = dir.resolve("m.csv");
        try (TraceWriter w = FORMAT.openWriter(file, TestRecords.info())) {
            w.write(TestRecords.records(1, 1, true).get(0));
            w.finish();
            assertEquals(null, w.leftOut());
        }
        try (TraceWriter w = FORMAT.openWriter(file, TestRecords.info())) {
            w.write(TestRecords.records(1, 1, true).get(0));
            w.putMetadata("events.failedIos", "1");
            w.putMetadata("events.otherRequests", "2");
            w.finish();
            assertEquals("left out what a CSV learns only after its comment lines: metadata (events.failedIos, events.otherRequests)",
                    w.leftOut());
        }
    }

    @Test
    void writerStatesTheSource(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("w.csv");
        try (TraceWriter w = FORMAT.openWriter(file, TraceInfo.of("blkparse", EnumSet.of(Field.COMPLETE, Field.QD)))) {
            IoRecord r = new IoRecord();
            r.issueNs = 1;
            r.completeNs = 7;
            r.offsetBytes = 512;
            r.lengthBytes = 4096;
            r.op = Op.WRITE;
            r.qd = 3;
            w.write(r);
            w.finish();
        }
        assertEquals("# source: blkparse\n# fields: complete,qd\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n1,7,512,4096,W,,3,\n",
                Files.readString(file));
    }

    /** Metadata of 70,000 bytes pushed the header row past the 64 KiB the format is told from: sbench's own file was unrecognised. */
    @Test
    void aFileWithAPreambleLongerThanTheHeadIsStillRecognised(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("long.csv");
        TraceInfo info = TraceInfo.of("msr", EnumSet.noneOf(Field.class)).withMetadata("note", "x".repeat(70_000));
        try (TraceWriter w = FORMAT.openWriter(file, info)) {
            IoRecord r = new IoRecord();
            r.offsetBytes = 4096;
            r.lengthBytes = 4096;
            r.op = Op.READ;
            w.write(r);
            w.finish();
        }
        try (TraceReader r = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS)) {
            assertEquals("csv", TraceFormats.standard().detect(TraceInput.of(file)).name());
            assertEquals(70_000, r.info().metadata().get("note").length());
            assertEquals(1, TestRecords.readAll(r).size());
        }
    }
}
