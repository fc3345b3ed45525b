package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.sbench.replay.ReplayControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

class StopSignalsTest {
    private static final Signal INT = new Signal("INT");

    @Test
    void ctrlCStopsTheControlAndCloseRestoresThePreviousHandler() throws InterruptedException {
        SignalHandler outer = sig -> { };
        SignalHandler before = Signal.handle(INT, outer);
        try {
            assumeTrue(before != SignalHandler.SIG_IGN, "SIGINT is ignored in this JVM: no handler can be installed");
            ReplayControl control;
            try (StopSignals stop = new StopSignals()) {
                control = stop.control();
                assertEquals(ExitCodes.OK, stop.exitCode(ExitCodes.OK), "no signal yet");
                Signal.raise(INT);
                // The JVM runs signal handlers on a thread of their own.
                while (!control.stopRequested()) {
                    Thread.sleep(10);
                }
                assertEquals(ExitCodes.INTERRUPTED, stop.exitCode(ExitCodes.OK));
                assertEquals(ExitCodes.INTERRUPTED, ExitCodes.ofRun(stop, false, 0), "a run the signal stopped");
                // A signal after the run had issued and completed all its IOs stopped nothing: the status is the complete result's.
                assertEquals(ExitCodes.OK, ExitCodes.ofRun(stop, true, 0));
                assertEquals(ExitCodes.IO_ERRORS, ExitCodes.ofRun(stop, true, 2));
            }
            assertEquals("interrupted (SIGINT)", control.stopReason());
            assertSame(outer, Signal.handle(INT, before));
        } finally {
            Signal.handle(INT, before);
        }
    }
}
