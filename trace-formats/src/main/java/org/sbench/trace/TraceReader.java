package org.sbench.trace;

import java.io.Closeable;

/**
 * A stream of IO records. Not thread-safe; one reader is used by one thread.
 *
 * <p>Readers report malformed input as {@link org.sbench.SbenchException} naming the file and the
 * line or byte, unless the caller allowed bad records to be skipped, in which case they are
 * counted in {@link #skippedRecords()}.
 */
public interface TraceReader extends Closeable {

    /** The trace's description; final once the reader is open. */
    TraceInfo info();

    /**
     * Fills {@code into} with the next record.
     *
     * @param into a caller-owned record, overwritten completely
     * @return false at the end of the trace ({@code into} is then unspecified)
     */
    boolean next(IoRecord into);

    /** Bad records skipped so far (only with a skip allowance). */
    default long skippedRecords() {
        return 0;
    }

    /**
     * The number of the last line of a text trace when it ended without a line end (a cut file,
     * such as a truncated download: its last number may be cut short) and was therefore not read;
     * 0 when there is none. Known once the reader reached the end.
     */
    default long incompleteLastLine() {
        return 0;
    }

    /**
     * The requests of the trace that are not ordinary IOs of it (left out, or failed), counted so
     * far; null for formats without such requests (and a text trace before its first read or write
     * of 0 bytes). Final once the reader reached the end.
     */
    default RequestAccounts requestAccounts() {
        return null;
    }

    /** Records that arrived earlier than a record before them and were moved into issue order. */
    default long reorderedRecords() {
        return 0;
    }

    /**
     * True if this reader guarantees non-decreasing issue times (and fails otherwise), so that the
     * pipeline need not sort. Readers of formats that may be out of order say false.
     */
    default boolean inIssueOrder() {
        return false;
    }

    /** Releases the input; never throws for a failed close of a fully read input. */
    @Override
    void close();
}
