package org.sbench.replay;

/**
 * Whether a polling replay thread shares its CPU with another thread that wants it, judged by how
 * long its yields take: one with nothing else runnable returns in about a µs, one that lets the
 * kernel worker or softirq completing the replayed IOs run, within tens of µs; one that took
 * longer ran another thread for its time slice. While that is so, a poller takes turns with that
 * thread, each turn a time slice late, and also takes CPU from the worker completing its IOs;
 * a thread sleeping in the kernel is woken by the completion itself. So for a while after such a
 * yield the replay sleeps while it waits, then polls again to see whether the CPU is still shared.
 */
final class Contention {
    /** A yield longer than this ran another thread. */
    static final long YIELD_GAVE_WAY_NS = 200_000L;
    /** How long waits sleep after such a yield before polling is tried again. */
    static final long SLEEP_FOR_NS = 20_000_000L;

    private long sleepUntilNs = Long.MIN_VALUE;

    /** A yield began at {@code beforeNs} and returned at {@code afterNs}. */
    void yielded(long beforeNs, long afterNs) {
        if (afterNs - beforeNs > YIELD_GAVE_WAY_NS) {
            sleepUntilNs = afterNs + SLEEP_FOR_NS;
        }
    }

    /** True when, at {@code nowNs}, waits should sleep rather than poll. */
    boolean at(long nowNs) {
        return nowNs < sleepUntilNs;
    }
}
