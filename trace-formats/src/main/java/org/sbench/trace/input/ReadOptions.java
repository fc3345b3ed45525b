package org.sbench.trace.input;

import java.util.Objects;
import org.sbench.trace.Progress;

/**
 * How a trace is read: how many bad records may be skipped (0: the first one is an error), what
 * makes a record bad ({@link RecordChecks}: {@link RecordChecks#STANDARD} unless the reader's purpose
 * takes less), how many records the issue-time sort may hold in memory before spilling to
 * temporary files, and who hears how far the file has been read ({@link Progress}: bytes of the
 * file read, of its size).
 */
public final class ReadOptions {
    /** Records held in memory by the sort before it spills to temporary files. */
    public static final int DEFAULT_SORT_MEMORY_RECORDS = 1 << 18;
    public static final ReadOptions DEFAULTS = new ReadOptions(0, DEFAULT_SORT_MEMORY_RECORDS);

    private final long skipBad;
    private final int sortMemoryRecords;
    private final Progress progress;
    private final RecordChecks recordChecks;

    public ReadOptions(long skipBad, int sortMemoryRecords) {
        this(skipBad, sortMemoryRecords, Progress.NONE, RecordChecks.STANDARD);
    }

    private ReadOptions(long skipBad, int sortMemoryRecords, Progress progress, RecordChecks recordChecks) {
        if (skipBad < 0) {
            throw new IllegalArgumentException("skipBad < 0");
        }
        if (sortMemoryRecords < 2) {
            throw new IllegalArgumentException("sortMemoryRecords < 2");
        }
        this.skipBad = skipBad;
        this.sortMemoryRecords = sortMemoryRecords;
        this.progress = progress;
        this.recordChecks = recordChecks;
    }

    public long skipBad() {
        return skipBad;
    }

    public int sortMemoryRecords() {
        return sortMemoryRecords;
    }

    /** Who hears how far the trace file has been read ({@link Progress#NONE} by default). */
    public Progress progress() {
        return progress;
    }

    /** What makes a record bad ({@link RecordChecks#STANDARD} by default). */
    public RecordChecks recordChecks() {
        return recordChecks;
    }

    public ReadOptions withSkipBad(long n) {
        return new ReadOptions(n, sortMemoryRecords, progress, recordChecks);
    }

    public ReadOptions withProgress(Progress p) {
        return new ReadOptions(skipBad, sortMemoryRecords, p, recordChecks);
    }

    public ReadOptions withRecordChecks(RecordChecks checks) {
        return new ReadOptions(skipBad, sortMemoryRecords, progress, checks);
    }

    /** Equal when they read a trace alike: the same numbers, the same checks and the same listener (a plan's key: {@code TracePlans}). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ReadOptions r && skipBad == r.skipBad && sortMemoryRecords == r.sortMemoryRecords
                && progress == r.progress && recordChecks == r.recordChecks;
    }

    @Override
    public int hashCode() {
        return Objects.hash(skipBad, sortMemoryRecords, System.identityHashCode(progress), System.identityHashCode(recordChecks));
    }

    /** A fresh budget for one reader. */
    public BadRecordBudget newBudget() {
        return new BadRecordBudget(skipBad);
    }
}
