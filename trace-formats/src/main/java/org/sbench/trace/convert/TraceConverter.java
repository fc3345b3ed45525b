package org.sbench.trace.convert;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.stats.StreamsSeen;

/**
 * Copies the records of an opened trace that pass the filters into a writer, streaming. Times are
 * rebased so that the first written IO is at 0 (phase markers move with them, and those outside
 * the kept time range are dropped); recorded queue depths are kept as recorded.
 */
public final class TraceConverter {
    /** How many of a trace's streams {@link #noSuchStream} takes: as many as it names, and one to say there are more. */
    public static final int STREAMS_NAMED = StreamsSeen.MAX_KEPT + 1;

    private TraceConverter() {
    }

    /**
     * What a conversion did; {@code incompleteLastLine} is the number of the input's last line
     * when it had no line end and was not read (0: none); {@code requests}, the requests of block
     * request events that are not ordinary IOs, as far as read (null: the input has none);
     * {@code leftOut}, what the output format could not hold ({@link TraceWriter#leftOut()}).
     */
    public record Summary(long read, long written, long reordered, long skipped, long incompleteLastLine, String format,
                          RequestAccounts.Counts requests, String leftOut) {
    }

    /**
     * Writes the records of {@code reader} that {@code settings} keep to {@code out}.
     *
     * @throws SbenchException a usage error naming the streams present when the stream to keep is
     *         not in the trace (rather than an empty output); nothing is written then
     */
    public static Summary convert(TraceReader reader, TraceFormat outFormat, Path out, ConvertSettings settings) {
        IoRecord r = new IoRecord();
        long read = 0;
        boolean any = false;
        boolean ended = true;
        StreamsSeen streams = new StreamsSeen();
        while (reader.next(r)) {
            read++;
            streams.add(r.stream);
            if (settings.pastEnd(r, 0)) {
                ended = false;
                break;
            }
            if (settings.keeps(r)) {
                any = true;
                ended = false;
                break;
            }
        }
        int wanted = settings.stream();
        if (ended && wanted != IoRecord.NO_STREAM && !streams.contains(wanted) && !streams.incomplete()) {
            throw noSuchStream(settings, reader.info(), read > 0, streams);
        }
        long originNs = any ? r.issueNs : 0;
        TraceInfo in = reader.info();
        TraceInfo outInfo = in.withPhases(phasesWithin(in.phases(), settings, originNs)).rebased(originNs);
        for (Map.Entry<String, String> m : settings.outputMetadata().entrySet()) {
            outInfo = outInfo.withMetadata(m.getKey(), m.getValue());
        }
        long written = 0;
        RequestAccounts.Counts requests;
        String leftOut;
        try (TraceWriter writer = outFormat.openWriter(out, outInfo)) {
            boolean more = any;
            while (more) {
                if (settings.keeps(r)) {
                    r.issueNs -= originNs;
                    if (r.hasComplete()) {
                        r.completeNs -= originNs;
                    }
                    writer.write(r);
                    written++;
                }
                more = reader.next(r);
                if (more) {
                    read++;
                    more = !settings.pastEnd(r, written);
                }
            }
            // Known only now, so stored where the format keeps what is learned while writing (.sbt's trailer).
            requests = RequestAccounts.Counts.of(reader);
            if (requests != null && settings.selects()) {
                // Counted over the whole input: the output would claim them as its own (N of its IOs failed).
                requests = requests.ofTheSource();
            }
            if (requests != null) {
                requests.metadata().forEach(writer::putMetadata);
            }
            writer.finish();
            leftOut = writer.leftOut();
        }
        return new Summary(read, written, reader.reorderedRecords(), reader.skippedRecords(), reader.incompleteLastLine(),
                outFormat.name(), requests, leftOut);
    }

    /**
     * The usage error for a {@code --stream} the trace has not, naming the streams it has: those of
     * its IOs, {@code streams} (at most {@link #STREAMS_NAMED}, the lowest), for a caller that found them by other means than reading the trace through
     * {@link #convert} (Spark, from its table).
     */
    public static SbenchException noSuchStream(ConvertSettings settings, TraceInfo info, int[] streams) {
        StreamsSeen seen = new StreamsSeen();
        for (int s : streams) {
            seen.add(s);
        }
        return noSuchStream(settings, info, streams.length > 0, seen);
    }

    private static SbenchException noSuchStream(ConvertSettings settings, TraceInfo info, boolean anyIo, StreamsSeen streams) {
        return SbenchException.usage("--stream " + settings.streamName(info) + ": the trace has no such stream; "
                + (anyIo ? streams.describe(info) : "it has no IOs"));
    }

    /**
     * The phases of the records kept. A trace kept from its start keeps them as they are, marks made
     * before its first IO too (a recorder's, at negative times). A slice ({@code --start}) from
     * {@code originNs} (its first record's time) on keeps the phase in effect then (begun at or
     * before it), moved to it, so that its first records keep their phase; then those that begin
     * after it, before the end.
     */
    static List<PhaseMarker> phasesWithin(List<PhaseMarker> phases, ConvertSettings s, long originNs) {
        List<PhaseMarker> kept = new ArrayList<>();
        if (s.startNs() <= 0) {
            for (PhaseMarker p : phases) {
                if (s.beforeEnd(p.timeNs())) {
                    kept.add(p);
                }
            }
            return kept;
        }
        PhaseMarker current = null;
        for (PhaseMarker p : phases) {
            if (p.timeNs() <= originNs) {
                current = current == null || p.timeNs() >= current.timeNs() ? p : current;
            } else if (s.beforeEnd(p.timeNs())) {
                kept.add(p);
            }
        }
        if (current != null) {
            kept.add(0, new PhaseMarker(current.name(), originNs));
        }
        return kept;
    }
}
