package org.sbench.replay;

import org.sbench.trace.IoRecord;

/**
 * {@code --mode timed [--speed X]}: open loop; IO i goes at {@code start + (issue(i) - issue(0)) / X}
 * however many are outstanding, bounded only by the slots ({@code maxInFlight}, the safety cap).
 * IO 0 is the first IO replayed: a stream ({@code --stream N}) begins when its first IO goes, not
 * after the other streams' time before it.
 */
public final class TimedScheduler implements Scheduler {
    private final double speed;
    private final int maxInFlight;
    private long startNs;
    private long firstIssueNs = Long.MIN_VALUE;

    public TimedScheduler(double speed, int maxInFlight) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0");
        }
        this.speed = speed;
        this.maxInFlight = maxInFlight;
    }

    @Override
    public void start(long startNs) {
        this.startNs = startNs;
    }

    @Override
    public int depthFor(IoRecord r) {
        return maxInFlight;
    }

    @Override
    public long notBeforeNs(IoRecord r, long idleSinceNs) {
        if (firstIssueNs == Long.MIN_VALUE) {
            firstIssueNs = r.issueNs;
        }
        long sinceFirstNs = r.issueNs - firstIssueNs;
        return startNs + (speed == 1.0 ? sinceFirstNs : (long) (sinceFirstNs / speed));
    }

    @Override
    public void submitted(IoRecord r) {
    }

    @Override
    public boolean timed() {
        return true;
    }
}
