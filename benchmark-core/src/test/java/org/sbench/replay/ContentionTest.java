package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContentionTest {
    private static final long MS = 1_000_000;

    @Test
    void shortYieldsKeepPolling() {
        Contention c = new Contention();
        c.yielded(0, 1_000);
        c.yielded(10 * MS, 10 * MS + Contention.YIELD_GAVE_WAY_NS);
        assertFalse(c.at(10 * MS + Contention.YIELD_GAVE_WAY_NS + 1));
    }

    @Test
    void aLongYieldSleepsForAWhileThenPollsAgain() {
        Contention c = new Contention();
        long back = 5 * MS + Contention.YIELD_GAVE_WAY_NS + 1;
        c.yielded(5 * MS, back);
        assertTrue(c.at(back));
        assertTrue(c.at(back + Contention.SLEEP_FOR_NS - 1));
        assertFalse(c.at(back + Contention.SLEEP_FOR_NS));
    }

    @Test
    void anotherLongYieldExtendsTheSleep() {
        Contention c = new Contention();
        c.yielded(0, MS);
        c.yielded(15 * MS, 16 * MS);
        assertTrue(c.at(MS + Contention.SLEEP_FOR_NS));
        assertFalse(c.at(16 * MS + Contention.SLEEP_FOR_NS));
    }
}
