// Waiting for a thread that may be far behind: patient while it makes progress, not once it has stopped.
package org.sbench.record;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/** Waits for a latch as long as a progress counter keeps moving. */
final class ProgressWait {
    private ProgressWait() {
    }

    /**
     * Waits until {@code done} is counted down, checking {@code progress} every {@code pollNs}.
     *
     * @return true when done; false once {@code progress} has not changed for more than {@code stallNs}
     */
    static boolean await(CountDownLatch done, LongSupplier progress, long pollNs, long stallNs) throws InterruptedException {
        long last = progress.getAsLong();
        long lastChangeNs = System.nanoTime();
        while (!done.await(pollNs, TimeUnit.NANOSECONDS)) {
            long now = progress.getAsLong();
            if (now != last) {
                last = now;
                lastChangeNs = System.nanoTime();
            } else if (System.nanoTime() - lastChangeNs > stallNs) {
                return false;
            }
        }
        return true;
    }
}
