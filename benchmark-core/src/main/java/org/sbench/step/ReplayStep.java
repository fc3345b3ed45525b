package org.sbench.step;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.Run;
import org.sbench.replay.TracePlan;
import org.sbench.replay.TracePlans;
import org.sbench.replay.TraceSource;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.trace.input.ReadOptions;

/**
 * A replay of a trace as a step: planned, checked and replayed as {@code sbench replay} does, on the
 * scenario's target. Its one run is the replay's result.
 *
 * @param name    the trace as the user named it (a bundled workload or a file name), for the label
 * @param options the options as written, for the result
 * @param share   the share of the trace's IOs replayed, from its first (1: the whole trace; less for a
 *                scenario shortened by {@code --scale}, a workload of its own: {@link TracePrefix})
 */
public record ReplayStep(String name, Path trace, String from, ReadOptions readOptions, ReplaySettings settings,
                         Map<String, String> options, double share) implements Step {
    public static final String KIND = "replay";
    private static final int SHARE_DIGITS = 6;

    /** A replay of the whole trace. */
    public ReplayStep(String name, Path trace, String from, ReadOptions readOptions, ReplaySettings settings,
                      Map<String, String> options) {
        this(name, trace, from, readOptions, settings, options, 1);
    }

    public ReplayStep {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("share " + share + " is not in (0, 1]");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "replay " + name + (share < 1 ? String.format(Locale.ROOT, " (first %s%% of its IOs)",
                BigDecimal.valueOf(share * 100).round(new MathContext(SHARE_DIGITS)).stripTrailingZeros().toPlainString()) : "");
    }

    @Override
    public boolean writes() {
        return !settings.readOnly();
    }

    /** True when the step writes: whether its trace has trims is known once it is planned ({@link #sendsDiscards(TracePlan)}). */
    @Override
    public boolean sendsDiscards() {
        return writes();
    }

    /** Whether the step, its trace planned as {@code plan}, sends discards: it writes, and the stream it replays has trims. */
    public boolean sendsDiscards(TracePlan plan) {
        return writes() && plan.trims(settings.stream()) > 0;
    }

    /** The trace's plan from {@code plans}: read once for all the steps that replay the same stream of it alike. */
    public TracePlan plan(TracePlans plans) {
        return plans.of(trace, from, readOptions, settings.stream());
    }

    /**
     * Reads the trace through once, as the run will, and checks that these settings replay it on
     * {@code target}: a stream it has, a mode it can be replayed in, IOs that fit.
     */
    @Override
    public void checkFits(Target target, ReplayControl control) {
        try (TracePlans plans = new TracePlans(control)) {
            checkFits(target, plan(plans));
        }
    }

    /** {@link #checkFits(Target, ReplayControl)} of the trace planned as {@code plan}, not read again. */
    public void checkFits(Target target, TracePlan plan) {
        Run.checkFits(source(plan), settings, target);
    }

    /** Plans the trace and replays it ({@link #run(StepContext, TracePlan)}): a compressed trace.dat copied once for both. */
    @Override
    public StepResult run(StepContext context) {
        try (TracePlans plans = new TracePlans(context.control())) {
            return run(context, plan(plans));
        }
    }

    /** The replay of the trace planned as {@code plan} (before the target was opened), which is not read again but for its IOs. */
    public StepResult run(StepContext context, TracePlan plan) {
        String startedAt = Instant.now().toString();
        long startNs = context.clock().nanoTime();
        ReplayListener shown = context.listener().run(label(), 0);
        context.listener().runStarts(label());
        // Stopped before its first IO, the step did not begin: the scenario ends before it, as after an abandoned sort.
        ReplayResult r = Run.begun(context.run(source(plan), settings.withSeed(context.seed()), shown, context.control()),
                context.control(), name);
        context.listener().runDone(label(), r);
        return new StepResult(KIND, label(), options, startedAt, context.clock().nanoTime() - startNs, r.complete(),
                r.stopReason(), r.summary().bytesWritten(), List.of(new StepResult.NamedRun(runName(name), null, r)), null, null,
                null);
    }

    /** The IOs this step replays of its trace planned as {@code plan}, checked against the settings (a stream it has, a mode it allows). */
    private TraceSource source(TracePlan plan) {
        plan.check(settings);
        return TracePrefix.of(plan.source(settings.stream(), readOptions), share);
    }

    /** The trace's name as a file name: letters, digits, dot, dash and underscore kept. */
    static String runName(String name) {
        String base = Path.of(name).getFileName().toString();
        return base.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
