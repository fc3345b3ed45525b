package org.sbench.metrics;

import org.sbench.engine.IoSlot;
import org.sbench.trace.Op;

/**
 * One phase of the recorded activity ("game load"): how long the replay took over it (first
 * submit to last completion), its busy time and what it moved. Answers "how long did the real task
 * take on this drive".
 */
public final class PhaseMetrics {
    private final BusyTime busy = new BusyTime();
    private long ios;
    private long bytesRead;
    private long bytesWritten;
    private long firstSubmitNs = Long.MIN_VALUE;
    private long lastDoneNs = Long.MIN_VALUE;

    void submitted(long submitNs) {
        busy.submitted(submitNs);
        if (firstSubmitNs == Long.MIN_VALUE) {
            firstSubmitNs = submitNs;
        }
    }

    void completed(IoSlot slot, boolean failed) {
        busy.completed(slot.doneNs);
        lastDoneNs = Math.max(lastDoneNs, slot.doneNs);
        if (failed) {
            return;
        }
        ios++;
        if (slot.op == Op.READ) {
            bytesRead += slot.lengthBytes;
        } else if (slot.op == Op.WRITE) {
            bytesWritten += slot.lengthBytes;
        }
    }

    public long ios() {
        return ios;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long bytesWritten() {
        return bytesWritten;
    }

    public long busyNs() {
        return busy.busyNs();
    }

    /** First submit to last completion of the phase's IOs; 0 when none was replayed. */
    public long wallNs() {
        return firstSubmitNs == Long.MIN_VALUE ? 0 : lastDoneNs - firstSubmitNs;
    }
}
