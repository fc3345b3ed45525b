package org.sbench.replay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.sbench.data.WritePatterns;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.metrics.SplitCount;
import org.sbench.result.ReplayResult;
import org.sbench.result.ReplayResults;
import org.sbench.result.StripeResults;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * One run of {@link Run}, assembled up to its first IO: the trace opened, the mapper, recorder and
 * {@link Replayer} built and its warm-up done, so that {@link #run} issues at once. A step that waits
 * before a run (an idle step's probe) prepares it during the wait, and the wait it asked for is the
 * one the device sees. Close it after running it, or instead of running it; it closes the engine it
 * was given to own.
 */
public final class PreparedRun implements AutoCloseable {
    private final TraceSource source;
    private final ReplaySettings settings;
    private final Equipment equipment;
    /** Closing the run closes its engine too: the run opened it. */
    private final boolean ownsEngine;
    private final String sbenchVersion;
    private final TraceMapper mapper;
    /** The streams as laid on the target; null when the trace's are not laid side by side. */
    private final StreamLayout placed;
    private final ReplayResult.TargetIdentity targetIdentity;
    private final List<String> phaseNames = new ArrayList<>();
    private final TraceReader trace;
    private final TraceInfo info;
    private final ProgressRelay progress;
    private final MetricsRecorder recorder;
    private final SplitCount splits;
    private final Replayer replayer;
    private boolean inputsClosed;

    PreparedRun(TraceSource source, ReplaySettings settings, Equipment equipment, boolean ownsEngine, NanoClock clock,
                ReplayListener listener, ReplayControl control, String sbenchVersion) {
        Run.checkFits(source, settings, equipment.target());
        this.source = source;
        this.settings = settings;
        this.equipment = equipment;
        this.ownsEngine = ownsEngine;
        this.sbenchVersion = sbenchVersion;
        StreamLayout layout = source.layout();
        this.mapper = new TraceMapper(settings.stream(), settings.fit(), equipment.target().capacityBytes(), source.neededBytes(),
                equipment.target().logicalBlockSize(), settings.readOnly(), equipment.splitThresholdBytes(), layout);
        this.placed = layout.isNone() ? null : layout.placed(mapper::scaled);
        this.targetIdentity = ReplayResult.TargetIdentity.atStart(equipment.target(), source.neededBytes());
        long issued = Run.issued(source, settings, control);
        this.trace = source.open(settings.mode(), control);
        ProgressRelay relay = null;
        try {
            relay = new ProgressRelay(listener);
            this.info = trace.info();
            info.phases().forEach(p -> phaseNames.add(p.name()));
            this.recorder = new MetricsRecorder(clock.nanoTime(), phaseNames.size());
            this.splits = SplitCount.attach(equipment.engine(), equipment.target());
            this.replayer = new Replayer(trace, mapper, settings.mode().newScheduler(), equipment.engine(),
                    WritePatterns.of(settings.data(), equipment.engine().slots()[0].bufferBytes, settings.seed()), recorder, clock,
                    relay, control, settings.onError(), source.plannedIos(), issued, settings.pollCompletions());
            replayer.prepare();
        } catch (RuntimeException | Error e) {
            if (relay != null) {
                relay.close();
            }
            trace.close();
            throw e;
        }
        this.progress = relay;
    }

    /** Runs the IOs to their end or until the control stops them; once. */
    public ReplayResult run() {
        // Formatted after the run: before it, the formatting (rarely run, so interpreted) held the first IO back 0.07-0.7 ms.
        Instant startedAt = Instant.now();
        Replayer.Outcome outcome;
        try {
            outcome = Run.withPreciseTimers(replayer);
        } finally {
            closeInputs();
        }
        ReplayResults.Context context = new ReplayResults.Context(sbenchVersion, startedAt.toString(),
                Run.settingsResult(settings, equipment, info), source.identity(outcome), targetIdentity, Run.host(),
                new ReplayResult.Mapping(mapper.widened(), mapper.refitted(), mapper.otherStreams(), mapper.skippedWrites(),
                        mapper.wouldSplit(), equipment.splitThresholdBytes(), splits == null ? 0 : splits.splitIos(),
                        splits == null ? 0 : splits.splitParts(), equipment.bufferMemory(),
                        placed == null ? null : placed.describe(), placed == null ? null : placed.places()),
                settings.mode().timed(), phaseNames, equipment.engine().depth());
        return StripeResults.addTo(ReplayResults.build(context, outcome, recorder), equipment.target(), splits);
    }

    /** The reader and the progress relay, closed before the result is built: the run's last progress comes before it. */
    private void closeInputs() {
        if (!inputsClosed) {
            inputsClosed = true;
            try (TraceReader t = trace) {
                progress.close();
            }
        }
    }

    @Override
    public void close() {
        try {
            closeInputs();
        } finally {
            if (ownsEngine) {
                equipment.engine().close();
            }
        }
    }
}
