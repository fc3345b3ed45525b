// What the recorder asks of a live reader of a tracefs instance, whether it reads text or the binary ring buffer.
package org.sbench.trace.format.tracefs;

import org.sbench.trace.TraceReader;

/** A reader of a tracefs instance's events as they come ({@link TracefsReader#live}, {@link TracefsEventReader}). */
public interface TracefsLiveReader extends TraceReader {
    /** Issues read but not yet handed out: waiting for their completion, or completed behind one that waits. */
    int pendingIssues();

    /** Issues dropped because their completion never came. */
    long lostIssues();

    /** Events skipped as bad (a line that could not be read, a completion before its issue). */
    long badLines();
}
