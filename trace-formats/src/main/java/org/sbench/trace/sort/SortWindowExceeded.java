package org.sbench.trace.sort;

/**
 * A sorter that does not spill ({@link ExternalSorter}, {@code rereadable}) read a record earlier
 * than one it had already handed on: the trace is more out of order than the sorter's memory holds.
 * The caller reads the trace again with a sorter that spills; this never reaches a user.
 */
public final class SortWindowExceeded extends RuntimeException {
    /**
     * @param recordIndex   the record's index in file order, from 0
     * @param memoryRecords the records the sorter held
     */
    public SortWindowExceeded(long recordIndex, int memoryRecords) {
        super("record " + recordIndex + " (in file order, from 0) is earlier than one already handed on by a sort holding "
                + memoryRecords + " records", null, false, false);
    }
}
