package org.sbench.metrics;

import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;
import org.sbench.engine.IoSlot;
import org.sbench.trace.Op;
import org.sbench.trace.stats.SizeClass;

/**
 * Turns submissions and completions into the numbers of docs/definitions.md: one {@link IoGroup} for
 * all IOs and one for each group an IO belongs to (its op, its size class of reads or writes, its
 * phase of the trace), queue depth seen at submit against the recorded one, errors by errno, a
 * per-second time series and trace-order checks. One call per event on the replay thread; everything
 * is made before the run, so recording allocates nothing (the time series grows once per second),
 * except at a phase's first and last IO.
 *
 * <p>Phases come one after the other in submit order (the replay submits in trace order), so a
 * phase's group is made at its first IO and {@linkplain IoGroup#seal sealed} once a later phase has
 * begun and none of its IOs is in flight, its histogram then serving the next phase: memory is a
 * few KiB per phase, not the 270 KiB of a histogram (2,000 phases ran a 256 MiB heap out of memory).
 */
public final class MetricsRecorder {
    public static final int MAX_ERRNO = 4096;
    private static final Op[] OPS = Op.values();
    private static final SizeClass[] CLASSES = SizeClass.values();

    private final IoGroup all = new IoGroup();
    private final IoGroup[] byOp = new IoGroup[OPS.length];
    private final IoGroup[][] byClass = new IoGroup[CLASSES.length][2];
    private final long[][] errnoCounts = new long[OPS.length][MAX_ERRNO + 1];
    private final long[] errorsByOp = new long[OPS.length];
    private final QdHistogram qdReplayed = new QdHistogram();
    private final QdHistogram qdRecorded = new QdHistogram();
    /** The replayed depths of the IOs with a recorded depth: what {@link #qdDistance} compares. */
    private final QdHistogram qdReplayedOfRecorded = new QdHistogram();
    private final TimeSeries timeSeries;
    /** Null until the phase's first IO. */
    private final IoGroup[] phases;
    /** The latest phase with an IO submitted; the earlier ones are sealed once none of their IOs is in flight. */
    private int latestPhase = -1;
    /** A sealed phase's histogram, reset, for the next phase. */
    private Histogram spareHistogram;
    private ByteBuffer sealScratch;
    /** What {@link #phase} gives for a phase without IOs: made once, not a 270 KiB histogram per phase. */
    private IoGroup noIoPhase;
    private final Histogram lateness = IoGroup.newHistogram();
    private final Histogram latenessNotBehindSync = IoGroup.newHistogram();
    private final long startNs;
    private long issued;
    private long outOfOrder;
    private long heldAtCap;
    private long lastTag = Long.MIN_VALUE;
    private FailedIo firstFailure;

    /** An IO that failed: where on the target, and the errno (0: a short transfer). */
    public record FailedIo(Op op, long offsetBytes, long lengthBytes, int errno) {
    }

    /** @param startNs the run's start on the engine's clock */
    public MetricsRecorder(long startNs) {
        this(startNs, 0);
    }

    /**
     * @param startNs the run's start on the engine's clock (the time series counts from the first submit)
     * @param phases  phases of the trace (0 when it has no phase markers)
     */
    public MetricsRecorder(long startNs, int phases) {
        this.phases = new IoGroup[phases];
        this.startNs = startNs;
        this.timeSeries = new TimeSeries();
        for (Op op : OPS) {
            byOp[op.ordinal()] = new IoGroup();
        }
        for (SizeClass c : CLASSES) {
            byClass[c.ordinal()][0] = new IoGroup();
            byClass[c.ordinal()][1] = new IoGroup();
        }
    }

    /**
     * {@code slot} was handed to the kernel ({@link IoSlot#submitNs} set).
     *
     * @param replayedQd IOs in flight right after this submit, counting it
     * @param recordedQd the trace's queue depth for this IO, or 0 when unknown
     * @param phase      the trace phase of the IO (-1: before the first marker, or no markers)
     */
    public void submitted(IoSlot slot, int replayedQd, int recordedQd, int phase) {
        if (phase >= 0) {
            phaseSubmitted(phase, slot.submitNs);
        }
        if (issued++ == 0) {
            timeSeries.start(slot.submitNs);
        }
        if (slot.tag < lastTag) {
            outOfOrder++;
        }
        lastTag = slot.tag;
        qdReplayed.add(replayedQd);
        if (recordedQd > 0) {
            qdRecorded.add(recordedQd);
            qdReplayedOfRecorded.add(replayedQd);
        }
        all.submitted(slot.submitNs);
        byOp[slot.op.ordinal()].submitted(slot.submitNs);
        if (slot.op.transfersData()) {
            byClass[SizeClass.of(slot.lengthBytes).ordinal()][rw(slot.op)].submitted(slot.submitNs);
        }
    }

    private void phaseSubmitted(int phase, long submitNs) {
        if (phases[phase] == null) {
            Histogram h = spareHistogram;
            spareHistogram = null;
            phases[phase] = h == null ? new IoGroup() : new IoGroup(h);
        }
        phases[phase].submitted(submitNs);
        if (phase > latestPhase) {
            int before = latestPhase;
            latestPhase = phase;
            if (before >= 0) {
                sealIfDone(before);
            }
        }
    }

    private void sealIfDone(int phase) {
        IoGroup p = phases[phase];
        if (phase < latestPhase && p.outstanding() == 0 && !p.sealed()) {
            if (sealScratch == null) {
                sealScratch = ByteBuffer.allocate(p.latency().getNeededByteBufferCapacity());
            }
            spareHistogram = p.seal(sealScratch);
        }
    }

    /** {@code slot} of trace phase {@code phase} (-1: none) completed ({@link IoSlot#doneNs} and {@link IoSlot#result} set). */
    public void completed(IoSlot slot, int phase) {
        boolean failed = slot.failed();
        if (phase >= 0) {
            phases[phase].completed(slot, failed);
            sealIfDone(phase);
        }
        long bytes = slot.op.transfersData() ? slot.lengthBytes : 0;
        int op = slot.op.ordinal();
        all.completed(slot, failed);
        byOp[op].completed(slot, failed);
        if (slot.op.transfersData()) {
            byClass[SizeClass.of(slot.lengthBytes).ordinal()][rw(slot.op)].completed(slot, failed);
        }
        if (failed) {
            errorsByOp[op]++;
            int errno = slot.result < 0 ? (int) Math.min(-slot.result, MAX_ERRNO) : 0;
            errnoCounts[op][errno]++;
            if (firstFailure == null) {
                // Once per run, so not an allocation per IO.
                firstFailure = new FailedIo(slot.op, slot.offsetBytes, slot.lengthBytes, errno);
            }
        } else if (slot.op == Op.READ) {
            timeSeries.read(slot.doneNs, bytes, slot.doneNs - slot.submitNs);
        } else if (slot.op == Op.WRITE) {
            timeSeries.write(slot.doneNs, bytes, slot.doneNs - slot.submitNs);
        }
    }

    /**
     * Timed replay: how late an IO was submitted against its schedule (0 when on time or early);
     * {@code behindSync} when it fell due while the replay waited for a flush or trim run
     * synchronously (so its lateness includes that wait).
     */
    public void lateness(long lateNs, boolean behindSync) {
        long value = Math.max(1, Math.min(lateNs, IoGroup.MAX_TRACKED_NS));
        lateness.recordValue(value);
        if (!behindSync) {
            latenessNotBehindSync.recordValue(value);
        }
    }

    /** An IO found every slot in flight when its recorded depth or time would have let it go. */
    public void heldAtCap() {
        heldAtCap++;
    }

    /** IOs held back because the in-flight cap was reached ({@link #heldAtCap()}). */
    public long heldAtCapCount() {
        return heldAtCap;
    }

    /** Lateness histogram in ns (empty unless the replay was timed); the caller must not modify it. */
    public Histogram lateness() {
        return lateness;
    }

    /** Lateness of the IOs that did not wait for a synchronous flush or trim; the caller must not modify it. */
    public Histogram latenessNotBehindSync() {
        return latenessNotBehindSync;
    }

    private static int rw(Op op) {
        return op == Op.READ ? 0 : 1;
    }

    public IoGroup all() {
        return all;
    }

    public IoGroup op(Op op) {
        return byOp[op.ordinal()];
    }

    /** Reads ({@code Op.READ}) or writes ({@code Op.WRITE}) of one size class. */
    public IoGroup sizeClass(SizeClass c, Op op) {
        if (!op.transfersData()) {
            throw new IllegalArgumentException("size classes are kept for reads and writes, not " + op);
        }
        return byClass[c.ordinal()][rw(op)];
    }

    /** Failed IOs of {@code op}. */
    public long errors(Op op) {
        return errorsByOp[op.ordinal()];
    }

    /** Failed IOs of {@code op} with {@code errno} (0: a short transfer). */
    public long errors(Op op, int errno) {
        return errnoCounts[op.ordinal()][Math.min(errno, MAX_ERRNO)];
    }

    /** The first IO whose completion said it failed, or null when none did. */
    public FailedIo firstFailure() {
        return firstFailure;
    }

    public long totalErrors() {
        long n = 0;
        for (long e : errorsByOp) {
            n += e;
        }
        return n;
    }

    public QdHistogram qdReplayed() {
        return qdReplayed;
    }

    public QdHistogram qdRecorded() {
        return qdRecorded;
    }

    /**
     * The total variation distance between the replayed and the recorded depths, over the IOs that
     * have a recorded depth (those without one, at {@code --qd-fallback}, have nothing to compare with).
     */
    public double qdDistance() {
        return qdReplayedOfRecorded.totalVariationDistance(qdRecorded);
    }

    public TimeSeries timeSeries() {
        return timeSeries;
    }

    /** The IOs of trace phase {@code i}, in marker order (one empty group for every phase no IO reached). */
    public IoGroup phase(int i) {
        if (phases[i] != null) {
            return phases[i];
        }
        if (noIoPhase == null) {
            noIoPhase = new IoGroup();
        }
        return noIoPhase;
    }

    public long issued() {
        return issued;
    }

    /** Submissions whose trace position came before one submitted earlier: must be 0. */
    public long outOfOrder() {
        return outOfOrder;
    }

    /** First submit to last completion (wall time including replayed idle); 0 before any IO. */
    public long wallNs() {
        return all.wallNs();
    }

    public long startNs() {
        return startNs;
    }
}
