package org.sbench.replay;

import org.sbench.trace.IoRecord;

/**
 * {@code --mode timed [--speed X]}: open loop; IO i goes at {@code start + issue(i) / X} however
 * many are outstanding, bounded only by the slots ({@code maxInFlight}, the safety cap).
 */
public final class TimedScheduler implements Scheduler {
    private final double speed;
    private final int maxInFlight;
    private long startNs;

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
        return startNs + (speed == 1.0 ? r.issueNs : (long) (r.issueNs / speed));
    }

    @Override
    public void submitted(IoRecord r) {
    }

    @Override
    public boolean timed() {
        return true;
    }
}
