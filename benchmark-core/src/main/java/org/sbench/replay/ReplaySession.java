package org.sbench.replay;

import java.nio.file.Path;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * The whole of {@code sbench replay} below the command line: plans the trace, opens the target
 * (with its safety checks) and the engine, runs the replay, and closes both (restoring the device's
 * queue settings) whatever happens.
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
        TraceFormats formats = TraceFormats.standard();
        TracePlan plan = TracePlan.of(formats, request.trace(), request.from(), request.readOptions());
        ReplaySettings settings = request.settings();
        plan.check(settings);
        TargetSettings ts = request.targetSettings();
        // A file sbench creates (and the null target) gets what the trace reaches; an existing file keeps its size.
        long needed = plan.neededBytes(settings.stream());
        ts = ts.withDefaultSizeBytes((needed + SIZE_ROUNDING - 1) / SIZE_ROUNDING * SIZE_ROUNDING);
        try (Target target = Targets.open(request.target(), ts.withReadOnly(settings.readOnly()))) {
            ReplayRun.checkFits(plan, settings, target);
            IoEngines.Opened opened = DeviceQueue.open(IoEngines::open, settings.engine(), target, plan.depth(settings),
                    plan.maxIoBytes(target.logicalBlockSize()), plan.stats().maxIoBytes(), clock);
            try (IoEngine engine = opened.engine()) {
                ReplayRun run = new ReplayRun(plan, settings, target, engine,
                        opened.fallbackReason().isEmpty() ? null : opened.fallbackReason(), bufferMemory(engine),
                        DeviceQueue.splitThreshold(target.describe(), engine.hugePageBytes() > 0));
                return run.run(formats, request.readOptions(), clock, listener, control, sbenchVersion);
            }
        }
    }

    /** How the engine's slot buffers are backed, for the result's mapping section. */
    public static String bufferMemory(IoEngine engine) {
        long huge = engine.hugePageBytes();
        return huge > 0 ? "transparent huge pages (" + huge / (1 << 20) + " MiB)"
                : huge == 0 ? "4 KiB pages (no huge pages granted)" : "unknown page size";
    }
}
