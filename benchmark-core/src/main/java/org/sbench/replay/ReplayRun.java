package org.sbench.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.data.WritePattern;
import org.sbench.data.WritePatterns;
import org.sbench.engine.IoEngine;
import org.sbench.metrics.MemberMetrics;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.result.ReplayResult;
import org.sbench.result.ReplayResults;
import org.sbench.result.StripeResults;
import org.sbench.target.Target;
import org.sbench.trace.Field;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * One replay of a planned trace on an opened target and engine: checks the trace fits the target,
 * builds the mapper, scheduler, write pattern and recorder, runs the {@link Replayer}, and derives
 * the result. The caller owns (and closes) the target and engine.
 */
public final class ReplayRun {
    private final TracePlan plan;
    private final ReplaySettings settings;
    private final Target target;
    private final IoEngine engine;
    private final String engineNote;
    private final String bufferMemory;
    private final long splitThresholdBytes;

    /**
     * @param engineNote          why the engine is not the one asked for (auto fallback), or null
     * @param bufferMemory        how the slot buffers are backed, for the result (e.g. "transparent huge pages")
     * @param splitThresholdBytes IOs longer than this would be split by the device queue; 0 when unknown
     */
    public ReplayRun(TracePlan plan, ReplaySettings settings, Target target, IoEngine engine, String engineNote,
                     String bufferMemory, long splitThresholdBytes) {
        this.plan = plan;
        this.settings = settings;
        this.target = target;
        this.engine = engine;
        this.engineNote = engineNote;
        this.bufferMemory = bufferMemory;
        this.splitThresholdBytes = splitThresholdBytes;
    }

    /** Refuses a trace that reaches past the target under {@code --fit error}, naming the capacity needed. */
    public static void checkFits(TracePlan plan, ReplaySettings settings, Target target) {
        long needed = plan.neededBytes(settings.stream());
        if (settings.fit() == FitPolicy.ERROR && needed > target.capacityBytes()) {
            throw SbenchException.usage("the trace reaches byte " + needed + " (" + gb(needed) + "), but " + target.path()
                    + " has " + target.capacityBytes() + " bytes (" + gb(target.capacityBytes())
                    + "); use --fit wrap or --fit scale, or a larger target");
        }
    }

    private static String gb(long bytes) {
        return bytes >= 1e9 ? String.format(Locale.ROOT, "%.2f GB", bytes / 1e9) : String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
    }

    public ReplayResult run(TraceFormats formats, ReadOptions options, NanoClock clock, ReplayListener listener,
                            ReplayControl control, String sbenchVersion) {
        checkFits(plan, settings, target);
        String startedAt = Instant.now().toString();
        StreamLayout layout = plan.layout(settings.stream());
        TraceMapper mapper = new TraceMapper(settings.stream(), settings.fit(), target.capacityBytes(),
                plan.neededBytes(settings.stream()), target.logicalBlockSize(), settings.readOnly(), splitThresholdBytes, layout);
        WritePattern pattern = WritePatterns.of(settings.data(), engine.slots()[0].bufferBytes, settings.seed());
        Replayer.Outcome outcome;
        MetricsRecorder recorder;
        MemberMetrics members;
        java.util.List<String> phaseNames = new java.util.ArrayList<>();
        ReplayResult.TargetIdentity targetIdentity = ReplayResult.TargetIdentity.atStart(target, plan.neededBytes(settings.stream()));
        try (TraceReader trace = depthForMode(formats.open(plan.path(), plan.from(), options))) {
            trace.info().phases().forEach(p -> phaseNames.add(p.name()));
            recorder = new MetricsRecorder(clock.nanoTime(), phaseNames.size());
            members = MemberMetrics.attach(engine);
            Replayer replayer = new Replayer(trace, mapper, settings.newScheduler(), engine, pattern, recorder, clock, listener,
                    control, settings.onError(), plan.records(settings.stream()), settings.pollCompletions());
            outcome = replayer.run();
        }
        ReplayResults.Context context = new ReplayResults.Context(sbenchVersion, startedAt, settingsResult(),
                new ReplayResult.TraceIdentity(traceName(), plan.path().toAbsolutePath().toString(), plan.stats().format(),
                        plan.sha256(), plan.stats().records()),
                targetIdentity,
                host(), new ReplayResult.Mapping(mapper.widened(), mapper.refitted(), mapper.otherStreams(),
                        mapper.skippedWrites(), mapper.wouldSplit(), splitThresholdBytes, bufferMemory,
                        layout.isNone() ? null : layout.describe()),
                settings.mode() == ReplayMode.TIMED, phaseNames, engine.depth());
        return StripeResults.addTo(ReplayResults.build(context, outcome, recorder), target, members);
    }

    /**
     * {@code opened}, or with {@code --stream all} in recorded-qd mode, which replays the streams as
     * one device, the same records with their depth counted over all streams (traces count it per
     * stream); refused when the trace has depths but no completion times to count them from.
     */
    private TraceReader depthForMode(TraceReader opened) {
        if (settings.stream() != ReplaySettings.ALL_STREAMS || settings.mode() != ReplayMode.RECORDED_QD) {
            return opened;
        }
        if (opened.info().has(Field.COMPLETE)) {
            return CombinedQdReader.replacing(opened);
        }
        if (opened.info().has(Field.QD)) {
            opened.close();
            throw SbenchException.usage("--stream all in recorded-qd mode needs the depth over all streams, and this trace records"
                    + " it per stream without completion times to count it from; use --mode timed or --mode fixed-qd --qd N");
        }
        return opened;
    }

    private String traceName() {
        return plan.stats().name() != null ? plan.stats().name() : plan.path().getFileName().toString();
    }

    private ReplayResult.Settings settingsResult() {
        ReplayMode mode = settings.mode();
        return new ReplayResult.Settings(mode.word(), mode == ReplayMode.FIXED_QD ? settings.fixedQd() : null,
                mode == ReplayMode.RECORDED_QD ? settings.maxIdleNs() : 0, mode == ReplayMode.TIMED ? settings.speed() : null,
                settings.data(), engine.name(), engineNote, settings.fit().word(),
                settings.stream() < 0 ? null : settings.stream(), settings.qdFallback() > 0 ? settings.qdFallback() : null,
                settings.readOnly(), target.describe().get("nomerges"), settings.onError().name().toLowerCase(Locale.ROOT),
                settings.pollCompletions() ? "poll" : "wait");
    }

    public static ReplayResult.Host host() {
        return new ReplayResult.Host(firstLine(Path.of("/proc/sys/kernel/osrelease"), null), cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    }

    private static String cpuModel() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String firstLine(Path p, String fallback) {
        try {
            return Files.readAllLines(p).get(0).strip();
        } catch (java.io.IOException | IndexOutOfBoundsException e) {
            return fallback;
        }
    }
}
