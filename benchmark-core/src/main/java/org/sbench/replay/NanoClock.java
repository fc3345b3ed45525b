package org.sbench.replay;

import java.util.concurrent.locks.LockSupport;

/** A monotonic clock in ns, injected so the replay can run against a manual clock in tests. */
public interface NanoClock {
    /** The system's monotonic clock ({@link System#nanoTime()}). */
    NanoClock SYSTEM = new NanoClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }
    };

    /** Sleeps shorter than this overshoot by tens of µs on Linux; the rest of a wait is spun. */
    long SPIN_NS = 100_000L;

    long nanoTime();

    /**
     * Returns once {@link #nanoTime()} reached {@code deadlineNs}: sleeps while far from it, spins
     * the last {@link #SPIN_NS} so the deadline is met within about a µs.
     */
    default void waitUntil(long deadlineNs) {
        long remaining;
        while ((remaining = deadlineNs - nanoTime()) > 0) {
            if (remaining > 2 * SPIN_NS) {
                LockSupport.parkNanos(remaining - SPIN_NS);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
