package org.sbench.generate;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * A generated trace of {@code count} IOs of one op and one size at block-aligned offsets inside a
 * region from offset 0; subclasses choose which block comes next. Issue times are 0 (the traces are
 * meant for fixed-qd replay). Allocates nothing per record.
 */
abstract class BlockTraceReader implements TraceReader {
    /** The source format generated traces name. */
    static final String FORMAT = "generated";

    private final TraceInfo info;
    private final Op op;
    private final long blockBytes;
    private final long count;
    private long produced;
    /** Whole blocks in the region. */
    final long blocks;

    /**
     * @param regionBytes the region, from offset 0; holds at least one block
     * @param count       IOs to produce, {@link Long#MAX_VALUE} for no end (a time-limited run)
     */
    BlockTraceReader(String name, Op op, long regionBytes, int blockBytes, long count) {
        if (regionBytes < blockBytes) {
            throw new IllegalArgumentException("region " + regionBytes + " < block " + blockBytes);
        }
        this.info = new TraceInfo(FORMAT, Set.of(), Map.of(TraceInfo.NAME, name), List.of());
        this.op = op;
        this.blockBytes = blockBytes;
        this.blocks = regionBytes / blockBytes;
        this.count = count;
    }

    /** The block (0 to {@link #blocks} − 1) of IO number {@code produced}. */
    abstract long block(long produced);

    @Override
    public final TraceInfo info() {
        return info;
    }

    @Override
    public final boolean next(IoRecord into) {
        if (produced == count) {
            return false;
        }
        into.clear();
        into.op = op;
        into.offsetBytes = block(produced) * blockBytes;
        into.lengthBytes = blockBytes;
        produced++;
        return true;
    }

    @Override
    public final boolean inIssueOrder() {
        return true;
    }

    @Override
    public final void close() {
    }
}
