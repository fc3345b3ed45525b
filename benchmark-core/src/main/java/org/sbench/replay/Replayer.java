package org.sbench.replay;

import org.sbench.data.WritePattern;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;

/**
 * Runs one replay: reads the trace in order, lets the {@link Scheduler} gate each IO, fills a free
 * slot (write data from the {@link WritePattern}), submits and commits in batches, reaps
 * completions into the {@link MetricsRecorder}. Wires the parts together; computes no metric
 * itself. The loop allocates nothing per IO. Single-threaded: call {@link #run()} once.
 */
public final class Replayer implements CompletionSink {
    /** Below this much time to wait, the loop polls completions instead of sleeping in the kernel. */
    private static final long POLL_NS = 2 * NanoClock.SPIN_NS;
    private static final long PROGRESS_EVERY_NS = 250_000_000L;

    /** What to do when an IO fails: stop issuing (default) or continue. */
    public enum OnError { STOP, CONTINUE }

    /**
     * How the run ended: {@code complete} unless stopped early; {@code stopReason} says why it stopped
     * (interrupted, IO error, or a planned end such as a time limit), null when the trace ran out.
     */
    public record Outcome(boolean complete, String stopReason, long recordsRead, long replayed) {
    }

    private final TraceReader trace;
    private final TraceMapper mapper;
    private final Scheduler scheduler;
    private final IoEngine engine;
    private final WritePattern pattern;
    private final MetricsRecorder recorder;
    private final NanoClock clock;
    private final ReplayListener listener;
    private final ReplayControl control;
    private final OnError onError;
    private final long totalIos;
    private final boolean poll;

    private final IoSlot[] slots;
    private final int[] free;
    private final int[] queued;
    private final int[] recordedQd;
    private final long[] scheduledNs;
    private final int[] slotPhase;
    private final long[] phaseStartsNs;
    private int phase = -1;
    private int freeCount;
    private int inFlight;
    private long idleSinceNs;
    private long completedIos;
    private long completedBytes;
    private long writes;
    private boolean ioFailed;

    public Replayer(TraceReader trace, TraceMapper mapper, Scheduler scheduler, IoEngine engine, WritePattern pattern,
                    MetricsRecorder recorder, NanoClock clock, ReplayListener listener, ReplayControl control,
                    OnError onError, long totalIos) {
        this(trace, mapper, scheduler, engine, pattern, recorder, clock, listener, control, onError, totalIos, false);
    }

    /**
     * @param poll true to poll for completions instead of sleeping in the kernel while IOs are in
     *             flight: one core busy, completions stamped without a thread's wake-up latency
     */
    public Replayer(TraceReader trace, TraceMapper mapper, Scheduler scheduler, IoEngine engine, WritePattern pattern,
                    MetricsRecorder recorder, NanoClock clock, ReplayListener listener, ReplayControl control,
                    OnError onError, long totalIos, boolean poll) {
        this.poll = poll;
        this.trace = trace;
        this.mapper = mapper;
        this.scheduler = scheduler;
        this.engine = engine;
        this.pattern = pattern;
        this.recorder = recorder;
        this.clock = clock;
        this.listener = listener;
        this.control = control;
        this.onError = onError;
        this.totalIos = totalIos;
        this.slots = engine.slots();
        this.free = new int[slots.length];
        this.queued = new int[slots.length];
        this.recordedQd = new int[slots.length];
        this.scheduledNs = new long[slots.length];
        this.slotPhase = new int[slots.length];
        this.phaseStartsNs = new long[trace.info().phases().size()];
        for (int i = 0; i < phaseStartsNs.length; i++) {
            phaseStartsNs[i] = trace.info().phases().get(i).timeNs();
        }
        for (int i = slots.length - 1; i >= 0; i--) {
            free[freeCount++] = i;
        }
    }

    public Outcome run() {
        IoRecord next = new IoRecord();
        long recordsRead = 0;
        long tag = 0;
        long startNs = clock.nanoTime();
        scheduler.start(startNs);
        idleSinceNs = startNs;
        long nextProgressNs = startNs + PROGRESS_EVERY_NS;
        boolean have = false;
        while (trace.next(next)) {
            recordsRead++;
            if (mapper.map(next)) {
                have = true;
                break;
            }
        }
        String stopReason = null;
        boolean plannedEnd = false;
        while (true) {
            if (have && stopReason == null && (control.stopRequested() || (ioFailed && onError == OnError.STOP))) {
                if (control.stopRequested()) {
                    stopReason = control.stopReason();
                    plannedEnd = control.plannedEnd();
                } else {
                    stopReason = "IO error";
                }
                have = false;
            }
            long nowNs = clock.nanoTime();
            int batch = 0;
            long gateNs = Long.MIN_VALUE;
            while (have && freeCount > 0 && inFlight + batch < scheduler.depthFor(next)) {
                gateNs = scheduler.notBeforeNs(next, inFlight + batch == 0 ? idleSinceNs : Long.MIN_VALUE);
                if (gateNs > nowNs) {
                    break;
                }
                IoSlot slot = slots[free[--freeCount]];
                slot.op = next.op;
                slot.offsetBytes = next.offsetBytes;
                slot.lengthBytes = next.lengthBytes;
                slot.tag = tag++;
                if (next.op == Op.WRITE) {
                    pattern.fill(slot.buffer, (int) next.lengthBytes, writes++);
                }
                recordedQd[slot.index] = next.qd;
                while (phase + 1 < phaseStartsNs.length && phaseStartsNs[phase + 1] <= next.issueNs) {
                    phase++;
                }
                slotPhase[slot.index] = phase;
                scheduledNs[slot.index] = gateNs;
                engine.submit(slot);
                queued[batch++] = slot.index;
                scheduler.submitted(next);
                have = false;
                while (trace.next(next)) {
                    recordsRead++;
                    if (mapper.map(next)) {
                        have = true;
                        break;
                    }
                }
                gateNs = Long.MIN_VALUE;
            }
            if (batch > 0) {
                engine.commit();
                for (int k = 0; k < batch; k++) {
                    IoSlot slot = slots[queued[k]];
                    inFlight++;
                    recorder.submitted(slot, inFlight, recordedQd[slot.index], slotPhase[slot.index]);
                    if (scheduler.timed()) {
                        recorder.lateness(slot.submitNs - scheduledNs[slot.index]);
                    }
                }
            }
            if (!have && inFlight == 0) {
                break;
            }
            waitForProgress(have, gateNs);
            if (nowNs >= nextProgressNs) {
                nextProgressNs = nowNs + PROGRESS_EVERY_NS;
                listener.progress(completedIos, totalIos, nowNs - startNs, completedBytes);
            }
        }
        listener.progress(completedIos, totalIos, clock.nanoTime() - startNs, completedBytes);
        return new Outcome(stopReason == null || plannedEnd, stopReason, recordsRead, recorder.issued());
    }

    /**
     * Waits for what blocks the next IO: a completion (depth or slots exhausted), or the time gate
     * {@code gateNs} (idle gap, timed schedule), whichever the next IO needs.
     */
    private void waitForProgress(boolean have, long gateNs) {
        boolean timeGated = have && gateNs != Long.MIN_VALUE;
        if (!timeGated) {
            if (inFlight > 0 && !poll) {
                engine.reap(1, -1, this);
            } else if (inFlight > 0 && engine.reap(0, 0, this) == 0) {
                // Nothing yet: let whatever else is runnable on this CPU go first (often the softirq
                // or kernel worker completing these very IOs) rather than spin ahead of it.
                Thread.yield();
            }
            return;
        }
        if (inFlight == 0) {
            clock.waitUntil(gateNs);
            return;
        }
        long remainingNs = gateNs - clock.nanoTime();
        engine.reap(remainingNs > POLL_NS ? 1 : 0, remainingNs > POLL_NS ? remainingNs - NanoClock.SPIN_NS : 0, this);
    }

    @Override
    public void completed(IoSlot slot) {
        inFlight--;
        completedIos++;
        if (slot.op.transfersData()) {
            completedBytes += slot.lengthBytes;
        }
        if (slot.failed()) {
            ioFailed = true;
        }
        recorder.completed(slot, slotPhase[slot.index]);
        if (inFlight == 0) {
            idleSinceNs = slot.doneNs;
        }
        free[freeCount++] = slot.index;
    }
}
