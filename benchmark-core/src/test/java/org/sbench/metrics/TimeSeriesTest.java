package org.sbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Per-second counts and service times, by completion time from the first submit. */
class TimeSeriesTest {
    private static final long S = 1_000_000_000L;
    private static final long START = 7 * S + 123;

    @Test
    void secondsCountFromTheFirstSubmitWithMeanAndMaxServiceTime() {
        TimeSeries t = new TimeSeries();
        t.start(START);
        t.start(START + S); // only the first counts
        t.write(START + 10, 4096, 100);
        t.write(START + S - 1, 4096, 300);
        t.read(START + S - 1, 8192, 50);
        t.read(START + 2 * S + 5, 512, 7);
        assertEquals(3, t.seconds());
        assertEquals(2, t.writeIos(0));
        assertEquals(1, t.readIos(0));
        assertEquals(8192, t.writeBytes(0));
        assertEquals(150.0, t.meanServiceNs(0), 1e-9, "(100 + 300 + 50) / 3");
        assertEquals(300, t.maxServiceNs(0));
        assertEquals(0, t.meanServiceNs(1), 1e-9, "an empty second");
        assertEquals(0, t.maxServiceNs(1));
        assertEquals(7.0, t.meanServiceNs(2), 1e-9);
        assertEquals(512, t.readBytes(2));
    }

    /** A run of flushes or trims had no row at all: one row per second of its wall time, of zeros. */
    @Test
    void secondsWithoutReadsOrWritesStillHaveTheirRows() {
        TimeSeries t = new TimeSeries();
        t.start(START);
        t.coverWallTime(2 * S + 1);
        assertEquals(3, t.seconds());
        assertEquals(0, t.readIos(2));
        assertEquals(0, t.maxServiceNs(2));
        t.write(START + 10, 4096, 100);
        t.coverWallTime(S / 2);
        assertEquals(3, t.seconds(), "never fewer than it had");
        assertEquals(1, t.writeIos(0));
    }
}
