package org.sbench.metrics;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.sbench.engine.IoSlot;
import org.sbench.trace.Op;

/**
 * The numbers of one group of IOs, whatever groups them (all IOs, an op, a size class of an op, a
 * phase of the trace, a member of a striped target): IOs and bytes read and written, disk-busy time
 * (docs/definitions.md), the service-time histogram (ns, 3 significant digits), IOs over 10 ms,
 * failed IOs, and the span from the first submit to the last completion. Made before the run;
 * updating it allocates nothing. Failed IOs close their busy interval and count as errors, and are
 * left out of IOs, bytes and latency.
 *
 * <p>The histogram of the full range takes 270 KiB however few IOs it holds, too much for a trace
 * with thousands of phases: a group whose IOs are done can be {@link #seal sealed}, which keeps its
 * histogram encoded (HdrHistogram's zero-run-length form: a few KiB at most, as few as its distinct
 * values) and gives the histogram itself back to be used again.
 */
public final class IoGroup {
    /** Longest service time the histograms hold exactly; longer ones are recorded as this. */
    static final long MAX_TRACKED_NS = 3_600_000_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;
    static final long SLOW_NS = 10_000_000L;

    private final BusyTime busy = new BusyTime();
    /** Null once sealed; {@link #sealedLatency} holds it then. */
    private Histogram latency;
    private byte[] sealedLatency;
    private long ios;
    private long bytesRead;
    private long bytesWritten;
    private long slow;
    private long errors;
    private long firstSubmitNs = Long.MIN_VALUE;
    private long lastDoneNs = Long.MIN_VALUE;

    IoGroup() {
        this(newHistogram());
    }

    /** A group counting into {@code emptyLatency}, an empty histogram of {@link #newHistogram()}'s range. */
    IoGroup(Histogram emptyLatency) {
        this.latency = emptyLatency;
    }

    /** An empty histogram of the range and precision every group uses. */
    static Histogram newHistogram() {
        return new Histogram(1, MAX_TRACKED_NS, SIGNIFICANT_DIGITS);
    }

    void submitted(long submitNs) {
        if (latency == null) {
            latency = decodedLatency();
            sealedLatency = null;
        }
        busy.submitted(submitNs);
        if (firstSubmitNs == Long.MIN_VALUE) {
            firstSubmitNs = submitNs;
        }
    }

    /** {@code slot} completed ({@link IoSlot#doneNs} set); {@code failed} when its result says so. */
    void completed(IoSlot slot, boolean failed) {
        busy.completed(slot.doneNs);
        lastDoneNs = Math.max(lastDoneNs, slot.doneNs);
        if (failed) {
            errors++;
            return;
        }
        long serviceNs = Math.max(1, Math.min(slot.doneNs - slot.submitNs, MAX_TRACKED_NS));
        latency.recordValue(serviceNs);
        ios++;
        if (slot.op == Op.READ) {
            bytesRead += slot.lengthBytes;
        } else if (slot.op == Op.WRITE) {
            bytesWritten += slot.lengthBytes;
        }
        if (serviceNs > SLOW_NS) {
            slow++;
        }
    }

    /** IOs submitted and not yet completed. */
    int outstanding() {
        return busy.outstanding();
    }

    boolean sealed() {
        return latency == null;
    }

    /** IOs completed without error. */
    public long ios() {
        return ios;
    }

    /** Bytes read and written. */
    public long bytes() {
        return bytesRead + bytesWritten;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long bytesWritten() {
        return bytesWritten;
    }

    public long busyNs() {
        return busy.busyNs();
    }

    /** IOs whose service time exceeded 10 ms. */
    public long slowIos() {
        return slow;
    }

    /** IOs that failed. */
    public long errors() {
        return errors;
    }

    /** First submit to last completion of the group's IOs; 0 when none was issued. */
    public long wallNs() {
        return firstSubmitNs == Long.MIN_VALUE ? 0 : lastDoneNs - firstSubmitNs;
    }

    /** The service-time histogram in ns (a copy once sealed); the caller must not modify it. */
    public Histogram latency() {
        return latency != null ? latency : decodedLatency();
    }

    /**
     * Keeps the histogram encoded, through {@code scratch} (of at least the histogram's
     * {@link Histogram#getNeededByteBufferCapacity()}), and returns the histogram itself, reset, for
     * another group. Call it when none of the group's IOs is in flight; an IO submitted later
     * decodes it again.
     */
    Histogram seal(ByteBuffer scratch) {
        scratch.clear();
        int length = latency.encodeIntoByteBuffer(scratch);
        sealedLatency = Arrays.copyOf(scratch.array(), length);
        Histogram freed = latency;
        latency = null;
        freed.reset();
        return freed;
    }

    private Histogram decodedLatency() {
        return Histogram.decodeFromByteBuffer(ByteBuffer.wrap(sealedLatency), 0);
    }
}
