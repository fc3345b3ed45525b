package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sbench.trace.IoRecord;

class RecordedQdTest {

    @Test
    void countsOutstandingIosIncludingItself() {
        RecordedQd qd = new RecordedQd();
        assertEquals(1, qd.next(0, 100));
        assertEquals(2, qd.next(10, 50));
        assertEquals(3, qd.next(20, 30));
        assertEquals(2, qd.next(50, 60)); // the IO completing at 50 is no longer outstanding
        assertEquals(1, qd.next(100, 110));
        assertEquals(2, qd.next(100, IoRecord.NO_TIME)); // same issue time as the one before: counted
        assertEquals(1, qd.next(200, 200));
    }

    /** The definition of docs/definitions.md evaluated literally, O(n^2), against the streaming version. */
    @Property(tries = 200)
    void matchesTheDefinition(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int n) {
        Random rnd = new Random(seed);
        long[] issue = new long[n];
        long[] complete = new long[n];
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(100);
            issue[i] = t;
            complete[i] = t + rnd.nextInt(500);
        }
        assertMatchesTheDefinition(issue, complete);
    }

    /**
     * Depths rising past what is kept in no order and falling back, again and again: the
     * outstanding IOs go into a heap and out of it, and every depth still matches the definition.
     */
    @Property(tries = 50)
    void matchesTheDefinitionAtDepthsThatRiseAndFall(@ForAll long seed) {
        Random rnd = new Random(seed);
        int n = 1800;
        long[] issue = new long[n];
        long[] complete = new long[n];
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += rnd.nextInt(20);
            issue[i] = t;
            // 200 long IOs (depths near 100), then 400 short ones (depths of 1 to 3, once the long ones are done).
            complete[i] = t + (i % 600 < 200 ? 500 + rnd.nextInt(1000) : rnd.nextInt(30));
        }
        int[] extremes = assertMatchesTheDefinition(issue, complete);
        assertTrue(extremes[0] > 2 * RecordedQd.MOST_UNORDERED, "depth reached " + extremes[0]);
        assertTrue(extremes[1] > 2, "fell back to a low depth this often: " + extremes[1]);
    }

    /** Returns the highest depth met and how often the depth fell from above the unordered bound to below 4. */
    private static int[] assertMatchesTheDefinition(long[] issue, long[] complete) {
        RecordedQd qd = new RecordedQd();
        int highest = 0;
        int falls = 0;
        boolean high = false;
        for (int i = 0; i < issue.length; i++) {
            int expected = 1;
            for (int j = 0; j < i; j++) {
                if (issue[j] <= issue[i] && complete[j] > issue[i]) {
                    expected++;
                }
            }
            assertEquals(expected, qd.next(issue[i], complete[i]), "IO " + i);
            highest = Math.max(highest, expected);
            if (expected > RecordedQd.MOST_UNORDERED) {
                high = true;
            } else if (high && expected < 4) {
                high = false;
                falls++;
            }
        }
        return new int[] {highest, falls};
    }
}
