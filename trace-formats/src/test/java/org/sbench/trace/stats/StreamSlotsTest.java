package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.sbench.trace.IoRecord;

class StreamSlotsTest {
    /** A stream number as traces have them: mostly small disk numbers, some large or negative ones, and none. */
    private static int stream(SplittableRandom random) {
        return switch (random.nextInt(6)) {
            case 0 -> random.nextInt();
            case 1 -> IoRecord.NO_STREAM;
            case 2 -> 1000 + random.nextInt(50);
            default -> random.nextInt(40);
        };
    }

    /** A table that never evicts gives each stream one slot for good, dense from 0, and says fresh once. */
    @Property(tries = 200)
    void everyStreamKeepsTheSlotItWasGiven(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        StreamSlots slots = StreamSlots.unbounded();
        Map<Integer, Integer> given = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            int stream = stream(random);
            int slot = slots.slotOf(stream);
            Integer before = given.putIfAbsent(stream, slot);
            assertEquals(before == null, slots.fresh(), "stream " + stream);
            assertEquals(before == null ? given.size() - 1 : before, slot, "stream " + stream);
            assertEquals(stream, slots.streamOf(slot));
        }
        assertEquals(given.size(), slots.used());
    }

    /** A table that evicts keeps the streams asked for most recently, as an LRU map does. */
    @Property(tries = 200)
    void theLeastRecentStreamMakesWay(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int max = 1 + random.nextInt(30);
        StreamSlots slots = new StreamSlots(max);
        LinkedHashMap<Integer, Integer> lru = new LinkedHashMap<>(16, 0.75f, true);
        for (int i = 0; i < 3000; i++) {
            int stream = stream(random);
            int slot = slots.slotOf(stream);
            Integer held = lru.get(stream);
            if (held != null) {
                assertFalse(slots.fresh(), "stream " + stream);
                assertEquals(held, slot);
            } else {
                assertTrue(slots.fresh(), "stream " + stream);
                if (lru.size() == max) {
                    Map.Entry<Integer, Integer> eldest = lru.entrySet().iterator().next();
                    assertEquals(eldest.getValue(), slot, "the least recent stream's slot");
                    lru.remove(eldest.getKey());
                }
                lru.put(stream, slot);
            }
            assertEquals(stream, slots.streamOf(slot));
        }
        assertEquals(lru.size(), slots.used());
    }
}
