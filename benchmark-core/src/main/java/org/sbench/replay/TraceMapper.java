package org.sbench.replay;

import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Maps trace IOs onto the target (docs/definitions.md, "Mapping a trace onto a target"): keeps one stream
 * when asked, skips writes and trims in a read-only replay, applies the fit policy, and widens
 * misaligned IOs to the logical block size. Counts what it did. Changes the record's offset and
 * length in place; allocates nothing. A read or write longer than the capacity is refused (a usage
 * error), never cut short; a trim longer than it trims the whole target.
 */
public final class TraceMapper {
    private final int stream;
    private final FitPolicy fit;
    private final long capacityBytes;
    private final long traceSpanBytes;
    private final int blockBytes;
    private final boolean readOnly;
    private final long splitThresholdBytes;
    private final StreamLayout layout;
    private long otherStreams;
    private long wouldSplit;
    private long skippedWrites;
    private long widened;
    private long refitted;

    /**
     * @param stream         the stream to replay, or {@link IoRecord#NO_STREAM} for all records
     * @param traceSpanBytes the highest end offset of the trace (for {@link FitPolicy#SCALE})
     * @param blockBytes     the target's logical block size (a power of two)
     * @param splitThresholdBytes the largest IO the device takes whole; 0 when unknown (nothing counted)
     */
    public TraceMapper(int stream, FitPolicy fit, long capacityBytes, long traceSpanBytes, int blockBytes, boolean readOnly,
                       long splitThresholdBytes) {
        this(stream, fit, capacityBytes, traceSpanBytes, blockBytes, readOnly, splitThresholdBytes, StreamLayout.NONE);
    }

    /** As above, with the streams of a multi-device trace laid out side by side ({@code --stream all}). */
    public TraceMapper(int stream, FitPolicy fit, long capacityBytes, long traceSpanBytes, int blockBytes, boolean readOnly,
                       long splitThresholdBytes, StreamLayout layout) {
        this.layout = layout;
        this.stream = stream;
        this.fit = fit;
        this.capacityBytes = capacityBytes / blockBytes * blockBytes;
        this.traceSpanBytes = Math.max(1, traceSpanBytes);
        this.blockBytes = blockBytes;
        this.readOnly = readOnly;
        this.splitThresholdBytes = splitThresholdBytes;
    }

    /** Maps {@code r} in place; false if it is not replayed (another stream, or a write in read-only mode). */
    public boolean map(IoRecord r) {
        if (!ofReplayedStream(r)) {
            otherStreams++;
            return false;
        }
        if (readOnly && (r.op == Op.WRITE || r.op == Op.TRIM)) {
            skippedWrites++;
            return false;
        }
        if (r.op == Op.FLUSH) {
            return true;
        }
        if (!layout.isNone()) {
            r.offsetBytes += layout.base(r.stream);
        }
        long mask = blockBytes - 1L;
        long start = r.offsetBytes & ~mask;
        long end = (r.offsetBytes + r.lengthBytes + mask) & ~mask;
        if (start != r.offsetBytes || end - start != r.lengthBytes) {
            widened++;
        }
        long length = end - start;
        if (length > capacityBytes) {
            if (r.op != Op.TRIM) {
                // No fit places it; cutting it short would replay another IO than the trace's.
                throw SbenchException.usage("a " + r.op.name().toLowerCase(Locale.ROOT) + " of " + length + " bytes (at byte "
                        + start + ") is longer than the " + capacityBytes + " bytes it is fitted onto; no --fit places it: use a"
                        + " larger target");
            }
            // A trim of more than the whole target trims all of it.
            length = capacityBytes;
        }
        long mapped = scaled(start);
        if (fit != FitPolicy.ERROR && mapped + length > capacityBytes) {
            mapped = mapped % capacityBytes;
            if (mapped + length > capacityBytes) {
                mapped = Math.max(0, capacityBytes - length) & ~mask;
            }
        }
        if (mapped != start) {
            refitted++;
            start = mapped;
        }
        r.offsetBytes = start;
        r.lengthBytes = length;
        if (splitThresholdBytes > 0 && r.op.transfersData() && r.lengthBytes > splitThresholdBytes) {
            wouldSplit++;
        }
        return true;
    }

    /**
     * True if {@code r} is of the stream replayed (every record is when all are): of the recorded
     * device, even when {@link #map} leaves it out as a write of a read-only replay.
     */
    public boolean ofReplayedStream(IoRecord r) {
        return stream < 0 || r.stream == stream;
    }

    /**
     * Where {@code offsetBytes} (aligned) goes under {@code --fit scale} when the trace spans more
     * than the target: times capacity / span, aligned down; otherwise where it is.
     */
    public long scaled(long offsetBytes) {
        if (fit != FitPolicy.SCALE || traceSpanBytes <= capacityBytes) {
            return offsetBytes;
        }
        return (long) ((double) offsetBytes * capacityBytes / traceSpanBytes) & ~(blockBytes - 1L);
    }

    /** Records of other streams, not replayed. */
    public long otherStreams() {
        return otherStreams;
    }

    /** Writes and trims skipped by a read-only replay. */
    public long skippedWrites() {
        return skippedWrites;
    }

    /** IOs widened to the logical block size. */
    public long widened() {
        return widened;
    }

    /** Reads and writes longer than the device takes whole: the kernel splits them. */
    public long wouldSplit() {
        return wouldSplit;
    }

    /** IOs moved by the fit policy (wrapped or scaled). */
    public long refitted() {
        return refitted;
    }
}
