package org.sbench.metrics;

/**
 * Disk-busy time of one set of IOs (docs/definitions.md): the length of the union of their
 * {@code [submit, done)} intervals, kept as a count of outstanding IOs. Events must arrive in
 * time order, which they do on the replay thread (submits are stamped at commit, completions at
 * reap, and the thread does one after the other). O(1) per event, no allocation.
 */
public final class BusyTime {
    private int outstanding;
    private long busySinceNs;
    private long busyNs;

    public void submitted(long submitNs) {
        if (outstanding++ == 0) {
            busySinceNs = submitNs;
        }
    }

    public void completed(long doneNs) {
        if (--outstanding == 0) {
            busyNs += doneNs - busySinceNs;
        }
    }

    /** Busy time of the closed periods (all of it once every IO completed). */
    public long busyNs() {
        return busyNs;
    }

    public int outstanding() {
        return outstanding;
    }
}
