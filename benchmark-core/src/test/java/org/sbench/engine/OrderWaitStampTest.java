package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sbench.trace.Op;

/**
 * A commit can wait more than once (a FLUSH and a TRIM each run there): each IO is stamped with the end of the last
 * wait before it went, not the commit's last, so that a timed replay tells the IOs that waited from the others.
 */
class OrderWaitStampTest {
    @Test
    void eachIoOfACommitIsStampedWithTheWaitBeforeIt() {
        AtomicLong ticks = new AtomicLong();
        try (SyncEngine engine = new SyncEngine(new StubTarget("test", () -> 0, List.of()), 3, 4096, 0, ticks::incrementAndGet)) {
            IoSlot[] s = engine.slots();
            Op[] ops = {Op.FLUSH, Op.TRIM, Op.FLUSH};
            for (int i = 0; i < ops.length; i++) {
                s[i].op = ops[i];
                s[i].offsetBytes = 0;
                s[i].lengthBytes = ops[i] == Op.TRIM ? 4096 : 0;
                engine.submit(s[i]);
            }
            engine.commit();
            assertEquals(Long.MIN_VALUE, s[0].orderWaitEndNs, "no wait before the first flush");
            assertEquals(s[0].doneNs, s[1].orderWaitEndNs, "the trim went after the first flush");
            assertEquals(s[1].doneNs, s[2].orderWaitEndNs, "the second flush went after the trim");
            assertEquals(s[2].doneNs, engine.orderWaitEndNs(), "the commit's last wait");
            assertEquals(3, engine.orderWaits(), "a wait for each");
        }
    }
}
