package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.ReplayResult;
import org.sbench.target.NullTarget;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/** A scenario's replay of the first share of a trace ({@link TracePrefix}), counted as the IOs it issues. */
class ReplayStepShareTest {
    /**
     * A read-only replay of the first 40% of 1,000 IOs (300 writes, then reads and writes by turns) issues the
     * 50 reads among its first 400: its progress showed no total and a stop 'after N of 400 IOs' counted the
     * share's records (found by the stopedges audit). The whole trace's count stays beside it.
     */
    @Test
    void aReadOnlyShareCountsTheReadsItIssues(@TempDir Path dir) {
        List<IoRecord> ios = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            Op op = i >= 300 && i % 2 == 0 ? Op.READ : Op.WRITE;
            ios.add(TestRecords.record(i * 1000L, i * 1000L + 500, i * 4096L, 4096, op, IoRecord.NO_STREAM));
        }
        Path trace = TestRecords.writeSbt(dir.resolve("t.sbt"), TraceInfo.of("t", EnumSet.of(Field.COMPLETE)), ios);
        ReplaySettings readOnly = ReplaySettings.DEFAULTS.withFixedQd(1).withMapping(ReplaySettings.DEFAULTS.fit(), null, true);
        ReplayStep step = new ReplayStep("t.sbt", trace, null, ReadOptions.DEFAULTS, readOnly, Map.of(), 0.4);
        ReplayControl control = new ReplayControl();
        List<Long> totals = new ArrayList<>();
        StepListener listener = new StepListener() {
            @Override
            public ReplayListener run(String what, long timeLimitNs) {
                return FirstIoListener.of(submitNs -> control.requestStop("interrupted (SIGTERM)"),
                        (doneIos, totalIos, elapsedNs, bytes) -> totals.add(totalIos));
            }
        };
        StepResult r = StepSession.run(step, NullTarget.NAME, TargetSettings.DEFAULTS, dir.resolve("b"), NanoClock.SYSTEM, listener,
                control, "test");
        assertFalse(r.complete());
        assertFalse(totals.isEmpty());
        assertTrue(totals.stream().allMatch(t -> t == 50), "progress totals: " + totals);
        ReplayResult run = r.results().get(0);
        assertEquals(50, run.fidelity().planned());
        assertEquals(400, run.fidelity().inTrace());
    }
}
