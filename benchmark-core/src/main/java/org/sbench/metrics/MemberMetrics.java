// What each member of a striped target did in one run: its IOs, bytes, busy time and depth.
package org.sbench.metrics;

import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.trace.Op;

/**
 * The per-member numbers of a run on a striped target, from the member IOs its
 * {@link StripedEngine} reports: per member one {@link IoGroup} of all its IOs (count, bytes, busy
 * time, service times, failed member IOs) and one per op, and the member's queue depth at each submit; and
 * the trace IOs that were split ({@link SplitCount}). The array's own numbers stay with the
 * {@link MetricsRecorder}. Made before the run ({@link SplitCount#attach}); recording allocates
 * nothing. Replay thread only.
 */
public final class MemberMetrics extends SplitCount {
    private static final Op[] OPS = Op.values();

    private final StripedEngine engine;
    private final IoGroup[] all;
    private final IoGroup[][] byOp;
    private final QdHistogram[] depth;

    private MemberMetrics(StripedEngine engine) {
        this.engine = engine;
        int n = engine.layout().members();
        this.all = new IoGroup[n];
        this.byOp = new IoGroup[n][OPS.length];
        this.depth = new QdHistogram[n];
        for (int m = 0; m < n; m++) {
            all[m] = new IoGroup();
            for (Op op : OPS) {
                byOp[m][op.ordinal()] = new IoGroup();
            }
            depth[m] = new QdHistogram();
        }
    }

    /** Starts counting the member IOs of {@code engine} for one run, replacing whoever counted before. */
    public static MemberMetrics attach(StripedEngine engine) {
        MemberMetrics m = new MemberMetrics(engine);
        engine.listen(m);
        return m;
    }

    @Override
    public void submitted(IoSlot part, int memberInFlight) {
        all[part.member].submitted(part.submitNs);
        byOp[part.member][part.op.ordinal()].submitted(part.submitNs);
        depth[part.member].add(memberInFlight);
    }

    @Override
    public void completed(IoSlot part) {
        boolean failed = part.failed();
        all[part.member].completed(part, failed);
        byOp[part.member][part.op.ordinal()].completed(part, failed);
    }

    public int members() {
        return all.length;
    }

    /** All member IOs of member {@code m}: count, bytes, busy time, service times of those that succeeded, and those that failed. */
    public IoGroup all(int m) {
        return all[m];
    }

    public IoGroup op(int m, Op op) {
        return byOp[m][op.ordinal()];
    }

    /** Member {@code m}'s IOs in flight at each of its submits, counting the one submitted. */
    public QdHistogram depth(int m) {
        return depth[m];
    }

    /** The most member IOs member {@code m} was given at once (what its queue holds). */
    public int inFlightCap(int m) {
        return engine.memberCap(m);
    }
}
