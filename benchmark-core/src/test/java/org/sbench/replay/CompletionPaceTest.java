package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompletionPaceTest {
    private static final long US = 1_000;

    @Test
    void pollsUntilAPaceIsKnownAndWhenTheNextCompletionIsNear() {
        CompletionPace pace = new CompletionPace();
        assertFalse(pace.blockAt(0, 8), "no completion seen yet");
        pace.completed(0, 20 * US);
        assertFalse(pace.blockAt(21 * US, 1), "one 20 us IO in flight: due at 40 us");
        assertFalse(pace.blockAt(21 * US, 8), "8 in flight: one every 2.5 us");
    }

    @Test
    void severalInFlightAndTheNextFarOffBlocks() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 1000 * US); // 1 ms IOs, 8 in flight: one due every 125 us
        assertTrue(pace.blockAt(1001 * US, 8));
        assertFalse(pace.blockAt(1100 * US, 8), "the next is due 25 us from now");
    }

    @Test
    void oneInFlightBlocksOnlyFurtherFromDueThanSeveralDo() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 60 * US);
        assertFalse(pace.blockAt(60 * US, 1), "a lone 60 us IO: the wake-up would idle the device");
        pace = new CompletionPace();
        pace.completed(0, 120 * US);
        assertTrue(pace.blockAt(120 * US, 2), "two 120 us IOs: the next due 60 us from now");
        pace = new CompletionPace();
        pace.completed(0, 1000 * US);
        assertTrue(pace.blockAt(1001 * US, 1));
        assertFalse(pace.blockAt(2000 * US - CompletionPace.LONE_BLOCK_FROM_NS + 1, 1));
    }

    @Test
    void anIoHeldUpFarBeyondTheOthersMovesTheMeanAsAUsualOneMightAtMost() {
        CompletionPace pace = new CompletionPace();
        pace.completed(0, 10 * US);
        pace.completed(0, 100_000 * US); // 100 ms: a descheduled thread, not the device's pace
        assertFalse(pace.blockAt(100_001 * US, 2), "the mean is 11.25 us, not 12.5 ms");
    }
}
