package org.sbench.generate;

import org.sbench.trace.Op;

/**
 * A generated trace of sequential IOs: offsets 0, size, 2 size, ..., wrapping to 0 at the last
 * whole block of the region.
 */
public final class SequentialTraceReader extends BlockTraceReader {

    /**
     * @param regionBytes the region swept, from offset 0; holds at least one block
     * @param count       IOs to produce, {@link Long#MAX_VALUE} for no end (a time-limited run)
     */
    public SequentialTraceReader(String name, Op op, long regionBytes, int blockBytes, long count) {
        super(name, op, regionBytes, blockBytes, count);
    }

    /** IOs in one sweep of the region. */
    public static long sweep(long regionBytes, int blockBytes) {
        return regionBytes / blockBytes;
    }

    @Override
    long block(long produced) {
        return produced % blocks;
    }
}
