package org.sbench.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;

class LibaioEngineTest extends EngineContract {
    @Override
    IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock) {
        try {
            return new LibaioEngine(target, depth, maxIoBytes, clock);
        } catch (SbenchException e) {
            assumeTrue(false, "kernel refused native AIO: " + e.getMessage());
            throw e;
        }
    }

    @Override
    String expectedName() {
        return "libaio";
    }
}
