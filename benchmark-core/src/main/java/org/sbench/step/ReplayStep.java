package org.sbench.step;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.TracePlan;
import org.sbench.result.ReplayResult;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * A replay of a trace as a step: planned, checked and replayed as {@code sbench replay} does, on the
 * scenario's target. Its one run is the replay's result.
 *
 * @param name    the trace as the user named it (a bundled workload or a file name), for the label
 * @param options the options as written, for the result
 */
public record ReplayStep(String name, Path trace, String from, ReadOptions readOptions, ReplaySettings settings,
                         Map<String, String> options) implements Step {
    public static final String KIND = "replay";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "replay " + name;
    }

    @Override
    public boolean writes() {
        return !settings.readOnly();
    }

    @Override
    public StepResult run(StepContext context) {
        String startedAt = Instant.now().toString();
        long startNs = context.clock().nanoTime();
        TraceFormats formats = TraceFormats.standard();
        TracePlan plan = TracePlan.of(formats, trace, from, readOptions);
        plan.check(settings);
        ReplayResult r = context.run(plan.source(settings.stream(), formats, readOptions), settings,
                context.listener().run(label()), context.control());
        context.listener().runDone(label(), r);
        return new StepResult(KIND, label(), options, startedAt, context.clock().nanoTime() - startNs, r.complete(),
                r.stopReason(), r.summary().bytesWritten(), List.of(new StepResult.NamedRun(runName(name), null, r)), null, null,
                null);
    }

    /** The trace's name as a file name: letters, digits, dot, dash and underscore kept. */
    static String runName(String name) {
        String base = Path.of(name).getFileName().toString();
        return base.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
