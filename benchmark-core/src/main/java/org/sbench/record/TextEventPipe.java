// The text event stream of a tracefs instance: trace_pipe, read in batches and parsed as lines.
package org.sbench.record;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.sbench.SbenchException;
import org.sbench.trace.format.tracefs.TracefsLiveReader;
import org.sbench.trace.format.tracefs.TracefsReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * The instance's {@code trace_pipe}, the kernel's text of the events of every CPU merged by time,
 * read by {@link TracefsReader#live}. Its times are printed in µs.
 */
final class TextEventPipe implements EventInput {
    /**
     * A read of {@code trace_pipe} returns at most two pages of lines (8 KiB), and as soon as there is
     * one line; after one of less than half that, the next waits {@link #PIPE_PAUSE_NS} for more.
     */
    private static final int PIPE_BATCH_BYTES = 4096;
    /** 1 ms: 40 lines at 40,000 events a second, far less than the smallest ring buffer holds. */
    private static final long PIPE_PAUSE_NS = 1_000_000;

    private final TracefsInstance instance;
    private final FileChannel pipe;
    private final CountingInputStream bytes;
    private final TracefsReader reader;

    TextEventPipe(TracefsInstance instance, TracefsReader.MarkerSink markers) {
        this.instance = instance;
        this.pipe = instance.open(instance.tracePipe(), StandardOpenOption.READ);
        this.bytes = new CountingInputStream(new BatchingInputStream(Channels.newInputStream(pipe), PIPE_BATCH_BYTES, PIPE_PAUSE_NS));
        TraceInput input = TraceInput.live(instance.tracePipe().toString(), bytes);
        // The kernel writes every line; one it cannot be read is skipped and counted rather than ending hours of recording.
        this.reader = TracefsReader.live(input, ReadOptions.DEFAULTS.withSkipBad(Long.MAX_VALUE), markers);
    }

    @Override
    public TracefsLiveReader reader() {
        return reader;
    }

    @Override
    public long bytesRead() {
        return bytes.count();
    }

    /** Closing the channel also wakes a read blocked in it (the JDK signals the reading thread). */
    @Override
    public void stop() {
        release();
    }

    @Override
    public void release() {
        try {
            pipe.close();
        } catch (IOException e) {
            throw SbenchException.ioFailure("close", instance.tracePipe(), e);
        }
    }

    @Override
    public String describe() {
        return "text (trace_pipe), 1 us resolution";
    }

    @Override
    public String name() {
        return instance.tracePipe().toString();
    }
}
