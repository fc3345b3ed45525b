package org.sbench.metrics;

import java.util.Arrays;

/**
 * Per-second IO counts, bytes and service times (sum and maximum) of reads and writes, by
 * completion time since the run's first submit (the origin of its wall time). One row per second
 * of wall time, so memory grows with run time, not with IO count.
 */
public final class TimeSeries {
    private static final long NS_PER_SECOND = 1_000_000_000L;
    static final int READ_IOS = 0;
    static final int WRITE_IOS = 1;
    static final int READ_BYTES = 2;
    static final int WRITE_BYTES = 3;
    static final int SERVICE_NS = 4;
    static final int MAX_SERVICE_NS = 5;
    private static final int COLUMNS = 6;

    private long originNs = Long.MIN_VALUE;
    private long[] cells = new long[COLUMNS * 64];
    private int seconds;

    /** The run's first submit: second 0 begins here. Later calls are ignored. */
    public void start(long firstSubmitNs) {
        if (originNs == Long.MIN_VALUE) {
            originNs = firstSubmitNs;
        }
    }

    /** A read of {@code bytes} completed at {@code doneNs} after {@code serviceNs} (submit to completion). */
    public void read(long doneNs, long bytes, long serviceNs) {
        add(doneNs, READ_IOS, READ_BYTES, bytes, serviceNs);
    }

    /** A write of {@code bytes} completed at {@code doneNs} after {@code serviceNs}. */
    public void write(long doneNs, long bytes, long serviceNs) {
        add(doneNs, WRITE_IOS, WRITE_BYTES, bytes, serviceNs);
    }

    private void add(long doneNs, int iosColumn, int bytesColumn, long bytes, long serviceNs) {
        int second = (int) Math.max(0, (doneNs - originNs) / NS_PER_SECOND);
        if ((second + 1) * COLUMNS > cells.length) {
            cells = Arrays.copyOf(cells, Math.max(cells.length * 2, (second + 1) * COLUMNS));
        }
        int row = second * COLUMNS;
        cells[row + iosColumn]++;
        cells[row + bytesColumn] += bytes;
        cells[row + SERVICE_NS] += serviceNs;
        cells[row + MAX_SERVICE_NS] = Math.max(cells[row + MAX_SERVICE_NS], serviceNs);
        seconds = Math.max(seconds, second + 1);
    }

    /**
     * Covers the run until {@code wallNs} after its first submit, so that seconds in which no read or
     * write completed (a run of flushes or trims, an idle end) still have their row, of zeros.
     */
    public void coverWallTime(long wallNs) {
        seconds = (int) Math.max(seconds, (wallNs + NS_PER_SECOND - 1) / NS_PER_SECOND);
    }

    /** Seconds covered (the last one possibly partial). */
    public int seconds() {
        return seconds;
    }

    private long cell(int second, int column) {
        int i = second * COLUMNS + column;
        return i < cells.length ? cells[i] : 0;
    }

    public long readIos(int second) {
        return cell(second, READ_IOS);
    }

    public long writeIos(int second) {
        return cell(second, WRITE_IOS);
    }

    public long readBytes(int second) {
        return cell(second, READ_BYTES);
    }

    public long writeBytes(int second) {
        return cell(second, WRITE_BYTES);
    }

    /** The mean service time in ns of the reads and writes that completed in {@code second}; 0 when none did. */
    public double meanServiceNs(int second) {
        long ios = readIos(second) + writeIos(second);
        return ios == 0 ? 0 : (double) cell(second, SERVICE_NS) / ios;
    }

    /** The longest service time in ns of the reads and writes that completed in {@code second}; 0 when none did. */
    public long maxServiceNs(int second) {
        return cell(second, MAX_SERVICE_NS);
    }
}
