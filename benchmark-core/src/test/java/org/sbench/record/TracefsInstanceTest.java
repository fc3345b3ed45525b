// Parsing what tracefs files say: lost events per CPU, the selected entry of a choice list.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TracefsInstanceTest {
    @Test
    void lostEventsAreOverrunPlusDropped() {
        List<String> stats = List.of("entries: 120", "overrun: 17", "commit overrun: 0", "bytes: 6720",
                "oldest event ts:  3487.720718", "now ts:  3491.241689", "dropped events: 5", "read events: 55");
        assertEquals(22, TracefsInstance.lostEvents(stats));
        assertEquals(0, TracefsInstance.lostEvents(List.of("entries: 0", "overrun: 0", "dropped events: 0")));
    }

    /** The kernel drops an event that finds the writer wrapped onto its own uncommitted page (an interrupt storm). */
    @Test
    void commitOverrunsAreLostEventsToo() {
        List<String> stats = List.of("entries: 120", "overrun: 0", "commit overrun: 3", "bytes: 6720",
                "oldest event ts:  3487.720718", "now ts:  3491.241689", "dropped events: 0", "read events: 55");
        assertEquals(3, TracefsInstance.lostEvents(stats));
    }
}
