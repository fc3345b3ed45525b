package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CutPointsTest {
    private static final long CHUNK = SpaceReserve.CHUNK_BYTES;

    private static CutPoints.CutPoint at(long chunk) {
        return new CutPoints.CutPoint(chunk, chunk, 0, 0, 0, chunk, 0, 0, chunk, chunk * CHUNK, 0);
    }

    /** A chunk per point: 1.5 M points are 96 GiB of trace, the recording of some 2 G IOs. */
    @Test
    void aRecordingOfAnyLengthHoldsAtMostMaxPointsAndKeepsTheFirst() {
        CutPoints points = new CutPoints();
        for (long c = 0; c < 1_500_000; c++) {
            points.add(at(c));
            assertTrue(points.size() <= CutPoints.MAX, () -> points.size() + " points held");
        }
        assertEquals(0, points.atOrBefore(CHUNK / 2).ios());
        assertEquals(0, points.atOrBefore(-1).ios());
    }

    /** Cuts from the end as the writer makes them (64 KiB, then twice as much each time): never shorter than asked, at most a third further, and exact near the end. */
    @Test
    void theNewestHalfIsExactAndOlderPointsAreNoFurtherBackThanTheCutsThatLookForThem() {
        CutPoints points = new CutPoints();
        long last = 1_000_000;
        for (long c = 0; c <= last; c++) {
            points.add(at(c));
        }
        long end = last * CHUNK;
        for (long cut = CHUNK; cut < end; cut *= 2) {
            long asked = end - cut;
            CutPoints.CutPoint p = points.atOrBefore(asked);
            assertTrue(p.length() <= asked, () -> p.length() + " > " + asked);
            long extra = asked - p.length();
            if (cut <= CutPoints.NEWEST * CHUNK) {
                assertEquals(0, extra, "among the newest points every chunk is one");
            } else {
                assertTrue(extra <= cut / 3, "cut " + cut + " asked " + asked + " got " + p.length());
            }
        }
    }
}
