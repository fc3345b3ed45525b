package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;

class SequentialWindowTest {
    private static IoRecord io(int stream, long offset, long length) {
        return TestRecords.record(0, IoRecord.NO_TIME, offset, length, Op.READ, stream);
    }

    @Test
    void eachStreamHasItsOwnWindowOfItsPreviousIos() {
        SequentialWindow w = new SequentialWindow(SequentialWindow.DEFAULT_WINDOW);
        assertFalse(w.accept(io(0, 0, 4096)));
        // More IOs of another stream than the window holds: stream 0's last IO is still in its own window.
        for (int i = 0; i < 2 * SequentialWindow.DEFAULT_WINDOW; i++) {
            assertFalse(w.accept(io(1, (i + 1) * 1_000_000L, 512)));
        }
        assertTrue(w.accept(io(0, 4096, 4096)));
        // The same offset on another stream continues nothing there.
        assertFalse(w.accept(io(2, 8192, 4096)));
    }

    @Test
    void theWindowCountsOnlyTheStreamsOwnIos() {
        SequentialWindow w = new SequentialWindow(2);
        assertFalse(w.accept(io(0, 0, 512)));
        assertFalse(w.accept(io(0, 10_000, 512)));
        assertFalse(w.accept(io(1, 50_000, 512)));
        assertTrue(w.accept(io(0, 512, 512)));       // two IOs of stream 0 back: still in its window
        assertFalse(w.accept(io(0, 20_000, 512)));
        assertFalse(w.accept(io(0, 10_512, 512)));   // three of its IOs back: forgotten
    }

    @Test
    void memoryIsBoundedBySlotsForManyStreamsAndTheLeastRecentStreamIsForgotten() {
        SequentialWindow w = new SequentialWindow(SequentialWindow.DEFAULT_WINDOW);
        int streams = w.maxStreams();
        assertEquals(SequentialWindow.MAX_ENTRIES / SequentialWindow.DEFAULT_WINDOW, streams);
        assertFalse(w.accept(io(0, 0, 512)));
        for (int s = 1; s < streams; s++) {
            assertFalse(w.accept(io(s, 0, 512)));
        }
        assertTrue(w.accept(io(0, 512, 512)));        // all streams fit: stream 0 still known, and now the most recent
        assertFalse(w.accept(io(streams, 0, 512)));   // one too many: stream 1, least recently seen, gives up its window
        assertTrue(w.accept(io(2, 512, 512)));        // the next least recent is kept
        assertFalse(w.accept(io(1, 512, 512)));       // stream 1 starts afresh (and stream 3 makes way for it)
        assertEquals(streams, w.streamsKept());
    }
}
