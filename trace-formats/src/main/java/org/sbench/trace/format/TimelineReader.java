package org.sbench.trace.format;

import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
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
 * not recorded, and the depths of its other IOs count only the completions there are. A trace
 * whose IOs together move 2^63 bytes or more is refused: no count of its bytes holds them.
 */
final class TimelineReader extends ForwardingTraceReader {
    private final IoRecord first = new IoRecord();
    private final boolean hasFirst;
    private final long originNs;
    private final RecordedQdByStream queues;
    private final TraceInfo info;
    /** The trace as errors name it. */
    private final String displayName;
    private boolean firstDelivered;
    /** The bytes of the records delivered so far, every op's. */
    private long totalBytes;

    TimelineReader(TraceReader source, String displayName) {
        super(source);
        this.displayName = displayName;
        this.hasFirst = source.next(first);
        this.originNs = hasFirst ? first.issueNs : 0;
        TraceInfo sourceInfo = source.info();
        checkPhases(sourceInfo);
        TraceInfo rebased = sourceInfo.rebased(originNs);
        boolean computeQd = rebased.has(Field.COMPLETE) && !rebased.has(Field.QD);
        this.queues = computeQd ? new RecordedQdByStream() : null;
        this.info = computeQd ? rebased.withField(Field.QD) : rebased;
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
        } else if (!in.next(into)) {
            return false;
        }
        totalBytes += into.lengthBytes;
        if (totalBytes < 0) {
            throw SbenchException.badInput(displayName, "IOs that together move 2^63 bytes or more (9.22 EB), more than the"
                    + " statistics and results count: a damaged length?");
        }
        into.issueNs = sinceOrigin(into.issueNs);
        if (into.hasComplete()) {
            into.completeNs = sinceOrigin(into.completeNs);
        }
        if (queues != null) {
            into.qd = into.hasComplete() ? queues.next(into.stream, into.issueNs, into.completeNs) : IoRecord.NO_QD;
        }
        return true;
    }

    /**
     * {@code timeNs} on the trace's clock, from its first issue. Every time comes at or after the
     * first issue (records come in issue order, completions after their issue), so a negative
     * difference is one past 2^63 ns, some 292 years: a trace that long has a damaged timestamp,
     * and its records cannot be timed; they are refused rather than dropped or misplaced.
     */
    private long sinceOrigin(long timeNs) {
        long t = timeNs - originNs;
        if (t < 0) {
            throw SbenchException.badInput(displayName, "IOs more than 292 years apart (at " + originNs + " and " + timeNs
                    + " ns on the trace's own clock), more than a trace's clock holds: a damaged timestamp?");
        }
        return t;
    }

    /**
     * Refuses a phase mark 2^63 ns or more from the first issue, before or after it (a damaged
     * time): on the trace's clock it would wrap round to the other end of the trace.
     */
    private void checkPhases(TraceInfo sourceInfo) {
        for (PhaseMarker p : sourceInfo.phases()) {
            try {
                Math.subtractExact(p.timeNs(), originNs);
            } catch (ArithmeticException e) {
                throw SbenchException.badInput(displayName, "phase '" + p.name() + "' more than 292 years from the first IO (at "
                        + p.timeNs() + " and " + originNs + " ns on the trace's own clock), more than a trace's clock holds:"
                        + " a damaged time?");
            }
        }
    }

    @Override
    public boolean inIssueOrder() {
        return true;
    }
}
