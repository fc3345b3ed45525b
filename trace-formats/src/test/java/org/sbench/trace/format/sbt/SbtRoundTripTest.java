package org.sbench.trace.format.sbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class SbtRoundTripTest {
    private static final SbtFormat FORMAT = new SbtFormat();

    @Property(tries = 30)
    void roundTripIsExact(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int count,
                          @ForAll boolean sorted) throws IOException {
        Path dir = Files.createTempDirectory("sbt");
        try {
            Path file = dir.resolve("t.sbt");
            List<IoRecord> records = TestRecords.records(seed, count, sorted);
            try (SbtWriter w = FORMAT.openWriter(file, TestRecords.info())) {
                records.forEach(w::write);
                w.finish();
            }
            try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
                assertEquals(TestRecords.info().metadata(), r.info().metadata());
                assertEquals(TestRecords.info().phases(), r.info().phases());
                assertEquals(TestRecords.info().fields(), r.info().fields());
                assertEquals("msr", r.info().sourceFormat());
                assertEquals(records, TestRecords.readAll(r));
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void orderedFlagFollowsTheRecords(@TempDir Path dir) {
        Path ordered = write(dir.resolve("a.sbt"), TestRecords.records(1, 100, true));
        Path unordered = write(dir.resolve("b.sbt"), TestRecords.records(1, 100, false));
        try (TraceReader r = FORMAT.openReader(TraceInput.of(ordered), ReadOptions.DEFAULTS)) {
            assertTrue(r.inIssueOrder());
        }
        try (TraceReader r = FORMAT.openReader(TraceInput.of(unordered), ReadOptions.DEFAULTS)) {
            assertFalse(r.inIssueOrder());
        }
    }

    @Test
    void lateMarkersAreStored(@TempDir Path dir) {
        Path file = dir.resolve("m.sbt");
        try (SbtWriter w = FORMAT.openWriter(file, TraceInfo.of("tracefs", EnumSet.noneOf(Field.class)))) {
            w.write(TestRecords.records(2, 1, true).get(0));
            w.addPhase(new PhaseMarker("photoshop open", 123));
            w.finish();
        }
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(List.of(new PhaseMarker("photoshop open", 123)), r.info().phases());
        }
    }

    @Test
    void lateMetadataIsMergedOverTheHeaders(@TempDir Path dir) {
        Path file = dir.resolve("m.sbt");
        TraceInfo info = TraceInfo.of("tracefs", EnumSet.noneOf(Field.class)).withMetadata("name", "m")
                .withMetadata("record.complete", "unknown");
        try (SbtWriter w = FORMAT.openWriter(file, info)) {
            w.write(TestRecords.records(2, 1, true).get(0));
            w.putMetadata("record.complete", "false");
            w.putMetadata("record.eventsLost", "12");
            w.finish();
        }
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(Map.of("name", "m", "record.complete", "false", "record.eventsLost", "12"), r.info().metadata());
        }
    }

    @Test
    void fileEndingAfterThePhasesHasNoLateMetadata(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("old.sbt");
        try (SbtWriter w = FORMAT.openWriter(file, TestRecords.info())) {
            w.write(TestRecords.records(2, 1, true).get(0));
            w.finish();
        }
        // A file of the first version 1 writer: the trailer ends with the phases (no u32 count after them).
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length - Integer.BYTES));
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            assertEquals(TestRecords.info().metadata(), r.info().metadata());
            assertEquals(TestRecords.info().phases(), r.info().phases());
        }
    }

    @Test
    void unfinishedWriterLeavesNothing(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("gone.sbt");
        try (SbtWriter w = FORMAT.openWriter(file, TestRecords.info())) {
            w.write(TestRecords.records(3, 1, true).get(0));
        }
        try (var s = Files.list(dir)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void truncatedFileNamesTheByte(@TempDir Path dir) throws IOException {
        Path file = write(dir.resolve("t.sbt"), TestRecords.records(4, 10, true));
        byte[] all = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.sbt");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length - 300));
        SbenchException e = assertThrows(SbenchException.class, () -> FORMAT.openReader(TraceInput.of(cut), ReadOptions.DEFAULTS));
        assertTrue(e.getMessage().startsWith(cut + ": byte "), e.getMessage());
        assertTrue(e.getMessage().contains("end of file (truncated)"), e.getMessage());
    }

    @Test
    void wrongMagicIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("x.sbt");
        Files.writeString(file, "issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        SbenchException e = assertThrows(SbenchException.class, () -> FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS));
        assertEquals(file + ": byte 0: expected the .sbt magic 89 53 42 54 0d 0a 1a 0a, found other bytes", e.getMessage());
    }

    @Test
    void badOpCodeNamesItsByte(@TempDir Path dir) throws IOException {
        Path file = write(dir.resolve("t.sbt"), TestRecords.records(5, 2, true));
        byte[] all = Files.readAllBytes(file);
        int recordsOffset = java.nio.ByteBuffer.wrap(all).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(12);
        all[recordsOffset + SbtLayout.RECORD_BYTES + SbtLayout.REC_OP] = 9;
        Files.write(file, all);
        try (TraceReader r = FORMAT.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            assertTrue(r.next(rec));
            SbenchException e = assertThrows(SbenchException.class, () -> r.next(rec));
            assertEquals(file + ": byte " + (recordsOffset + SbtLayout.RECORD_BYTES + SbtLayout.REC_OP)
                    + ": expected an op code 0-3, found 9", e.getMessage());
        }
    }

    static Path write(Path file, List<IoRecord> records) {
        try (SbtWriter w = FORMAT.openWriter(file, TestRecords.info())) {
            records.forEach(w::write);
            w.finish();
        }
        return file;
    }
}
