package org.sbench.metrics;

import java.util.Arrays;

/**
 * Per-second IO counts and bytes for reads and writes, by completion time since the run's start.
 * One row per second of wall time, so memory grows with run time, not with IO count.
 */
public final class TimeSeries {
    private static final long NS_PER_SECOND = 1_000_000_000L;
    static final int READ_IOS = 0;
    static final int WRITE_IOS = 1;
    static final int READ_BYTES = 2;
    static final int WRITE_BYTES = 3;
    private static final int COLUMNS = 4;

    private final long startNs;
    private long[] cells = new long[COLUMNS * 64];
    private int seconds;

    public TimeSeries(long startNs) {
        this.startNs = startNs;
    }

    public void read(long doneNs, long bytes) {
        add(doneNs, READ_IOS, READ_BYTES, bytes);
    }

    public void write(long doneNs, long bytes) {
        add(doneNs, WRITE_IOS, WRITE_BYTES, bytes);
    }

    private void add(long doneNs, int iosColumn, int bytesColumn, long bytes) {
        int second = (int) Math.max(0, (doneNs - startNs) / NS_PER_SECOND);
        if ((second + 1) * COLUMNS > cells.length) {
            cells = Arrays.copyOf(cells, Math.max(cells.length * 2, (second + 1) * COLUMNS));
        }
        cells[second * COLUMNS + iosColumn]++;
        cells[second * COLUMNS + bytesColumn] += bytes;
        seconds = Math.max(seconds, second + 1);
    }

    /** Seconds covered (the last one possibly partial). */
    public int seconds() {
        return seconds;
    }

    public long readIos(int second) {
        return cells[second * COLUMNS + READ_IOS];
    }

    public long writeIos(int second) {
        return cells[second * COLUMNS + WRITE_IOS];
    }

    public long readBytes(int second) {
        return cells[second * COLUMNS + READ_BYTES];
    }

    public long writeBytes(int second) {
        return cells[second * COLUMNS + WRITE_BYTES];
    }
}
