package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReplayControlTest {
    @Test
    void theFirstRequestWinsAndSaysWhetherItIsAPlannedEnd() {
        ReplayControl c = new ReplayControl();
        assertFalse(c.stopRequested());
        assertNull(c.stopReason());
        c.endRun("time limit 5 s");
        c.requestStop();
        assertTrue(c.stopRequested());
        assertEquals(new ReplayControl.Stop("time limit 5 s", true), c.stop());

        ReplayControl i = new ReplayControl();
        i.requestStop();
        i.endRun("time limit 5 s");
        assertEquals(new ReplayControl.Stop(ReplayControl.INTERRUPTED, false), i.stop());
    }

    @Test
    void aChildStopsWithItsParentButNotTheOtherWay() {
        ReplayControl suite = new ReplayControl();
        ReplayControl pass = suite.child();
        pass.endRun("time limit 200 ms");
        assertFalse(suite.stopRequested());
        ReplayControl next = suite.child();
        suite.requestStop();
        assertTrue(next.stopRequested());
        assertEquals(new ReplayControl.Stop(ReplayControl.INTERRUPTED, false), next.stop());
        assertEquals(new ReplayControl.Stop("time limit 200 ms", true), pass.stop(), "its own request first");
    }
}
