package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/**
 * A stop (Ctrl-C, SIGTERM) after the target is open: before the first IO it abandons the replay, as a
 * stop during the planning pass does, with no result; after it, the result is the incomplete replay.
 */
class ReplaySessionStopTest {
    private static final String REASON = "interrupted (SIGTERM)";
    private static final long IOS = 1000;

    /**
     * A stop as the engine opens, after the file target was made: no result of no IO (it was the
     * result "stopped after 0 of 1,000 IOs"), and the file the replay made is deleted.
     */
    @Test
    void aStopBeforeTheFirstIoAbandonsTheReplay(@TempDir Path dir) {
        Path trace = trace(dir);
        Path file = dir.resolve("new.img");
        ReplayControl control = new ReplayControl();
        IoEngines.Opener stopping = (name, target, depth, maxIoBytes, clock) -> {
            control.requestStop(REASON);
            return IoEngines.open(name, target, depth, maxIoBytes, clock);
        };
        SbenchException e = assertThrows(SbenchException.class, () -> ReplaySession.run(request(trace, file.toString()), stopping,
                NanoClock.SYSTEM, ReplayListener.NONE, control, "test"));
        assertEquals(ErrorKind.INTERRUPTED, e.kind());
        assertEquals(REASON + " before the first IO of " + trace, e.getMessage());
        assertFalse(Files.exists(file), "the file the replay made is deleted");
    }

    /** A stop at the first IO: the result is the incomplete replay of the IOs issued. */
    @Test
    void aStopAfterTheFirstIoGivesTheIncompleteResult(@TempDir Path dir) {
        Path trace = trace(dir);
        ReplayControl control = new ReplayControl();
        StopAtFirstIo stopping = new StopAtFirstIo(control);
        ReplayResult r = ReplaySession.run(request(trace, "null"), NanoClock.SYSTEM, stopping, control, "test");
        assertFalse(r.complete());
        assertEquals(REASON, r.stopReason());
        assertTrue(r.summary().ios() > 0 && r.summary().ios() < IOS, "IOs replayed: " + r.summary().ios());
    }

    /**
     * A run whose IOs were issued and all failed (a dying drive) before the stop is no run of no IO: its
     * result, which holds the errors, is kept (the rule looked at the IOs completed, which count no failed one).
     */
    @Test
    void aStopAfterIosThatAllFailedKeepsTheResult(@TempDir Path dir) throws Exception {
        ReplayControl control = new ReplayControl();
        ReplayResult stopped = ReplaySession.run(request(trace(dir), "null"), NanoClock.SYSTEM, new StopAtFirstIo(control), control, "test");
        ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        ObjectNode tree = json.valueToTree(stopped);
        long issued = stopped.fidelity().issued();
        ((ObjectNode) tree.get("summary")).put("ios", 0).put("reads", 0).put("bytesRead", 0).put("errors", issued);
        ReplayResult failedAll = json.treeToValue(tree, ReplayResult.class);
        assertTrue(issued > 0);
        assertEquals(failedAll, Run.begun(failedAll, control, "t.sbt"));
    }

    /**
     * A read-only replay of writes and reads counts the reads it issues: its progress showed "0 of 3,000 IOs"
     * for 1,000 reads, and a stop "after N of 3,000" (found by the firstio audit). The result keeps the
     * trace's count beside.
     */
    @Test
    void aReadOnlyReplayCountsTheReadsItIssues(@TempDir Path dir) {
        Path trace = trace(dir, 2 * IOS);
        ReplayControl control = new ReplayControl();
        StopAtFirstIo stopping = new StopAtFirstIo(control);
        List<Long> totals = stopping.totals;
        ReplaySession.Request readOnly = new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, "null", TargetSettings.DEFAULTS,
                ReplaySettings.DEFAULTS.withFixedQd(1).withMapping(ReplaySettings.DEFAULTS.fit(), null, true));
        ReplayResult r = ReplaySession.run(readOnly, NanoClock.SYSTEM, stopping, control, "test");
        assertFalse(r.complete());
        assertFalse(totals.isEmpty());
        assertTrue(totals.stream().allMatch(t -> t == IOS), "progress totals: " + totals);
        assertEquals(3 * IOS, r.fidelity().inTrace());
        assertEquals(IOS, r.fidelity().planned());
    }

    private static ReplaySession.Request request(Path trace, String target) {
        return new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target, TargetSettings.DEFAULTS,
                ReplaySettings.DEFAULTS.withFixedQd(1));
    }

    /** {@value #IOS} reads of 4 KiB, in issue order. */
    private static Path trace(Path dir) {
        return trace(dir, 0);
    }

    /** {@code writes} writes of 4 KiB, then {@value #IOS} reads, in issue order. */
    private static Path trace(Path dir, long writes) {
        List<IoRecord> records = new ArrayList<>();
        for (int i = 0; i < writes + IOS; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = i * 1_000_000L;
            r.completeNs = r.issueNs + 100_000;
            r.op = i < writes ? Op.WRITE : Op.READ;
            r.offsetBytes = i * 4096L;
            r.lengthBytes = 4096;
            records.add(r);
        }
        return TestRecords.writeSbt(dir.resolve("t.sbt"), TraceInfo.of("test", EnumSet.of(Field.COMPLETE)), records);
    }

    /** Asks {@code control} to stop as the first IO is issued, keeping the totals the progress reports. */
    private static final class StopAtFirstIo implements ReplayListener {
        private final ReplayControl control;
        private final List<Long> totals = new ArrayList<>();

        StopAtFirstIo(ReplayControl control) {
            this.control = control;
        }

        @Override
        public void firstIo(long submitNs) {
            control.requestStop(REASON);
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            totals.add(totalIos);
        }
    }
}
