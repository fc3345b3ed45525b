package org.sbench.step;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.sbench.engine.IoEngines;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;

/**
 * The whole of a step command ({@code sbench fill ...}) below the command line: opens the target with
 * its safety checks and lock (read-only unless the step writes), runs the step, makes it a bundle of
 * one step, written when asked (a step that fails with an error, or whose bundle cannot be written,
 * leaves no bundle), and closes the target (restoring its queue settings) whatever happens.
 */
public final class StepSession {
    private StepSession() {
    }

    /**
     * Runs {@code step} on {@code target}; its result as the one-step bundle holds it.
     *
     * @param bundleDir where to write the one-step bundle, or null for none
     */
    public static StepResult run(Step step, String target, TargetSettings targetSettings, Path bundleDir, NanoClock clock,
                                 StepListener listener, ReplayControl control, String sbenchVersion) {
        return bundle(step, target, targetSettings, bundleDir, clock, listener, control, sbenchVersion, r -> { })
                .steps().get(0);
    }

    /**
     * Runs {@code step} on {@code target} into a bundle of one step (its runs' results held in memory),
     * written to {@code bundleDir} unless that is null. {@code ran} hears the step's result before the
     * bundle is written, so that a step whose bundle cannot be written (a full disk) still shows it.
     */
    public static Bundle bundle(Step step, String target, TargetSettings targetSettings, Path bundleDir, NanoClock clock,
                                StepListener listener, ReplayControl control, String sbenchVersion, Consumer<StepResult> ran) {
        try (Target t = Targets.open(target, targetSettings.withReadOnly(!step.writes()).withTunesQueue(step.issuesIo())
                .withSendsDiscards(step.sendsDiscards()))) {
            // A step that does not fit the target is refused before the bundle, and a file made for it deleted again.
            BundleLog log = Targets.beforeFirstIo(t, () -> {
                step.checkFits(t, control);
                return BundleLog.begin(bundleDir, step.kind(), 1, t, sbenchVersion);
            });
            try {
                StepResult result = step.run(new StepContext(t, IoEngines::open, clock, control, listener, sbenchVersion));
                ran.accept(result);
                StepResult recorded = log.stepDone(result);
                log.end(result.complete(), result.stopReason());
                return log.head().with(List.of(log.lastState()), List.of(recorded));
            } catch (RuntimeException e) {
                // Also when the bundle cannot be written (a full disk): none of it is left, as of any output.
                log.abandon(e);
                throw e;
            }
        }
    }
}
