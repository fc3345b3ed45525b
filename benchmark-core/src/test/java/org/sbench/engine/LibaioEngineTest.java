package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;

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


    /** Linux has kept the completion ring's layout since 3.10: the contract tests reap from it in user space. */
    @Test
    void readsTheCompletionRingInUserSpace() {
        try (LibaioEngine engine = (LibaioEngine) open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertTrue(engine.readsRingInUserSpace());
        }
    }
}
