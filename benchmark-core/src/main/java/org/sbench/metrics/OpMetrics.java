package org.sbench.metrics;

import org.HdrHistogram.Histogram;

/**
 * Counters of one group of IOs (an op, a size class of an op, or all IOs): count, bytes, busy
 * time, service-time histogram (ns, 3 significant digits) and IOs over 10 ms. Made before the run;
 * updating it allocates nothing.
 */
public final class OpMetrics {
    /** Longest service time the histograms hold exactly; longer ones are recorded as this. */
    static final long MAX_TRACKED_NS = 3_600_000_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;
    static final long SLOW_NS = 10_000_000L;

    private final BusyTime busy = new BusyTime();
    private final Histogram latency = new Histogram(1, MAX_TRACKED_NS, SIGNIFICANT_DIGITS);
    private long ios;
    private long bytes;
    private long slow;

    void submitted(long submitNs) {
        busy.submitted(submitNs);
    }

    /** A completed IO; failed IOs close their busy interval but are not counted here. */
    void completed(long submitNs, long doneNs, long transferredBytes, boolean failed) {
        busy.completed(doneNs);
        if (failed) {
            return;
        }
        long serviceNs = Math.max(1, Math.min(doneNs - submitNs, MAX_TRACKED_NS));
        latency.recordValue(serviceNs);
        ios++;
        bytes += transferredBytes;
        if (serviceNs > SLOW_NS) {
            slow++;
        }
    }

    public long ios() {
        return ios;
    }

    public long bytes() {
        return bytes;
    }

    public long busyNs() {
        return busy.busyNs();
    }

    /** IOs whose service time exceeded 10 ms. */
    public long slowIos() {
        return slow;
    }

    /** The service-time histogram in ns; the caller must not modify it. */
    public Histogram latency() {
        return latency;
    }
}
