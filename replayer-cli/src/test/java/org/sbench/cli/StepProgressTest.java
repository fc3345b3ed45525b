package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.step.IdleStep;
import org.sbench.step.StepResult;
import org.sbench.step.StepSession;
import org.sbench.target.TargetSettings;

/**
 * An idle step's probe is made ready during the wait before it: its line ("probe 2 of 3 (after 300ms idle)") was printed
 * then, before the wait's progress, and even for a probe that a stop during the wait prevented.
 */
class StepProgressTest {
    private static final String SECOND_PROBE = "probe 2 of 3 (after 300ms idle)";

    @Test
    void aProbesLineComesAfterTheWaitBeforeIt() {
        List<String> lines = idle(new StringWriter(), new ReplayControl());
        int waited = lines.indexOf(lines.stream().filter(l -> l.startsWith("idle: ")).findFirst().orElseThrow());
        assertTrue(waited < lines.indexOf(SECOND_PROBE), String.join("\n", lines));
    }

    @Test
    void aProbeAStopDuringItsWaitPreventsHasNoLine() {
        ReplayControl control = new ReplayControl();
        StringWriter err = new StringWriter() {
            @Override
            public void write(String s, int off, int len) {
                super.write(s, off, len);
                if (s.startsWith("idle: ")) {
                    control.requestStop("interrupted (SIGINT)");
                }
            }
        };
        List<String> lines = idle(err, control);
        assertFalse(lines.contains(SECOND_PROBE), String.join("\n", lines));
        assertEquals("probe 1 of 3 (after 0 idle)", lines.get(0));
    }

    /** The lines an idle step of three probes prints on {@code err}, every progress line shown (the clock makes each due). */
    private static List<String> idle(StringWriter err, ReplayControl control) {
        long[] now = {0};
        ProgressLine line = new ProgressLine(new PrintWriter(err), ProgressLine.Mode.LINES, () -> 0, () -> now[0] += 20_000_000_000L);
        StepResult r = StepSession.run(IdleStep.of(Map.of("duration", "600ms", "probe", "300ms", "probe-duration", "20ms", "probe-qd", "1")),
                "null", TargetSettings.DEFAULTS.withSizeBytes(64L << 20), null, NanoClock.SYSTEM, new StepProgress(line), control, "test");
        assertEquals(!control.stopRequested(), r.complete());
        return err.toString().lines().toList();
    }
}
