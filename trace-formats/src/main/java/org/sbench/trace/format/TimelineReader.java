package org.sbench.trace.format;

import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.stats.RecordedQdByStream;

/**
 * The last stage of opening a trace: takes issue-ordered records, moves the clock's zero to the
 * first issue (docs/definitions.md: times are ns since the trace's first IO) and, when the records carry
 * completion times but no queue depth, computes the recorded queue depth of each. Each stream of
 * a multi-stream trace is a separate device with its own queue, so depth is counted per stream.
 * An IO without a completion time (an issue whose completion was never traced) gets none: its
 * depth is not recorded, and nothing is invented; the statistics then call the stream's depth
 * not recorded, and the depths of its other IOs count only the completions there are.
 */
final class TimelineReader implements TraceReader {
    private final TraceReader source;
    private final IoRecord first = new IoRecord();
    private final boolean hasFirst;
    private final long originNs;
    private final RecordedQdByStream queues;
    private final TraceInfo info;
    private boolean firstDelivered;

    TimelineReader(TraceReader source) {
        this.source = source;
        this.hasFirst = source.next(first);
        this.originNs = hasFirst ? first.issueNs : 0;
        TraceInfo in = source.info().rebased(originNs);
        boolean computeQd = in.has(Field.COMPLETE) && !in.has(Field.QD);
        this.queues = computeQd ? new RecordedQdByStream() : null;
        this.info = computeQd ? in.withField(Field.QD) : in;
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (!firstDelivered) {
            firstDelivered = true;
            if (!hasFirst) {
                return false;
            }
            into.copyFrom(first);
        } else if (!source.next(into)) {
            return false;
        }
        into.issueNs -= originNs;
        if (into.hasComplete()) {
            into.completeNs -= originNs;
        }
        if (queues != null) {
            into.qd = into.hasComplete() ? queues.next(into.stream, into.issueNs, into.completeNs) : IoRecord.NO_QD;
        }
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
        return true;
    }

    @Override
    public void close() {
        source.close();
    }
}
