package org.sbench.trace.format.sbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

/**
 * A record range read without names (what each Spark split of inspect reads): the records of the range without their
 * process, the same bad records as with names, and none of the trace's names kept. Until 2026-12-08 every range built
 * the whole table of names, spilled past 1 MiB to the temporary directory, and decoded a name for every record.
 */
class SbtRangeWithoutNamesTest {
    private static final int RECORDS = 5000;

    /** 5,000 records, each naming its own 256-byte process: a table of 1.3 MB, past the 1 MiB a reader keeps in memory. */
    private static List<IoRecord> named() {
        List<IoRecord> records = TestRecords.records(11, RECORDS, true);
        for (int i = 0; i < records.size(); i++) {
            String tail = Integer.toString(i);
            records.get(i).process = "n".repeat(256 - tail.length()) + tail;
        }
        return records;
    }

    private static List<IoRecord> read(Path file, long first, long max, Path tmp, boolean names) {
        try (TraceReader r = new SbtReader(TraceInput.of(file), ReadOptions.DEFAULTS, SbtReader.DEFAULT_BUFFER_BYTES, first, max,
                SpillSpace.processNames(tmp), NameMemory.TRACE, names)) {
            return TestRecords.readAll(r);
        }
    }

    @Test
    void rangesWithoutNamesGiveTheirRecordsWithoutProcessAndKeepNoNames(@TempDir Path dir) {
        List<IoRecord> records = named();
        Path file = SbtRoundTripTest.write(dir.resolve("t.sbt"), records);
        Path gone = dir.resolve("gone");
        SbenchException e = assertThrows(SbenchException.class, () -> read(file, 0, 10, gone, true));
        assertTrue(e.getMessage().startsWith("cannot write the process names of " + file + " in " + gone + ": "), e.getMessage());
        List<IoRecord> unnamed = new ArrayList<>();
        for (IoRecord r : records) {
            IoRecord c = new IoRecord().copyFrom(r);
            c.process = null;
            unnamed.add(c);
        }
        long[][] ranges = {{0, RECORDS}, {0, 1}, {1234, 766}, {4999, 10}, {RECORDS, 10}};
        for (long[] range : ranges) {
            assertEquals(unnamed.subList((int) range[0], (int) Math.min(RECORDS, range[0] + range[1])),
                    read(file, range[0], range[1], gone, false), "records " + range[0] + " +" + range[1]);
        }
        assertEquals(records.subList(1234, 2000), read(file, 1234, 766, dir, true));
    }

    /** A process index past the table and one of a name longer than readers take: the same bad records without names. */
    @Test
    void badProcessIndexesAreTheSameWithoutNames(@TempDir Path dir) throws IOException {
        List<IoRecord> written = TestRecords.records(3, 6, true);
        for (int i = 0; i < written.size(); i++) {
            written.get(i).process = "p" + i % 3;
        }
        Path file = SbtRoundTripTest.write(dir.resolve("t.sbt"), written);
        SbtRoundTripTest.renameProcesses(file, List.of("a", "x".repeat(300), "c"));
        byte[] all = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        int first = b.getInt(SbtLayout.POS_RECORDS_OFFSET);
        b.putInt(first + 3 * SbtLayout.RECORD_BYTES + SbtLayout.REC_PROCESS, 3);
        Files.write(file, all);
        for (int skip = 0; skip <= 3; skip++) {
            ReadOptions options = ReadOptions.DEFAULTS.withSkipBad(skip);
            List<String> outcomes = new ArrayList<>();
            for (boolean names : new boolean[] {true, false}) {
                try (TraceReader r = new SbtFormat().openRecords(TraceInput.of(file), options, 0, Long.MAX_VALUE, names)) {
                    List<IoRecord> got = TestRecords.readAll(r);
                    got.forEach(g -> g.process = null);
                    outcomes.add(got + ", skipped " + r.skippedRecords());
                } catch (SbenchException e) {
                    outcomes.add(e.getMessage());
                }
            }
            assertEquals(outcomes.get(0), outcomes.get(1), "--skip-bad " + skip);
        }
    }
}
