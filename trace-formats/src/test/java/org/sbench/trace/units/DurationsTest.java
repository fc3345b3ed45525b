package org.sbench.trace.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void readsANumberWithAUnit() {
        assertEquals(500, Durations.parseNs("0.5us"));
        assertEquals(1_500_000L, Durations.parseNs("1.5ms"));
        assertEquals(3_600_000_000_000L, Durations.parseNs("1h"));
        assertEquals(0, Durations.parseNs("0"));
        assertEquals(0, Durations.parseNs("0.0s"));
    }

    /** A part of a ns was once cut off: --duration 0.5ns was 0 ('torture needs --duration'), --max-idle 0.5ns removed idle. */
    @Test
    void aDurationOfNoWholeNanosecondsIsRefused() {
        for (String bad : new String[] {"0.5ns", "1.5ns", "0.0001us", "1.0000000001s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parseNs(bad), bad);
            assertEquals("'" + bad + "' is no whole number of nanoseconds", e.getMessage());
        }
    }

    @Test
    void whatIsNoDurationIsRefused() {
        for (String bad : new String[] {"", "10", "-1s", "1e30s", "10 ms", "1h30m", "100%", "2562048h"}) {
            assertThrows(IllegalArgumentException.class, () -> Durations.parseNs(bad), bad);
        }
    }
}
