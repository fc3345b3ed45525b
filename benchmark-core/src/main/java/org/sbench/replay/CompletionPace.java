package org.sbench.replay;

/**
 * How a poller waits for the next completion, from the pace of the last ones: the mean service time
 * of recent IOs (an exponentially weighted mean) spread over the IOs in flight is the expected gap
 * between completions, counted from the last one. Polling pays off only when the next completion is
 * near; when it is far off, a spinning replay thread costs as much CPU as the device takes time, and
 * on a small machine takes it from whoever completes the IO. So, with the next completion at least
 * {@link #BLOCK_FROM_NS} away and other IOs in flight behind it, the wait sleeps in the kernel until a
 * completion wakes it ({@link Wait#BLOCK}: the wake-up's delay idles nothing, the device has the
 * others); with one IO in flight and it at least {@link #SLEEP_FROM_NS} away, it sleeps until
 * {@link #MARGIN_NS} before it is due and polls from there ({@link Wait#SLEEP}: the wake-up's delay
 * would idle the device); nearer, it polls ({@link Wait#POLL}). Allocation-free; not thread-safe
 * (the replay thread's).
 */
final class CompletionPace {
    /** How to wait for the next completion. */
    enum Wait { POLL, SLEEP, BLOCK }

    /** A timed sleep ends up to tens of µs late (a virtual CPU's wake-up): wake this long before a completion is due. */
    static final long MARGIN_NS = 60_000L;
    /** With one IO in flight, sleep only when it is due at least this far off; nearer, a sleep costs more than it saves. */
    static final long SLEEP_FROM_NS = 2 * MARGIN_NS;
    /** With several in flight, sleep in the kernel when the next completion is expected at least this far off. */
    static final long BLOCK_FROM_NS = 50_000L;
    /** A service time counts at most this many times the mean. */
    private static final long SPIKE_FACTOR = 2;
    /** The weight of the newest service time in the mean, 1 / 2^WEIGHT_SHIFT. */
    private static final int WEIGHT_SHIFT = 3;

    private long meanServiceNs = -1;
    private long lastDoneNs;
    private long wakeNs;

    /** An IO submitted at {@code submitNs} completed at {@code doneNs}. */
    void completed(long submitNs, long doneNs) {
        long serviceNs = Math.max(0, doneNs - submitNs);
        if (meanServiceNs < 0) {
            meanServiceNs = serviceNs;
        } else {
            // An IO held up far beyond the others (a descheduled thread, a flush) moves the mean by no more than a usual one.
            long sample = Math.min(serviceNs, SPIKE_FACTOR * meanServiceNs);
            meanServiceNs += (sample - meanServiceNs) >> WEIGHT_SHIFT;
        }
        lastDoneNs = Math.max(lastDoneNs, doneNs);
    }

    /** How to wait at {@code nowNs} with {@code inFlight} IOs in flight and none completed yet: poll before any completion was seen. */
    Wait waitAt(long nowNs, int inFlight) {
        if (meanServiceNs < 0 || inFlight <= 0) {
            return Wait.POLL;
        }
        long dueNs = lastDoneNs + meanServiceNs / inFlight;
        if (inFlight > 1) {
            return dueNs - nowNs >= BLOCK_FROM_NS ? Wait.BLOCK : Wait.POLL;
        }
        if (dueNs - nowNs >= SLEEP_FROM_NS) {
            wakeNs = dueNs - MARGIN_NS;
            return Wait.SLEEP;
        }
        return Wait.POLL;
    }

    /** Until when {@link Wait#SLEEP} sleeps. */
    long wakeNs() {
        return wakeNs;
    }
}
