// What each member of a striped target did in one run: its IOs, bytes, busy time and depth.
package org.sbench.metrics;

import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.trace.Op;

/**
 * The per-member numbers of a run on a striped target, from the member IOs its
 * {@link StripedEngine} reports: per member all IOs ({@link OpMetrics}: count, bytes, busy time,
 * service times) and per op, failed member IOs, and the member's queue depth at each submit; and
 * the trace IOs that were split. The array's own numbers stay with the {@link MetricsRecorder}.
 * Made before the run; recording allocates nothing. Replay thread only.
 */
public final class MemberMetrics implements StripedEngine.MemberListener {
    private static final Op[] OPS = Op.values();

    private final StripedEngine engine;
    private final OpMetrics[] all;
    private final OpMetrics[][] byOp;
    private final long[] errors;
    private final QdHistogram[] depth;
    private long splitIos;
    private long parts;

    private MemberMetrics(StripedEngine engine) {
        this.engine = engine;
        int n = engine.layout().members();
        this.all = new OpMetrics[n];
        this.byOp = new OpMetrics[n][OPS.length];
        this.errors = new long[n];
        this.depth = new QdHistogram[n];
        for (int m = 0; m < n; m++) {
            all[m] = new OpMetrics();
            for (Op op : OPS) {
                byOp[m][op.ordinal()] = new OpMetrics();
            }
            depth[m] = new QdHistogram();
        }
    }

    /**
     * Starts counting the member IOs of {@code engine} for one run (replacing whoever counted
     * before); null when the engine is not a striped target's, which has no members to count.
     */
    public static MemberMetrics attach(IoEngine engine) {
        if (!(engine instanceof StripedEngine)) {
            return null;
        }
        StripedEngine striped = (StripedEngine) engine;
        MemberMetrics m = new MemberMetrics(striped);
        striped.listen(m);
        return m;
    }

    @Override
    public void split(int count) {
        splitIos++;
        parts += count;
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
        long bytes = part.op.transfersData() ? part.lengthBytes : 0;
        all[part.member].completed(part.submitNs, part.doneNs, bytes, failed);
        byOp[part.member][part.op.ordinal()].completed(part.submitNs, part.doneNs, bytes, failed);
        if (failed) {
            errors[part.member]++;
        }
    }

    public int members() {
        return all.length;
    }

    /** All member IOs of member {@code m} that succeeded: count, bytes, busy time, service times. */
    public OpMetrics all(int m) {
        return all[m];
    }

    public OpMetrics op(int m, Op op) {
        return byOp[m][op.ordinal()];
    }

    /** Member IOs of member {@code m} that failed. */
    public long errors(int m) {
        return errors[m];
    }

    /** Member {@code m}'s IOs in flight at each of its submits, counting the one submitted. */
    public QdHistogram depth(int m) {
        return depth[m];
    }

    /** The most member IOs member {@code m} was given at once (what its queue holds). */
    public int inFlightCap(int m) {
        return engine.memberCap(m);
    }

    /** Reads and writes that crossed a chunk boundary and became several member IOs. */
    public long splitIos() {
        return splitIos;
    }

    /** The member IOs those became. */
    public long splitParts() {
        return parts;
    }
}
