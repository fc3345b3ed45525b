package org.sbench.step;

import org.sbench.engine.IoEngines;
import org.sbench.replay.NanoClock;
import org.sbench.replay.PreparedRun;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.Run;
import org.sbench.replay.TraceSource;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;

/**
 * What a step runs with: the opened target (checked and locked for the whole command or scenario),
 * how engines are opened on it, the clock, the control that stops it (Ctrl-C, SIGTERM), what hears
 * its progress, the version stamped on results, and the seed its random offsets and write data start
 * from (a step adds its pass, round or probe number): {@link ReplaySettings#DEFAULT_SEED} for a
 * command, a seed of its own for each step of a scenario, so that the rounds of a group do not write
 * the offsets and bytes of the round before.
 */
public record StepContext(Target target, IoEngines.Opener engines, NanoClock clock, ReplayControl control,
                          StepListener listener, String sbenchVersion, long seed) {

    /** A command's step: from {@link ReplaySettings#DEFAULT_SEED}. */
    public StepContext(Target target, IoEngines.Opener engines, NanoClock clock, ReplayControl control, StepListener listener,
                       String sbenchVersion) {
        this(target, engines, clock, control, listener, sbenchVersion, ReplaySettings.DEFAULT_SEED);
    }

    /** {@code source}'s IOs on the target as {@code settings} say, with an engine opened for them and closed after. */
    public ReplayResult run(TraceSource source, ReplaySettings settings, ReplayListener replayListener, ReplayControl runControl) {
        return Run.onTarget(source, settings, target, engines, clock, replayListener, runControl, sbenchVersion);
    }

    /** {@link #run}'s run made ready to issue its first IO: run it (or not), and close it. */
    public PreparedRun prepare(TraceSource source, ReplaySettings settings, ReplayListener replayListener, ReplayControl runControl) {
        return Run.prepare(source, settings, target, engines, clock, replayListener, runControl, sbenchVersion);
    }
}
