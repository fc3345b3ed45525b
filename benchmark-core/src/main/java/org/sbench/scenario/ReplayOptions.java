package org.sbench.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sbench.SbenchException;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.TracePlan;
import org.sbench.replay.TracePlans;
import org.sbench.step.OptionWords;
import org.sbench.step.ReplayStep;
import org.sbench.step.Step;
import org.sbench.step.StepContext;
import org.sbench.step.StepOptions;
import org.sbench.step.StepResult;
import org.sbench.synth.BundledTraceCache;
import org.sbench.target.Target;
import org.sbench.trace.Progress;
import org.sbench.trace.input.ReadOptions;
import org.sbench.traces.BundledTraces;

/**
 * The {@code replay} step of a scenario file: {@code trace} (a file, relative to the directory sbench
 * runs in, or a bundled workload) and the options {@code sbench replay} takes, without dashes
 * ({@code mode}, {@code max-idle}, {@code qd-fallback}, {@code speed}, {@code max-inflight}, {@code qd},
 * {@code data}, {@code fit}, {@code stream}, {@code read-only}, {@code reap}, {@code on-error},
 * {@code from}, {@code skip-bad}), and {@code first}: the share of the trace's IOs replayed, from its
 * first (default 100%; {@code --scale} shortens it). A bundled workload is generated before the run
 * opens its target ({@link ScenarioSession.Prepared#makeWorkloads}), not when the scenario is read.
 */
final class ReplayOptions {
    static final String KIND = ReplayStep.KIND;
    static final String FIRST = "first";
    private static final String TRACE = "trace";
    private static final String MAX_IDLE = "max-idle";
    private static final List<String> OPTIONS = List.of(TRACE, "mode", MAX_IDLE, "qd-fallback", "speed", "max-inflight", "qd",
            "data", "fit", "stream", "read-only", "reap", "on-error", "from", "skip-bad", FIRST);
    private static final double PERCENT = 100;

    private ReplayOptions() {
    }

    /** The replay step of {@code options}; a usage error naming the option that is wrong. */
    static Step step(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        String trace = o.required(TRACE);
        if (!Files.exists(Path.of(trace)) && !BundledTraces.exists(trace)) {
            throw SbenchException.usage("--trace " + SbenchException.quoted(trace)
                    + ": no such file, and no bundled workload of that name"
                    + " (sbench traces lists them)");
        }
        ReplaySettings settings = ReplaySettings.builder()
                .mode(o.has("mode") ? o.word("mode", null) : null)
                .maxIdleNs(o.has(MAX_IDLE) ? idleCapNs(o.text(MAX_IDLE, null)) : null)
                .qdFallback(o.has("qd-fallback") ? o.count("qd-fallback", 0) : null)
                .speed(o.has("speed") ? o.number("speed", 1.0) : null)
                .maxInFlight(o.has("max-inflight") ? o.count("max-inflight", 0) : null)
                .qd(o.has("qd") ? o.count("qd", 0) : null)
                .typed(option -> options.get(option.substring(2)))
                .data(o.word("data", ReplaySettings.DEFAULT_DATA))
                .fit(o.word("fit", ReplaySettings.DEFAULTS.fit().word()))
                .stream(o.word("stream", null))
                .readOnly(o.flag("read-only"))
                .reap(o.word("reap", "poll"))
                .onError(o.word("on-error", "stop"))
                .build();
        ReadOptions read = ReadOptions.DEFAULTS.withSkipBad(o.count("skip-bad", 0));
        double share = OptionWords.percent("--" + FIRST, o.word(FIRST, "100")) / PERCENT;
        return new Deferred(new ReplayStep(trace, Path.of(trace), o.word("from", null), read, settings, o.asWritten(), share));
    }

    /** The traces the replay steps of {@code scenario} name, each once, in the order written. */
    static Set<String> traces(Scenario scenario) {
        Set<String> traces = new LinkedHashSet<>();
        for (Scenario.StepSpec spec : scenario.stepSpecs()) {
            if (spec.kind().equals(KIND)) {
                traces.add(spec.options().get(TRACE));
            }
        }
        return traces;
    }

    /** {@code word} of {@code max-idle} as {@code sbench replay --max-idle} takes it: a duration or {@code none}. */
    private static long idleCapNs(String word) {
        try {
            return ReplayMode.RecordedQd.idleCapNs(word);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage("--" + MAX_IDLE + ": " + e.getMessage());
        }
    }

    /**
     * A replay whose trace is found (a bundled workload generated) when it runs, or when it is {@link #planned}: {@code plan}
     * is its trace's, null until then; its checks and runs take it rather than read the trace again for a plan.
     */
    private record Deferred(ReplayStep replay, TracePlan plan) implements Step {
        Deferred(ReplayStep replay) {
            this(replay, null);
        }

        @Override
        public String kind() {
            return replay.kind();
        }

        @Override
        public String label() {
            return replay.label();
        }

        @Override
        public Map<String, String> options() {
            return replay.options();
        }

        @Override
        public boolean writes() {
            return replay.writes();
        }

        /** Planned, whether the stream it replays has trims (a bundled workload has none: it is synthesized of reads and writes). */
        @Override
        public boolean sendsDiscards() {
            return plan == null ? replay.sendsDiscards() : replay.sendsDiscards(plan);
        }

        @Override
        public Step planned(TracePlans plans) {
            return new Deferred(replay, found().plan(plans));
        }

        @Override
        public void checkFits(Target target, ReplayControl control) {
            if (plan == null) {
                found().checkFits(target, control);
            } else {
                found().checkFits(target, plan);
            }
        }

        @Override
        public StepResult run(StepContext context) {
            return plan == null ? found().run(context) : found().run(context, plan);
        }

        /** The replay of the trace the name stands for (a bundled workload generated once, then taken from its cache). */
        private ReplayStep found() {
            Path trace = BundledTraceCache.forUser().resolve(replay.name(), Progress.NONE);
            return new ReplayStep(replay.name(), trace, replay.from(), replay.readOptions(), replay.settings(), replay.options(),
                    replay.share());
        }
    }
}
