package org.sbench.replay;

import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.stats.RecordedQd;

/**
 * {@code --stream all} in recorded-qd mode: the streams (devices) of the trace are replayed as one
 * device, so the recorded queue depth of each IO is counted over all of them, from the recorded
 * issue and completion times, instead of per stream as traces carry it.
 */
final class CombinedQdReader implements TraceReader {
    private final TraceReader source;
    private final RecordedQd depth = new RecordedQd();

    CombinedQdReader(TraceReader source) {
        this.source = source;
    }

    @Override
    public TraceInfo info() {
        return source.info();
    }

    @Override
    public boolean next(IoRecord into) {
        if (!source.next(into)) {
            return false;
        }
        into.qd = into.hasComplete() ? depth.next(into.issueNs, into.completeNs) : IoRecord.NO_QD;
        return true;
    }

    @Override
    public long skippedRecords() {
        return source.skippedRecords();
    }

    @Override
    public long incompleteLastLine() {
        return source.incompleteLastLine();
    }

    @Override
    public long reorderedRecords() {
        return source.reorderedRecords();
    }

    @Override
    public boolean inIssueOrder() {
        return source.inIssueOrder();
    }

    @Override
    public void close() {
        source.close();
    }
}
