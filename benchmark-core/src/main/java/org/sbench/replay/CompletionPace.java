package org.sbench.replay;

/**
 * Whether a poller should sleep in the kernel for the next completion, from the pace of the last
 * ones: the mean service time of recent IOs (an exponentially weighted mean) spread over the IOs in
 * flight is the expected gap between completions, counted from the last one. Polling pays off only
 * when the next completion is near; when it is far off, a spinning replay thread costs as much CPU as
 * the device takes time, and on a small machine takes it from whoever completes the IO. So a wait
 * blocks until a completion wakes it when the next one is expected at least {@link #BLOCK_FROM_NS}
 * away with other IOs in flight behind it (the wake-up's delay idles nothing, the device has the
 * others), or at least {@link #LONE_BLOCK_FROM_NS} away with one IO in flight (there the wake-up's
 * delay idles the device, which only a long IO hides); nearer, it polls. Allocation-free; not
 * thread-safe (the replay thread's).
 */
final class CompletionPace {
    /** With several IOs in flight, block when the next completion is expected at least this far off. */
    static final long BLOCK_FROM_NS = 50_000L;
    /** With one IO in flight, block when it is due at least this far off. */
    static final long LONE_BLOCK_FROM_NS = 80_000L;
    /** A service time counts at most this many times the mean. */
    private static final long SPIKE_FACTOR = 2;
    /** The weight of the newest service time in the mean, 1 / 2^WEIGHT_SHIFT. */
    private static final int WEIGHT_SHIFT = 3;

    private long meanServiceNs = -1;
    private long lastDoneNs;

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

    /** Whether to block at {@code nowNs} with {@code inFlight} IOs in flight and none completed yet; never before any completion was seen. */
    boolean blockAt(long nowNs, int inFlight) {
        if (meanServiceNs < 0 || inFlight <= 0) {
            return false;
        }
        long dueInNs = lastDoneNs + meanServiceNs / inFlight - nowNs;
        return dueInNs >= (inFlight > 1 ? BLOCK_FROM_NS : LONE_BLOCK_FROM_NS);
    }
}
