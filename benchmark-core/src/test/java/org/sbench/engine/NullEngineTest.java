package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.sbench.replay.NanoClock;
import org.sbench.trace.Op;

class NullEngineTest {
    private static final Op[] OPS = {Op.READ, Op.WRITE, Op.TRIM, Op.FLUSH};

    @Test
    void everySubmittedIoComesBackOnce() {
        int depth = 32;
        long total = 200_000;
        long[] completedByOp = new long[OPS.length];
        long[] bytes = {0};
        try (NullEngine engine = new NullEngine(depth, 128 << 10, NanoClock.SYSTEM)) {
            IoSlot[] free = new IoSlot[depth];
            int[] freeCount = {0};
            for (IoSlot s : engine.slots()) {
                free[freeCount[0]++] = s;
            }
            CompletionSink sink = slot -> {
                assertFalse(slot.failed(), slot.op + " " + slot.result);
                completedByOp[slot.op.ordinal()]++;
                bytes[0] += slot.result;
                free[freeCount[0]++] = slot;
            };
            long submitted = 0;
            long reaped = 0;
            while (reaped < total) {
                while (freeCount[0] > 0 && submitted < total) {
                    IoSlot s = free[--freeCount[0]];
                    s.op = OPS[(int) (submitted % OPS.length)];
                    s.offsetBytes = submitted * 4096;
                    s.lengthBytes = s.op == Op.FLUSH ? 0 : 4096;
                    engine.submit(s);
                    submitted++;
                }
                engine.commit();
                reaped += engine.reap(1, -1, sink);
            }
            assertEquals(total, reaped);
            assertEquals(0, engine.inFlight());
        }
        assertEquals(total / 4, completedByOp[Op.READ.ordinal()]);
        assertEquals(total / 4, completedByOp[Op.FLUSH.ordinal()]);
        assertEquals(total / 2 * 4096, bytes[0], "reads and writes transfer their length; TRIM and FLUSH 0");
    }

    @Test
    void reapReturnsZeroWhenNothingCommitted() {
        try (NullEngine engine = new NullEngine(4, 4096, NanoClock.SYSTEM)) {
            IoSlot s = engine.slots()[2];
            s.op = Op.READ;
            s.lengthBytes = 4096;
            engine.submit(s);
            assertEquals(0, engine.reap(1, -1, slot -> { }));
            assertEquals(1, engine.commit());
            assertEquals(1, engine.reap(1, -1, slot -> { }));
            assertEquals(4096, s.result);
        }
    }
}
