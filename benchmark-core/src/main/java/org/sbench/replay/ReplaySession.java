package org.sbench.replay;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.Progress;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.units.Sizes;

/**
 * The whole of {@code sbench replay} below the command line: plans the trace (a stop asked of the
 * control before the first IO abandons the plan, {@link ReplayControl#abandoning}), opens the target
 * (with its safety checks) and the engine, runs the replay (a stop before its first IO abandons it
 * too, {@link Run#begun}), and closes both (restoring the device's queue settings) whatever happens; a
 * file target it created is deleted unless the replay ran to its end ({@link Targets#measure}).
 */
public final class ReplaySession {
    private static final long SIZE_ROUNDING = 1L << 20;

    private ReplaySession() {
    }

    /** What to replay, where, and how. */
    public record Request(Path trace, String from, ReadOptions readOptions, String target, TargetSettings targetSettings,
                          ReplaySettings settings) {
    }

    public static ReplayResult run(Request request, NanoClock clock, ReplayListener listener, ReplayControl control,
                                   String sbenchVersion) {
        return run(request, IoEngines::open, clock, listener, control, sbenchVersion, warning -> { });
    }

    /** As {@link #run(Request, NanoClock, ReplayListener, ReplayControl, String)}, with the engines {@code engines} opens. */
    public static ReplayResult run(Request request, IoEngines.Opener engines, NanoClock clock, ReplayListener listener,
                                   ReplayControl control, String sbenchVersion) {
        return run(request, engines, clock, listener, control, sbenchVersion, warning -> { });
    }

    /** As {@link #run(Request, NanoClock, ReplayListener, ReplayControl, String)}, telling {@code warnings} what the plan found amiss. */
    public static ReplayResult run(Request request, NanoClock clock, ReplayListener listener, ReplayControl control,
                                   String sbenchVersion, Consumer<String> warnings) {
        return run(request, IoEngines::open, clock, listener, control, sbenchVersion, warnings);
    }

    /** The replay with the engines {@code engines} opens, telling {@code warnings} what the plan found amiss. */
    public static ReplayResult run(Request request, IoEngines.Opener engines, NanoClock clock, ReplayListener listener,
                                   ReplayControl control, String sbenchVersion, Consumer<String> warnings) {
        // One copy of a compressed trace.dat for the planning pass and the replay, freed when the replay ends.
        try (TraceFormats formats = TraceFormats.sharingCopies()) {
            return run(request, formats, engines, clock, listener, control, sbenchVersion, warnings);
        }
    }

    private static ReplayResult run(Request request, TraceFormats formats, IoEngines.Opener engines, NanoClock clock,
                                    ReplayListener listener, ReplayControl control, String sbenchVersion, Consumer<String> warnings) {
        TracePlan plan = TracePlan.of(formats, request.trace(), request.from(), request.readOptions(),
                request.settings().stream(), control);
        if (plan.stats().incompleteLastLine() > 0) {
            warnings.accept(LineCursor.cutLastLine(request.trace().toString(), plan.stats().incompleteLastLine()));
        }
        RecordingNotes.of(plan, request.settings()).forEach(warnings);
        if (plan.stats().skipped() > 0) {
            warnings.accept(request.trace() + ": skipped " + TableResultWriter.badRecords(plan.stats().skipped())
                    + " (--skip-bad); the replay leaves " + (plan.stats().skipped() == 1 ? "it" : "them") + " out");
        }
        ReplaySettings settings = request.settings();
        plan.check(settings);
        // The plan's progress covers planning; the run's own reading is the replay's progress (the listener).
        TraceSource source = plan.source(settings.stream(), request.readOptions().withProgress(Progress.NONE));
        // The trace as read (a bundled workload's cache file too) is never the target; writeback throttling,
        // which holds back discards alone, is left on for a trace (or the --stream of it replayed) without trims.
        TargetSettings ts = request.targetSettings().withInputs(List.of(request.trace()))
                .withSendsDiscards(plan.trims(settings.stream()) > 0);
        // A file sbench creates (and the null target) gets what the trace reaches; an existing file keeps its size.
        long needed = source.neededBytes();
        ts = ts.withDefaultSizeBytes(Sizes.roundedUp(needed, SIZE_ROUNDING), "what the trace reaches");
        Target target = Targets.open(request.target(), ts.withReadOnly(settings.readOnly()));
        return Targets.measure(target, () -> {
            Run.checkFits(source, settings, target);
            return Run.begun(Run.onTarget(source, settings, target, engines, clock, listener, control, sbenchVersion), control,
                    request.trace().toString());
        }, ReplayResult::complete);
    }
}
