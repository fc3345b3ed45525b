package org.sbench.cdm;

import java.util.Map;
import java.util.Set;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * A generated trace of sequential IOs: {@code count} IOs of one op and size at offsets 0, size,
 * 2 size, ..., wrapping to 0 at the last whole block of the region. Issue times are 0 (the trace
 * is meant for fixed-qd replay). Allocates nothing per record.
 */
public final class SequentialTraceReader implements TraceReader {
    private final TraceInfo info;
    private final Op op;
    private final long blockBytes;
    private final long blocks;
    private final long count;
    private long produced;

    /**
     * @param regionBytes the region swept, from offset 0; holds at least one block
     * @param count       IOs to produce, {@link Long#MAX_VALUE} for no end (a time-limited run)
     */
    public SequentialTraceReader(String name, Op op, long regionBytes, int blockBytes, long count) {
        if (regionBytes < blockBytes) {
            throw new IllegalArgumentException("region " + regionBytes + " < block " + blockBytes);
        }
        this.info = new TraceInfo(CdmPass.FORMAT, Set.of(), Map.of(TraceInfo.NAME, name), java.util.List.of());
        this.op = op;
        this.blockBytes = blockBytes;
        this.blocks = regionBytes / blockBytes;
        this.count = count;
    }

    /** IOs in one sweep of the region. */
    public static long sweep(long regionBytes, int blockBytes) {
        return regionBytes / blockBytes;
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
        into.offsetBytes = produced % blocks * blockBytes;
        into.lengthBytes = blockBytes;
        produced++;
        return true;
    }

    @Override
    public boolean inIssueOrder() {
        return true;
    }

    @Override
    public void close() {
    }
}
