package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.target.LoopDevice;
import org.sbench.target.Target;
import org.sbench.trace.Op;

class IoUringEngineTest extends EngineContract {
    @Override
    IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock) {
        try {
            return new IoUringEngine(target, depth, maxIoBytes, 0, clock);
        } catch (SbenchException e) {
            assumeTrue(false, "kernel refused io_uring: " + e.getMessage());
            throw e;
        }
    }

    @Override
    String expectedName() {
        return "io_uring";
    }


    @Test
    void aFilesTrimsRunInCommitAndTheEngineSaysWhy() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertEquals("discard in commit (file target: io_uring queues discards of block devices only)", engine.discards());
        }
    }

    /** On 5.18+ the ring is registered with the thread that opened it, so its system calls skip the descriptor lookup. */
    @Test
    void theRingIsRegisteredWithItsThread() {
        try (IoUringEngine engine = (IoUringEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assumeTrue(kernelAtLeast(5, 18), "kernel before 5.18");
            assertTrue(engine.registeredRing());
        }
    }

    /**
     * Against the contract, but it must not break: an engine opened on one thread and used and
     * closed on another (whose registered rings do not hold it) enters the ring by its descriptor.
     */
    @Test
    void anotherThreadEntersTheRingByItsDescriptor() throws Exception {
        IoUringEngine engine = (IoUringEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM);
        Throwable[] failure = new Throwable[1];
        long[] result = new long[1];
        Thread other = new Thread(() -> {
            try (engine) {
                IoSlot s = engine.slots()[0];
                s.op = Op.READ;
                s.offsetBytes = 0;
                s.lengthBytes = BLOCK;
                engine.submit(s);
                engine.commit();
                engine.reap(1, -1, slot -> result[0] = slot.result);
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        other.start();
        other.join();
        assertNull(failure[0]);
        assertEquals(BLOCK, result[0]);
    }

    private static boolean kernelAtLeast(int major, int minor) {
        String[] v = System.getProperty("os.version").split("[.-]");
        int ma = Integer.parseInt(v[0]);
        int mi = Integer.parseInt(v[1]);
        return ma > major || ma == major && mi >= minor;
    }

    /** As root (pinned memory is not limited) the ring registers the slot buffers: the contract tests run READ_FIXED / WRITE_FIXED. */
    @Test
    void rootRegistersTheSlotBuffers() {
        LoopDevice.assumeRoot();
        try (IoUringEngine engine = (IoUringEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertTrue(engine.fixedBuffers());
            assertNull(engine.bufferNote());
        }
    }
}
