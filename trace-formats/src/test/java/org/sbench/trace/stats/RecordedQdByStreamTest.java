package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RecordedQdByStreamTest {

    /** Every IO on a stream of its own (an MSR-like trace where each line names another disk): the state held stays small. */
    @Test
    void holdsOnlyStreamsWithIosOutstandingWhateverTheNumberOfStreams() {
        RecordedQdByStream queues = new RecordedQdByStream();
        for (int i = 0; i < 1_000_000; i++) {
            assertEquals(1, queues.next(i, 10L * i, 10L * i + 25));
        }
        assertTrue(queues.streamsHeld() <= 2 * RecordedQdByStream.MIN_HELD, "held " + queues.streamsHeld());
    }

    /** Dropping a stream whose IOs all completed changes no depth: each stream's depths are its own RecordedQd's. */
    @Test
    void depthsAreEachStreamsOwnWhenStreamsAreDropped() {
        Random rnd = new Random(3);
        RecordedQdByStream queues = new RecordedQdByStream();
        int streams = 20 * RecordedQdByStream.MIN_HELD;
        RecordedQd[] alone = new RecordedQd[streams];
        long t = 0;
        for (int i = 0; i < 500_000; i++) {
            t += rnd.nextInt(3);
            // A few streams busy throughout with long IOs, the others idle between their IOs.
            int stream = rnd.nextInt(4) == 0 ? rnd.nextInt(8) : rnd.nextInt(streams);
            long complete = t + (stream < 8 ? rnd.nextInt(5_000) : rnd.nextInt(50));
            if (alone[stream] == null) {
                alone[stream] = new RecordedQd();
            }
            assertEquals(alone[stream].next(t, complete), queues.next(stream, t, complete), "IO " + i + " of stream " + stream);
        }
    }
}
