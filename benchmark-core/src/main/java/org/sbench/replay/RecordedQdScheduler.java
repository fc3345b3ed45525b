package org.sbench.replay;

import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;

/**
 * {@code --mode recorded-qd} (Storage Bench style, docs/definitions.md): IO i goes once IO i−1 went and
 * fewer than {@code qd(i)} IOs are outstanding. When the recorded device was idle before i
 * ({@code qd(i) = 1} and the last recorded completion came before {@code issue(i)}), the replay
 * reproduces that gap after its own device went idle, capped at {@code maxIdleNs} (0: no idle). The
 * IOs a read-only replay leaves out count among the recorded completions: the device was busy with them.
 */
public final class RecordedQdScheduler implements Scheduler {
    private final long maxIdleNs;
    private final int fallbackQd;
    private long lastRecordedCompleteNs = Long.MIN_VALUE;

    /**
     * @param maxIdleNs  cap on a replayed idle gap
     * @param fallbackQd depth for IOs without a recorded one ({@code --qd-fallback}); 0: none allowed
     */
    public RecordedQdScheduler(long maxIdleNs, int fallbackQd) {
        this.maxIdleNs = maxIdleNs;
        this.fallbackQd = fallbackQd;
    }

    @Override
    public void start(long startNs) {
    }

    @Override
    public int depthFor(IoRecord r) {
        if (r.qd != IoRecord.NO_QD) {
            return r.qd;
        }
        if (fallbackQd > 0) {
            return fallbackQd;
        }
        throw noRecordedQd();
    }

    /** The refusal for a trace without recorded queue depth, naming the alternatives. */
    public static SbenchException noRecordedQd() {
        return SbenchException.usage("the trace has no recorded queue depth (no completion times), so --mode recorded-qd "
                + "cannot replay it; use --mode timed, --mode fixed-qd --qd N, or --qd-fallback N");
    }

    @Override
    public long notBeforeNs(IoRecord r, long idleSinceNs) {
        if (r.qd != 1 || idleSinceNs == Long.MIN_VALUE || lastRecordedCompleteNs == Long.MIN_VALUE) {
            return Long.MIN_VALUE;
        }
        long gapNs = r.issueNs - lastRecordedCompleteNs;
        return gapNs <= 0 ? Long.MIN_VALUE : idleSinceNs + Math.min(gapNs, maxIdleNs);
    }

    @Override
    public void submitted(IoRecord r) {
        if (r.hasComplete()) {
            leftOut(r.completeNs);
        }
    }

    @Override
    public void leftOut(long completeNs) {
        lastRecordedCompleteNs = Math.max(lastRecordedCompleteNs, completeNs);
    }
}
