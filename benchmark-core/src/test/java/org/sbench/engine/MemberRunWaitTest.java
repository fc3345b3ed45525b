package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * A striped FLUSH runs in commit on all its members at once (MemberCalls), the replay thread running the first member's
 * and a thread each the others': commit's wait for it ends when the slowest member's returns, whichever member that is.
 */
class MemberRunWaitTest {
    /** Far above the microseconds the worker takes: only a hang gets here. */
    private static final long HANG_NS = 10_000_000_000L;

    @Test
    void theWaitForAStripedFlushEndsWhenItsSlowestMemberReturns() {
        AtomicLong ticks = new AtomicLong();
        AtomicBoolean workerStamped = new AtomicBoolean();
        // Each read a later tick; member 1's worker stamping its flush done is noted, so member 0's can end after it.
        NanoClock clock = () -> {
            long t = ticks.incrementAndGet();
            if (Thread.currentThread().getName().startsWith("sbench-member-")) {
                workerStamped.set(true);
            }
            return t;
        };
        long hangAt = System.nanoTime() + HANG_NS;
        Target slow = new StubTarget("test", () -> {
            while (!workerStamped.get() && System.nanoTime() < hangAt) {
                Thread.onSpinWait();
            }
            return 0;
        }, List.of());
        Target fast = new StubTarget("test");
        try (SyncEngine engine = new SyncEngine(new StubTarget("test", () -> 0, List.of(slow, fast)), 1, 4096, 2, clock)) {
            IoSlot[] s = engine.slots();
            for (int m = 0; m < 2; m++) {
                s[1 + m].op = Op.FLUSH;
                s[1 + m].member = m;
                s[1 + m].offsetBytes = 0;
                s[1 + m].lengthBytes = 0;
                engine.submit(s[1 + m]);
            }
            engine.commit();
            assertTrue(workerStamped.get(), "member 1's flush ran on its thread while member 0's ran");
            assertTrue(s[1].doneNs > s[2].doneNs, "member 0's flush returned last");
            assertTrue(engine.orderWaitEndNs() >= s[1].doneNs,
                    "commit's wait ended at " + engine.orderWaitEndNs() + ", before member 0's flush returned at " + s[1].doneNs);
            assertEquals(1, engine.orderWaits(), "one wait, for both members at once");
        }
    }

}
