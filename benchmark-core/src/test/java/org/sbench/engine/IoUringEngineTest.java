package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.target.LoopDevice;
import org.sbench.target.Target;

class IoUringEngineTest extends EngineContract {
    @Override
    IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock) {
        try {
            return new IoUringEngine(target, depth, maxIoBytes, clock);
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

    /** As root (pinned memory is not limited) the ring registers the slot buffers: the contract tests run READ_FIXED / WRITE_FIXED. */
    @Test
    void rootRegistersTheSlotBuffers() {
        LoopDevice.assumeRoot();
        try (IoUringEngine engine = (IoUringEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertTrue(engine.fixedBuffers());
        }
    }
}
