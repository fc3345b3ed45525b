package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

class LibaioEngineTest extends EngineContract {
    @Override
    IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock) {
        try {
            return new LibaioEngine(target, depth, maxIoBytes, 0, clock);
        } catch (SbenchException e) {
            assumeTrue(false, "kernel refused native AIO: " + e.getMessage());
            throw e;
        }
    }

    @Override
    String expectedName() {
        return "libaio";
    }


    /**
     * io_submit stops at an iocb it refuses outright (a write to a descriptor open for reading: EBADF) and takes the rest
     * in later calls: each IO is stamped submitted with the clock read before the call that took (or refused) it, the
     * first call's being commit's.
     */
    @Test
    void iosALaterIoSubmitTakesAreStampedBeforeThatCall() {
        long[] now = {1000};
        NanoClock manual = () -> now[0]++;
        try (TempFileTarget readOnly = new TempFileTarget(CAPACITY, true); IoEngine engine = open(readOnly, DEPTH, MAX_IO, manual)) {
            IoSlot[] s = engine.slots();
            Op[] ops = {Op.READ, Op.WRITE, Op.READ};
            for (int i = 0; i < ops.length; i++) {
                s[i].op = ops[i];
                s[i].offsetBytes = (long) i * BLOCK;
                s[i].lengthBytes = BLOCK;
                s[i].tag = i;
                engine.submit(s[i]);
            }
            engine.commit();
            long committedNs = s[0].submitNs;
            assertTrue(s[1].submitNs > committedNs, "the refused write, by the second call: " + s[1].submitNs + " " + committedNs);
            assertTrue(s[2].submitNs > s[1].submitNs, "the read after it, by the third: " + s[2].submitNs + " " + s[1].submitNs);
            int reaped = 0;
            while (reaped < ops.length) {
                reaped += engine.reap(ops.length - reaped, -1, slot -> assertTrue(slot.doneNs > slot.submitNs));
            }
            assertEquals(BLOCK, s[0].result);
            assertEquals(-Errno.EBADF, s[1].result);
            assertEquals(BLOCK, s[2].result);
        }
    }

    /** Linux has kept the completion ring's layout since 3.10: the contract tests reap from it in user space. */
    @Test
    void readsTheCompletionRingInUserSpace() {
        try (LibaioEngine engine = (LibaioEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertTrue(engine.readsRingInUserSpace());
        }
    }
}
