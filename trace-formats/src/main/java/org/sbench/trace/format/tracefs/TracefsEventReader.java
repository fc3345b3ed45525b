// IOs from a stream of decoded tracefs events (the binary ring buffer's), paired as the text reader pairs lines.
package org.sbench.trace.format.tracefs;

import java.util.EnumSet;
import java.util.function.LongFunction;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.blockevents.BlockEventPairing;
import org.sbench.trace.input.BadRecordBudget;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;

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

    private static final TraceInfo INFO = info(TracefsFormat.NAME);

    private final Source source;
    private final TracefsReader.MarkerSink markers;
    private final TraceInfo info;
    private final BlockEventPairing pairing;
    private final BadRecordBudget budget;
    private final TracefsEvent event = new TracefsEvent();
    private final String name;
    private final LongFunction<SbenchException> earlier;
    private boolean endOfInput;

    /** A live reader: issues left without completion dropped, bad events skipped however many. */
    public TracefsEventReader(Source source, TracefsReader.MarkerSink markers) {
        this(source, markers, INFO, "trace_pipe_raw", null, ReadOptions.DEFAULTS.withSkipBad(Long.MAX_VALUE));
    }

    private TracefsEventReader(Source source, TracefsReader.MarkerSink markers, TraceInfo info, String name,
                               RecordChecks checks, ReadOptions options) {
        this.source = source;
        this.markers = markers;
        this.info = info;
        this.name = name;
        this.budget = options.newBudget();
        this.pairing = new BlockEventPairing(checks != null, checks == null ? record -> true : record -> accept(checks, record));
        this.earlier = issueNs -> SbenchException.badInput(name, "an event with " + BlockEventPairing.earlierThanIssue(issueNs)
                + ", found " + event.timeNs + " ns");
    }

    /**
     * A reader of a saved capture named {@code name} (a trace.dat), read as the text reader reads a file: an issue
     * without completion is an IO without completion time, markers are passed over, and a bad event or record is an
     * error unless {@code options} allow skipping it. {@code info} is what the reader says of the trace.
     */
    public static TracefsEventReader ofFile(Source source, String name, TraceInfo info, ReadOptions options) {
        return new TracefsEventReader(source, (timeNs, text) -> false, info, name, options.recordChecks(), options);
    }

    /** The fields and metadata of the IOs these events give. */
    public static TraceInfo info(String sourceFormat) {
        return TraceInfo.of(sourceFormat, EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS)).withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);
    }

    private boolean accept(RecordChecks checks, IoRecord record) {
        String problem = checks.problem(record);
        if (problem == null) {
            return true;
        }
        budget.reject(RecordChecks.badRecord(name, problem, record));
        return false;
    }

    @Override
    public TraceInfo info() {
        return info;
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
                budget.reject(e);
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
        return budget.skipped();
    }

    @Override
    public long skippedRecords() {
        return budget.skipped() + pairing.lostIssues();
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
