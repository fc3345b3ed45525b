package org.sbench.replay;

import org.sbench.trace.IoRecord;

/**
 * {@code --mode fixed-qd --qd N}: keep N IOs outstanding, as fast as possible, in trace order; with
 * {@code drainsBetweenPhases}, each phase from an empty queue.
 */
public final class FixedQdScheduler implements Scheduler {
    private final int qd;
    private final boolean drainsBetweenPhases;

    public FixedQdScheduler(int qd) {
        this(qd, false);
    }

    public FixedQdScheduler(int qd, boolean drainsBetweenPhases) {
        if (qd < 1) {
            throw new IllegalArgumentException("qd < 1");
        }
        this.qd = qd;
        this.drainsBetweenPhases = drainsBetweenPhases;
    }

    @Override
    public void start(long startNs) {
    }

    @Override
    public int depthFor(IoRecord r) {
        return qd;
    }

    @Override
    public boolean drainsBetweenPhases() {
        return drainsBetweenPhases;
    }

    @Override
    public long notBeforeNs(IoRecord r, long idleSinceNs) {
        return Long.MIN_VALUE;
    }

    @Override
    public void submitted(IoRecord r) {
    }
}
