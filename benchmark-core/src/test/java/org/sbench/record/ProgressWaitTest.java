// Waiting for the recording thread: patient while it reads, given up once reading stands still.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressWaitTest {
    private static final long POLL_NS = 1_000_000;
    private static final long NO_PATIENCE_NS = 0;

    @Test
    void endsAtOnceWhenDone() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(0);
        assertTrue(ProgressWait.await(done, () -> 0, POLL_NS, NO_PATIENCE_NS));
    }

    @Test
    void givesUpWhenProgressStandsStill() throws InterruptedException {
        assertFalse(ProgressWait.await(new CountDownLatch(1), () -> 7, POLL_NS, NO_PATIENCE_NS));
    }

    @Test
    void waitsAsLongAsProgressMoves() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong polls = new AtomicLong();
        // Each look at the progress finds it moved; the work ends after many looks.
        assertTrue(ProgressWait.await(done, () -> {
            if (polls.incrementAndGet() == 50) {
                done.countDown();
            }
            return polls.get();
        }, POLL_NS, NO_PATIENCE_NS));
    }
}
