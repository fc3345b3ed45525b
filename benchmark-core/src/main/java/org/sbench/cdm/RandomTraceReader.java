package org.sbench.cdm;

import java.util.Map;
import java.util.Set;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * A generated trace of random IOs: {@code count} IOs of one op and size at uniformly random
 * block-aligned offsets inside the region (SplitMix64 from a seed: the same seed gives the same
 * offsets). Issue times are 0 (the trace is meant for fixed-qd replay). Allocates nothing per record.
 */
public final class RandomTraceReader implements TraceReader {
    // SplitMix64 (Steele, Lea, Flood 2014): golden-ratio increment and the two mixing multipliers.
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final long MIX_1 = 0xBF58476D1CE4E5B9L;
    private static final long MIX_2 = 0x94D049BB133111EBL;

    private final TraceInfo info;
    private final Op op;
    private final long blockBytes;
    private final long blocks;
    private final long count;
    private long state;
    private long produced;

    /**
     * @param regionBytes the region, from offset 0; holds at least one block
     * @param count       IOs to produce, {@link Long#MAX_VALUE} for no end (a time-limited run)
     */
    public RandomTraceReader(String name, Op op, long regionBytes, int blockBytes, long count, long seed) {
        if (regionBytes < blockBytes) {
            throw new IllegalArgumentException("region " + regionBytes + " < block " + blockBytes);
        }
        this.info = new TraceInfo(CdmPass.FORMAT, Set.of(), Map.of(TraceInfo.NAME, name), java.util.List.of());
        this.op = op;
        this.blockBytes = blockBytes;
        this.blocks = regionBytes / blockBytes;
        this.count = count;
        this.state = seed;
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (produced == count) {
            return false;
        }
        into.clear();
        into.op = op;
        into.offsetBytes = Long.remainderUnsigned(nextLong(), blocks) * blockBytes;
        into.lengthBytes = blockBytes;
        produced++;
        return true;
    }

    private long nextLong() {
        state += GOLDEN_GAMMA;
        long z = state;
        z = (z ^ (z >>> 30)) * MIX_1;
        z = (z ^ (z >>> 27)) * MIX_2;
        return z ^ (z >>> 31);
    }

    @Override
    public boolean inIssueOrder() {
        return true;
    }

    @Override
    public void close() {
    }
}
