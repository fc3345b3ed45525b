// IOs from a stream of decoded tracefs events (the binary ring buffer's), paired as the text reader pairs lines.
package org.sbench.trace.format.tracefs;

import java.util.EnumSet;
import java.util.function.LongFunction;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.blockevents.BlockEventPairing;

/**
 * A live reader of {@link TracefsEvent}s decoded elsewhere (a tracefs instance's
 * {@code per_cpu/cpuN/trace_pipe_raw} pages, {@code tracefs.raw}): each goes through the same
 * {@link TracefsEvent#deliver} as a line of {@link TracefsReader#live}, so pairing, markers, losses
 * and the counts are the text reader's. Issues whose completion never comes are dropped and
 * counted ({@link #lostIssues()}); an event found bad (a completion before its issue) is skipped
 * and counted ({@link #badLines()}). Not thread-safe.
 */
public final class TracefsEventReader implements TracefsLiveReader {
    /** Where the events come from, in time order. */
    @FunctionalInterface
    public interface Source {
        /**
         * Fills {@code into} with the next event, waiting for one as long as the stream runs.
         *
         * @return false at the end of the stream
         */
        boolean next(TracefsEvent into);
    }

    private static final TraceInfo INFO = TraceInfo.of(TracefsFormat.NAME, EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS))
            .withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);

    private final Source source;
    private final TracefsReader.MarkerSink markers;
    private final BlockEventPairing pairing = new BlockEventPairing(false, record -> true);
    private final TracefsEvent event = new TracefsEvent();
    private final LongFunction<SbenchException> earlier =
            issueNs -> SbenchException.badInput("trace_pipe_raw", "an event with " + BlockEventPairing.earlierThanIssue(issueNs)
                    + ", found " + event.timeNs + " ns");
    private long bad;
    private boolean endOfInput;

    public TracefsEventReader(Source source, TracefsReader.MarkerSink markers) {
        this.source = source;
        this.markers = markers;
    }

    @Override
    public TraceInfo info() {
        return INFO;
    }

    @Override
    public boolean next(IoRecord into) {
        while (!pairing.poll(into, endOfInput)) {
            if (endOfInput) {
                return false;
            }
            if (!source.next(event)) {
                endOfInput = true;
                continue;
            }
            try {
                endOfInput = event.deliver(pairing, markers, earlier);
            } catch (SbenchException e) {
                bad++;
            }
        }
        return true;
    }

    @Override
    public int pendingIssues() {
        return pairing.pending();
    }

    @Override
    public long lostIssues() {
        return pairing.lostIssues();
    }

    @Override
    public long badLines() {
        return bad;
    }

    @Override
    public long skippedRecords() {
        return bad + pairing.lostIssues();
    }

    @Override
    public RequestAccounts requestAccounts() {
        return pairing.requestAccounts();
    }

    @Override
    public void close() {
        // The source belongs to its maker.
    }
}
