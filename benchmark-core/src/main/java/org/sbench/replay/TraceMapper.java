package org.sbench.replay;

import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Maps trace IOs onto the target (docs/definitions.md, "Mapping a trace onto a target"): keeps one stream
 * when asked, skips writes and trims in a read-only replay, applies the fit policy, and widens
 * misaligned IOs to the logical block size. An IO moved by wrap or scale keeps its place within
 * its grain ({@link #fitted}). Counts what it did. Changes the record's offset and
 * length in place; allocates nothing. A read or write longer than the capacity is refused (a usage
 * error), never cut short; a trim longer than it trims the whole target.
 */
public final class TraceMapper {
    /**
     * The least grain whose place an IO moved by wrap or scale keeps: a 512e drive's physical sector,
     * the page filesystems align to.
     */
    static final long GRAIN_BYTES = 4096;
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
        long mapped = start;
        if (fit != FitPolicy.ERROR) {
            long lo = 0;
            long hi = capacityBytes;
            if (fit == FitPolicy.SCALE && !layout.isNone()) {
                // Scaled streams stay apart: an IO stays in its stream's scaled range, unless longer than all of it.
                long rangeStart = scaled(layout.base(r.stream));
                long rangeEnd = layout.end(r.stream) < layout.totalBytes() ? scaled(layout.end(r.stream)) : capacityBytes;
                if (length <= rangeEnd - rangeStart) {
                    lo = rangeStart;
                    hi = rangeEnd;
                }
            }
            mapped = fitted(start, length, lo, hi);
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
     * Where wrap or scale puts an IO of {@code length} bytes at {@code start} (both whole logical
     * blocks) inside {@code [lo, hi)} (the target, or a scaled stream's range; at least
     * {@code length} long): where it is if it fits and is not scaled; else scaled, or taken modulo
     * the capacity, ending at {@code hi} at the latest, and keeping its offset modulo its grain, the
     * largest power of two not above its length and at least {@link #GRAIN_BYTES}. So it is as
     * aligned as in the trace and crosses the same 4 KiB boundaries (and those of every power of two
     * up to its length). An IO nearly as long as the range keeps the largest grain there is room for.
     */
    private long fitted(long start, long length, long lo, long hi) {
        long at = scaled(start);
        long room = hi - length;
        if (at == start && start >= lo && start <= room) {
            return start;
        }
        long grain = Math.max(blockBytes, Long.highestOneBit(Math.max(length, GRAIN_BYTES)));
        while (lo + ((start - lo) & (grain - 1)) > room) {
            // Ends at the logical block, where the first place with the remainder is lo itself.
            grain >>= 1;
        }
        long within = start & (grain - 1);
        long placed = ((at % capacityBytes) & -grain) + within;
        if (placed < lo) {
            placed += grain;
        }
        return placed <= room ? placed : ((room - within) & -grain) + within;
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
