package org.sbench.trace.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * Streams over a trace once and states what is in it ({@link TraceStatistics}). Memory is bounded
 * by the streams given a row (a few hundred bytes each: the first {@value Rows#MAX}, or those
 * {@link Rows} says), the sequential windows ({@link SequentialWindow}) and the footprint's budget
 * ({@link BlockFootprint}), not by trace length nor its number of streams. A stream given no row
 * counts in the trace's totals and the summed row of the others ({@link TraceStatistics.OtherStreams})
 * but not in the footprint, and is named in {@link #unkept()}. {@link #close()} deletes the
 * footprint's temporary files, if it spilled.
 */
public final class TraceInspector implements AutoCloseable {
    private static final double PERCENT = 100.0;

    /**
     * The streams given a row: the first {@code max} seen, or ({@code one}) {@code stream} alone.
     */
    public record Rows(int max, boolean one, int stream) {
        /** The most streams given a row (about 700 bytes each), as many as a replay of all streams lays out. */
        public static final int MAX = 65_536;
        /** Rows for the first {@value #MAX} streams seen. */
        public static final Rows FIRST = new Rows(MAX, false, 0);

        /** A row for {@code stream} alone. */
        public static Rows of(int stream) {
            return new Rows(1, true, stream);
        }
    }

    private final SequentialWindow window;
    private final Rows rows;
    private final StreamsSeen unkept = new StreamsSeen();
    /** What the counters of the streams given no row are added to: their summed row. */
    private final long[] unkeptCounters = new long[STREAM_COUNTERS];
    private final BlockFootprint footprint;
    private final long[] sizeCount = new long[SizeClass.values().length];
    private final long[][] sizeOpCount = new long[SizeClass.values().length][2];
    private final long[][] sizeOpBytes = new long[SizeClass.values().length][2];
    private final long[] qdBuckets = new long[QdBucket.values().length];
    private final StreamSlots streamSlots = StreamSlots.unbounded();
    /** The counters of each stream, by its slot. */
    private long[][] streams = new long[streamSlots.capacity()][];
    // The counters of a stream, by index.
    private static final int STREAM_RECORDS = 0;
    // Reads then writes, bytes read then written: indexed by op, 0 for reads and 1 for writes.
    private static final int STREAM_READS = 1;
    private static final int STREAM_WRITES = 2;
    private static final int STREAM_BYTES_READ = 3;
    private static final int STREAM_BYTES_WRITTEN = 4;
    private static final int STREAM_MAX_OFFSET = 5;
    private static final int STREAM_WITHOUT_COMPLETION = 6;
    private static final int STREAM_WITHOUT_QD = 7;
    private static final int STREAM_TRIMS = 8;
    private static final int STREAM_COUNTERS = 9;
    private long maxIoBytes;
    private long records;
    private final long[] opCount = new long[Op.values().length];
    private final long[] opBytes = new long[Op.values().length];
    private long sequential;
    private long maxOffset;
    private long firstIssueNs;
    private long lastIssueNs;
    private long qdSum;
    private long qdRecords;
    private int maxQd;
    private long withoutCompletion;

    public TraceInspector(int sequentialWindow) {
        this(sequentialWindow, new BlockFootprint());
    }

    /** An inspector counting the footprint in {@code footprint}, which it closes. */
    public TraceInspector(int sequentialWindow, BlockFootprint footprint) {
        this(sequentialWindow, footprint, Rows.FIRST);
    }

    /** An inspector counting the footprint in {@code footprint}, which it closes, giving a row to the streams {@code rows} says. */
    public TraceInspector(int sequentialWindow, BlockFootprint footprint, Rows rows) {
        this.window = new SequentialWindow(sequentialWindow);
        this.footprint = footprint;
        this.rows = rows;
    }

    /** Reads {@code reader} to the end and returns its statistics (the reader is not closed). */
    public static TraceStatistics inspect(TraceReader reader, int sequentialWindow) {
        return inspect(reader, sequentialWindow, new BlockFootprint());
    }

    /** As {@link #inspect(TraceReader, int)}, counting the footprint in {@code footprint}, closed before this returns or throws. */
    public static TraceStatistics inspect(TraceReader reader, int sequentialWindow, BlockFootprint footprint) {
        try (TraceInspector inspector = new TraceInspector(sequentialWindow, footprint)) {
            return inspector.readAll(reader);
        }
    }

    /** Adds the records of {@code reader} to its end and returns the statistics (the reader is not closed). */
    public TraceStatistics readAll(TraceReader reader) {
        IoRecord r = new IoRecord();
        while (reader.next(r)) {
            add(r);
        }
        return result(reader.info(), reader.reorderedRecords(), reader.skippedRecords(), reader.incompleteLastLine(),
                RequestAccounts.Counts.of(reader));
    }

    /** The streams given no row, the first {@value StreamsSeen#MAX_KEPT} of them. */
    public StreamsSeen unkept() {
        return unkept;
    }

    /** Adds one record; records must come in issue order. */
    public void add(IoRecord r) {
        if (records == 0) {
            firstIssueNs = r.issueNs;
        }
        lastIssueNs = r.issueNs;
        records++;
        opCount[r.op.ordinal()]++;
        opBytes[r.op.ordinal()] += r.lengthBytes;
        boolean seq = window.accept(r);
        long[] s = streamCounters(r.stream);
        if (r.op != Op.FLUSH) {
            maxOffset = Math.max(maxOffset, r.endOffsetBytes());
            s[STREAM_MAX_OFFSET] = Math.max(s[STREAM_MAX_OFFSET], r.endOffsetBytes());
        }
        if (r.op.transfersData()) {
            maxIoBytes = Math.max(maxIoBytes, r.lengthBytes);
            if (seq) {
                sequential++;
            }
            int c = SizeClass.of(r.lengthBytes).ordinal();
            // Indexes rather than branches: reads and writes come in no order a branch could learn.
            int op = r.op == Op.READ ? 0 : 1;
            sizeCount[c]++;
            sizeOpCount[c][op]++;
            sizeOpBytes[c][op] += r.lengthBytes;
            s[STREAM_READS + op]++;
            s[STREAM_BYTES_READ + op] += r.lengthBytes;
            if (s != unkeptCounters) {
                footprint.add(r.stream, r.offsetBytes, r.lengthBytes);
            }
        } else if (r.op == Op.TRIM) {
            s[STREAM_TRIMS]++;
        }
        if (r.qd != IoRecord.NO_QD) {
            qdSum += r.qd;
            qdRecords++;
            qdBuckets[QdBucket.of(r.qd).ordinal()]++;
            maxQd = Math.max(maxQd, r.qd);
        } else {
            s[STREAM_WITHOUT_QD]++;
        }
        if (!r.hasComplete()) {
            withoutCompletion++;
            s[STREAM_WITHOUT_COMPLETION]++;
        }
        s[STREAM_RECORDS]++;
    }

    private long[] streamCounters(int stream) {
        if (rows.one() ? stream != rows.stream() : streamSlots.used() >= rows.max() && !streamSlots.holds(stream)) {
            unkept.add(stream);
            return unkeptCounters;
        }
        int slot = streamSlots.slotOf(stream);
        if (streamSlots.fresh()) {
            if (slot >= streams.length) {
                streams = Arrays.copyOf(streams, streamSlots.capacity());
            }
            streams[slot] = new long[STREAM_COUNTERS];
        }
        return streams[slot];
    }

    /**
     * The statistics of the records added, for a trace described by {@code info} whose reader
     * reordered, skipped and (when not 0) left out a cut last line as given, and counted
     * {@code requests} that are not ordinary IOs (null: none of a block request event trace).
     */
    public TraceStatistics result(TraceInfo info, long reordered, long skipped, long incompleteLastLine,
                                  RequestAccounts.Counts requests) {
        long reads = opCount[Op.READ.ordinal()];
        long writes = opCount[Op.WRITE.ordinal()];
        long rw = reads + writes;
        long rwBytes = opBytes[Op.READ.ordinal()] + opBytes[Op.WRITE.ordinal()];
        List<TraceStatistics.SizeClassRow> sizes = new ArrayList<>();
        for (SizeClass c : SizeClass.values()) {
            int i = c.ordinal();
            long bytes = sizeOpBytes[i][0] + sizeOpBytes[i][1];
            sizes.add(new TraceStatistics.SizeClassRow(c.label(), sizeCount[i], pct(sizeCount[i], rw), bytes,
                    pct(bytes, rwBytes), sizeOpCount[i][0], sizeOpCount[i][1], sizeOpBytes[i][0], sizeOpBytes[i][1]));
        }
        boolean qdKnown = info.has(Field.QD) && qdRecords == records && records > 0;
        List<TraceStatistics.QdRow> histogram = new ArrayList<>();
        if (qdKnown) {
            for (QdBucket b : QdBucket.values()) {
                histogram.add(new TraceStatistics.QdRow(b.label(), qdBuckets[b.ordinal()], pct(qdBuckets[b.ordinal()], records)));
            }
        }
        TraceStatistics.Qd qd = new TraceStatistics.Qd(qdKnown, qdKnown ? (double) qdSum / records : 0,
                qdKnown ? pct(qdBuckets[QdBucket.QD1.ordinal()], records) : 0, maxQd, histogram);
        Map<Integer, long[]> byStream = new TreeMap<>();
        for (int slot = 0; slot < streamSlots.used(); slot++) {
            byStream.put(streamSlots.streamOf(slot), streams[slot]);
        }
        List<TraceStatistics.StreamRow> streamRows = new ArrayList<>();
        for (Map.Entry<Integer, long[]> e : byStream.entrySet()) {
            streamRows.add(row(e.getKey(), info.streamName(e.getKey()), e.getValue()));
        }
        TraceStatistics.OtherStreams others = unkept.size() == 0 ? null : new TraceStatistics.OtherStreams(unkept.size(),
                unkept.incomplete(), row(IoRecord.NO_STREAM, TraceStatistics.OtherStreams.NAME, unkeptCounters));
        List<TraceStatistics.Phase> phases = new ArrayList<>();
        for (PhaseMarker p : info.phases()) {
            phases.add(new TraceStatistics.Phase(p.name(), p.timeNs()));
        }
        return new TraceStatistics(info.sourceFormat(), info.name(), records, reads, writes,
                opCount[Op.TRIM.ordinal()], opCount[Op.FLUSH.ordinal()], opBytes[Op.READ.ordinal()],
                opBytes[Op.WRITE.ordinal()], opBytes[Op.TRIM.ordinal()], records == 0 ? 0 : lastIssueNs - firstIssueNs,
                pct(sequential, rw), maxOffset, maxIoBytes, footprint.distinctBlocks(), reordered, skipped, incompleteLastLine, withoutCompletion, qd, sizes, streamRows, others, phases, requests);
    }

    private static TraceStatistics.StreamRow row(int stream, String name, long[] s) {
        return new TraceStatistics.StreamRow(stream, name, s[STREAM_RECORDS], s[STREAM_READS], s[STREAM_WRITES], s[STREAM_TRIMS],
                s[STREAM_BYTES_READ], s[STREAM_BYTES_WRITTEN], s[STREAM_MAX_OFFSET], s[STREAM_WITHOUT_COMPLETION], s[STREAM_WITHOUT_QD]);
    }

    @Override
    public void close() {
        footprint.close();
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : PERCENT * part / whole;
    }
}
