package org.sbench.replay;

import org.sbench.trace.IoRecord;

/** {@code --mode fixed-qd --qd N}: keep N IOs outstanding, as fast as possible, in trace order. */
public final class FixedQdScheduler implements Scheduler {
    private final int qd;

    public FixedQdScheduler(int qd) {
        if (qd < 1) {
            throw new IllegalArgumentException("qd < 1");
        }
        this.qd = qd;
    }

    @Override
    public void start(long startNs) {
    }

    @Override
    public int depthFor(IoRecord r) {
        return qd;
    }

    @Override
    public long notBeforeNs(IoRecord r, long idleSinceNs) {
        return Long.MIN_VALUE;
    }

    @Override
    public void submitted(IoRecord r) {
    }
}
