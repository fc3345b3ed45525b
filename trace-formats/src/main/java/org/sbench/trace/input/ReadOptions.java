package org.sbench.trace.input;

/**
 * How a trace is read: how many bad records may be skipped (0: the first one is an error) and
 * how many records the issue-time sort may hold in memory before spilling to temporary files.
 */
public final class ReadOptions {
    /** Records held in memory by the sort before it spills to temporary files. */
    public static final int DEFAULT_SORT_MEMORY_RECORDS = 1 << 18;
    public static final ReadOptions DEFAULTS = new ReadOptions(0, DEFAULT_SORT_MEMORY_RECORDS);

    private final long skipBad;
    private final int sortMemoryRecords;

    public ReadOptions(long skipBad, int sortMemoryRecords) {
        if (skipBad < 0) {
            throw new IllegalArgumentException("skipBad < 0");
        }
        if (sortMemoryRecords < 2) {
            throw new IllegalArgumentException("sortMemoryRecords < 2");
        }
        this.skipBad = skipBad;
        this.sortMemoryRecords = sortMemoryRecords;
    }

    public long skipBad() {
        return skipBad;
    }

    public int sortMemoryRecords() {
        return sortMemoryRecords;
    }

    public ReadOptions withSkipBad(long n) {
        return new ReadOptions(n, sortMemoryRecords);
    }

    public ReadOptions withSortMemoryRecords(int n) {
        return new ReadOptions(skipBad, n);
    }

    /** A fresh budget for one reader. */
    public BadRecordBudget newBudget() {
        return new BadRecordBudget(skipBad);
    }
}
