package org.sbench.trace.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UnitsTest {
    private static final long S = 1_000_000_000L;

    /** A trace's duration as inspect states it: hours from an hour on (a week of MSR Cambridge read "10080m 00.000s"). */
    @Test
    void durationsReadInTheLargestUnitThatHelps() {
        assertEquals("500.0 us", Units.duration(500_000));
        assertEquals("59.500 s", Units.duration(59_500_000_000L));
        assertEquals("1m 05.250s (65.3 s)", Units.duration(65_250_000_000L));
        assertEquals("59m 59.000s (3599.0 s)", Units.duration(3_599 * S));
        assertEquals("1h 00m 00.000s (3600.0 s)", Units.duration(3_600 * S));
        assertEquals("168h 00m 00.500s (604800.5 s)", Units.duration(604_800 * S + S / 2));
        assertEquals("2,562,047h 47m 16.855s (9223372036.9 s)", Units.duration(Long.MAX_VALUE));
    }
}
