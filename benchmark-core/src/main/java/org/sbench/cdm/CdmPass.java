package org.sbench.cdm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.sbench.data.WritePattern;
import org.sbench.data.WritePatterns;
import org.sbench.engine.IoEngine;
import org.sbench.metrics.MemberMetrics;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.replay.FitPolicy;
import org.sbench.replay.FixedQdScheduler;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplayRun;
import org.sbench.replay.Replayer;
import org.sbench.replay.TraceMapper;
import org.sbench.result.ReplayResult;
import org.sbench.result.ReplayResults;
import org.sbench.result.StripeResults;
import org.sbench.target.Target;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;

/**
 * One pass of a synthetic test: a generated trace streamed through the {@link Replayer} at a fixed
 * queue depth on an opened target and engine, and its {@link ReplayResult}, as a replay's. The
 * caller owns (and closes) the target and engine.
 */
final class CdmPass {
    /** The "format" of generated traces, in results. */
    static final String FORMAT = "cdm";

    /** The opened target and engine a suite's passes share, and how the engine came about. */
    record Context(Target target, IoEngine engine, String engineNote, String bufferMemory, long splitThresholdBytes,
                   NanoClock clock, String sbenchVersion) {
    }

    private CdmPass() {
    }

    /**
     * Runs {@code trace} to its end or until {@code control} stops it.
     *
     * @param listener   hears when the replay's clock starts (a time limit is armed then)
     * @param definition what the generated trace is, in words that change whenever its IOs would
     *                   (its SHA-256 is the result's trace identity, so that passes of one test compare)
     */
    static ReplayResult run(Context c, TraceReader trace, String definition, long regionBytes, int qd, String data, long seed,
                            ReplayControl control, ReplayListener listener, long plannedIos) {
        String startedAt = Instant.now().toString();
        Target target = c.target();
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, target.capacityBytes(), regionBytes,
                target.logicalBlockSize(), false, c.splitThresholdBytes());
        WritePattern pattern = WritePatterns.of(data, c.engine().slots()[0].bufferBytes, seed);
        ReplayResult.TargetIdentity targetIdentity = ReplayResult.TargetIdentity.atStart(target, regionBytes);
        MetricsRecorder recorder = new MetricsRecorder(c.clock().nanoTime());
        MemberMetrics members = MemberMetrics.attach(c.engine());
        Replayer replayer = new Replayer(trace, mapper, new FixedQdScheduler(qd), c.engine(), pattern, recorder, c.clock(),
                listener, control, Replayer.OnError.STOP, plannedIos, true);
        Replayer.Outcome outcome = replayer.run();
        ReplayResult.Settings settings = new ReplayResult.Settings(ReplayMode.FIXED_QD.word(), qd, 0, null, data,
                c.engine().name(), c.engineNote(), FitPolicy.ERROR.word(), null, null, false,
                target.describe().get("nomerges"), Replayer.OnError.STOP.name().toLowerCase(java.util.Locale.ROOT), "poll");
        ReplayResults.Context context = new ReplayResults.Context(c.sbenchVersion(), startedAt, settings,
                new ReplayResult.TraceIdentity(trace.info().name(), "generated: " + definition, FORMAT, sha256(definition),
                        outcome.inTrace()),
                targetIdentity,
                ReplayRun.host(), new ReplayResult.Mapping(mapper.widened(), mapper.refitted(), mapper.otherStreams(),
                        mapper.skippedWrites(), mapper.wouldSplit(), c.splitThresholdBytes(), c.bufferMemory(), null),
                false, List.of(), c.engine().depth());
        return StripeResults.addTo(ReplayResults.build(context, outcome, recorder), target, members);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }
}
