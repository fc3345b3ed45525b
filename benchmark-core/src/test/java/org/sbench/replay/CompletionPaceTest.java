package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sbench.replay.CompletionPace.Wait;

class CompletionPaceTest {
    private static final long US = 1_000;

    @Test
    void pollsUntilAPaceIsKnownAndWhenTheNextCompletionIsNear() {
        CompletionPace pace = new CompletionPace();
        assertEquals(Wait.POLL, pace.waitAt(0, 8), "no completion seen yet");
        pace.completed(0, 20 * US);
        assertEquals(Wait.POLL, pace.waitAt(21 * US, 1), "one 20 us IO in flight: due at 40 us");
        assertEquals(Wait.POLL, pace.waitAt(21 * US, 8), "8 in flight: one every 2.5 us");
    }

    @Test
    void severalInFlightAndTheNextFarOffSleepsInTheKernel() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 1000 * US); // 1 ms IOs, 8 in flight: one due every 125 us
        assertEquals(Wait.BLOCK, pace.waitAt(1001 * US, 8));
        assertEquals(Wait.POLL, pace.waitAt(1100 * US, 8), "the next is due 25 us from now");
    }

    @Test
    void oneInFlightFarFromDueSleepsUntilAMarginBeforeIt() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 1000 * US);
        assertEquals(Wait.SLEEP, pace.waitAt(1001 * US, 1));
        assertEquals(2000 * US - CompletionPace.MARGIN_NS, pace.wakeNs(), "due 1 ms after the last completion");
        assertEquals(Wait.POLL, pace.waitAt(2000 * US - CompletionPace.SLEEP_FROM_NS + 1, 1));
    }

    @Test
    void anIoHeldUpFarBeyondTheOthersMovesTheMeanAsAUsualOneMightAtMost() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 10 * US);
        pace.completed(0, 100_000 * US); // 100 ms: a descheduled thread, not the device's pace
        assertEquals(Wait.POLL, pace.waitAt(100_001 * US, 2), "the mean is 11.25 us, not 12.5 ms");
    }
}
