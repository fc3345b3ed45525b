// Where the recording thread reads a tracefs instance's events: its text pipe or its CPUs' binary pages.
package org.sbench.record;

import org.sbench.trace.format.tracefs.TracefsLiveReader;

/**
 * The event stream of a recording's tracefs instance and the reader pairing it: the binary
 * ring-buffer pages of every CPU ({@link RawEventPipes}) where the kernel offers them, else the
 * text of {@code trace_pipe} ({@link TextEventPipe}). The recording thread reads
 * {@link #reader()}; the controlling thread watches {@link #bytesRead()} and may {@link #stop()} it.
 */
interface EventInput {
    /** The IOs and markers of the stream; read by the recording thread. */
    TracefsLiveReader reader();

    /** Bytes read from the kernel so far, for another thread to see the reading progress. */
    long bytesRead();

    /** Ends the reading: the reader's input ends at once (from any thread). */
    void stop();

    /** Closes the files, once the recording thread has ended (or never ran). Idempotent. */
    void release();

    /** What was read, for the user: "binary ring-buffer pages (trace_pipe_raw), 1 ns resolution". */
    String describe();

    /** The file named when the stream stalls. */
    String name();
}
