package org.sbench.replay;

/**
 * How soon the next completion is due, from the pace of the last ones, for a poller that would
 * otherwise spin through a long wait: the mean service time of recent IOs (an exponentially
 * weighted mean) spread over the IOs in flight gives the expected gap between completions, counted
 * from the last one. While the next completion is more than {@link #SLEEP_FROM_NS} away, the poller
 * sleeps until {@link #MARGIN_NS} before it and polls from there, so a 1 MiB write that takes
 * hundreds of µs no longer costs as much CPU in polling as it takes on the device, and the CPU is
 * left to whoever completes it. Allocation-free; not thread-safe (the replay thread's).
 */
final class CompletionPace {
    /** {@link #wakeNs}: poll now. */
    static final long NOW = Long.MIN_VALUE;
    /** A sleep ends up to tens of µs late (a virtual CPU's wake-up): wake this long before a completion is due. */
    static final long MARGIN_NS = 100_000L;
    /** Sleep only when the next completion is at least this far off; nearer, a sleep costs more than it saves. */
    static final long SLEEP_FROM_NS = 2 * MARGIN_NS;
    /** The weight of the newest service time in the mean, 1 / 2^WEIGHT_SHIFT. */
    private static final int WEIGHT_SHIFT = 3;

    private long meanServiceNs = -1;
    private long lastDoneNs = NOW;

    /** An IO submitted at {@code submitNs} completed at {@code doneNs}. */
    void completed(long submitNs, long doneNs) {
        long serviceNs = Math.max(0, doneNs - submitNs);
        meanServiceNs = meanServiceNs < 0 ? serviceNs : meanServiceNs + ((serviceNs - meanServiceNs) >> WEIGHT_SHIFT);
        lastDoneNs = Math.max(lastDoneNs, doneNs);
    }

    /**
     * When to look for a completion again at {@code nowNs} with {@code inFlight} IOs in flight: a
     * time to sleep until, or {@link #NOW} (before any completion, and whenever the next is near).
     */
    long wakeNs(long nowNs, int inFlight) {
        if (meanServiceNs < 0 || inFlight <= 0) {
            return NOW;
        }
        long dueNs = lastDoneNs + meanServiceNs / inFlight;
        return dueNs - nowNs >= SLEEP_FROM_NS ? dueNs - MARGIN_NS : NOW;
    }
}
