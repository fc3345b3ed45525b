package org.sbench.replay;

import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.stats.RecordedQd;

/**
 * The recorded queue depth of each IO counted over all streams of the trace, from the recorded
 * issue and completion times, instead of per stream as traces carry it: what {@code --stream all}
 * in recorded-qd mode replays, since it puts every stream (device) on one target. {@link #replacing}
 * gives the records that depth; {@link #measuring} passes them on unchanged and only keeps the
 * deepest, for the plan that sizes the engine.
 */
final class CombinedQdReader extends ForwardingTraceReader {
    private final boolean replace;
    private final RecordedQd depth = new RecordedQd();
    private int maxQd;

    private CombinedQdReader(TraceReader source, boolean replace) {
        super(source);
        this.replace = replace;
    }

    /** {@code source}'s records with {@link IoRecord#qd} counted over all streams. */
    static CombinedQdReader replacing(TraceReader source) {
        return new CombinedQdReader(source, true);
    }

    /** {@code source}'s records unchanged; {@link #maxQd()} is the deepest depth over all streams. */
    static CombinedQdReader measuring(TraceReader source) {
        return new CombinedQdReader(source, false);
    }

    /** The deepest depth over all streams of the records read so far. */
    int maxQd() {
        return maxQd;
    }

    @Override
    public boolean next(IoRecord into) {
        if (!in.next(into)) {
            return false;
        }
        int qd = into.hasComplete() ? depth.next(into.issueNs, into.completeNs) : IoRecord.NO_QD;
        maxQd = Math.max(maxQd, qd);
        if (replace) {
            into.qd = qd;
        }
        return true;
    }
}
