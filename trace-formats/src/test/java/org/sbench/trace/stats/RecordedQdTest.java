package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        RecordedQd qd = new RecordedQd();
        for (int i = 0; i < n; i++) {
            int expected = 1;
            for (int j = 0; j < i; j++) {
                if (issue[j] <= issue[i] && complete[j] > issue[i]) {
                    expected++;
                }
            }
            assertEquals(expected, qd.next(issue[i], complete[i]), "IO " + i);
        }
    }
}
