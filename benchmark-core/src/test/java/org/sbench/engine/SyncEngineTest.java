package org.sbench.engine;

import org.sbench.replay.NanoClock;
import org.sbench.target.Target;

class SyncEngineTest extends EngineContract {
    @Override
    IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock) {
        return new SyncEngine(target, depth, maxIoBytes, 0, clock);
    }

    @Override
    String expectedName() {
        return "sync";
    }
}
