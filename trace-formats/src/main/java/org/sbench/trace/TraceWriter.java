package org.sbench.trace;

import java.io.Closeable;

/**
 * Writes records in one format. Output appears under its final name only on {@link #finish()};
 * closing an unfinished writer deletes what was written, so a failed conversion leaves nothing.
 */
public interface TraceWriter extends Closeable {

    /** Appends one record; the writer copies what it needs, the caller may reuse {@code record}. */
    void write(IoRecord record);

    /**
     * Adds a metadata entry learned while writing (what the reader counted by its end), before
     * {@link #finish()}; formats with a place for it (the {@code .sbt} trailer) store it, the
     * others have none.
     */
    default void putMetadata(String key, String value) {
    }

    /**
     * What of the records, phase marks and metadata written this format could not hold, for a
     * warning ("left out what a fio log cannot hold: completion times of 3 IOs, 2 phase marks"), and
     * why the output will not serve the program it is for, if it will not; null when it held them all;
     * known once {@link #finish()} has run.
     */
    default String leftOut() {
        return null;
    }

    /** Completes the output and moves it into place. */
    void finish();

    /** Releases resources; if {@link #finish()} was not called, the partial output is deleted. */
    @Override
    void close();
}
