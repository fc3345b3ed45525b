// The reducer of the inspect job: each group's IOs through trace-formats' pipeline and inspector.
package org.sbench.spark.inspect;

import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.sbench.spark.source.RowCheck;
import org.sbench.spark.source.TraceTally;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Takes a partition of {@link VolumeRows} sorted by group and file order and gives one
 * statistics row per group (volume or file): its IOs, as a {@link VolumeReader}, through
 * {@link TraceFormats#inIssueOrder} (the CLI's stable sort by issue time, spilling past 262,144
 * records; clock zero at the group's first IO; recorded queue depth from completion times) and
 * {@link TraceInspector}. One group is inspected at a time.
 */
final class VolumeInspection implements FlatMapFunction<Iterator<InternalRow>, Row> {
    private static final long serialVersionUID = 1L;

    private final List<TraceSource> traces;
    private final List<TraceTally> tallies;
    private final Grouping grouping;
    private final int sequentialWindow;
    private final RowCheck check;

    /** {@code tallies}: per trace, what reading it counted; needed for files only. {@code check}: the archive's, of each row. */
    VolumeInspection(List<TraceSource> traces, List<TraceTally> tallies, Grouping grouping, int sequentialWindow, RowCheck check) {
        this.traces = List.copyOf(traces);
        this.tallies = List.copyOf(tallies);
        this.grouping = grouping;
        this.sequentialWindow = sequentialWindow;
        this.check = check;
    }

    @Override
    public Iterator<Row> call(Iterator<InternalRow> in) {
        VolumeReader.Rows rows = new VolumeReader.Rows(in, check);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public Row next() {
                if (!rows.hasNext()) {
                    throw new NoSuchElementException();
                }
                InternalRow first = rows.peek();
                int stream = first.isNullAt(VolumeRows.STREAM_AT) ? IoRecord.NO_STREAM : first.getInt(VolumeRows.STREAM_AT);
                // A volume's description is that of the first file holding it: the file of its first row.
                return inspect(rows, first.getLong(VolumeRows.VOLUME_AT), first.getInt(VolumeRows.TRACE_AT), stream);
            }
        };
    }

    /** The statistics row of trace {@code trace} when none of its IOs is in the table (a file: the CLI's of an empty trace). */
    Row empty(int trace) {
        return inspect(new VolumeReader.Rows(Collections.emptyIterator(), check), trace, trace, IoRecord.NO_STREAM);
    }

    private Row inspect(VolumeReader.Rows rows, long volume, int traceIndex, int stream) {
        TraceSource trace = traces.get(traceIndex);
        VolumeReader group = grouping == Grouping.FILE
                ? VolumeReader.ofFile(rows, volume, trace.description().info(), tallies.get(traceIndex))
                : VolumeReader.ofVolume(rows, volume, trace.description().info());
        TraceStatistics stats;
        try (TraceReader reader = TraceFormats.standard().inIssueOrder(group, ReadOptions.DEFAULTS)) {
            stats = TraceInspector.inspect(reader, sequentialWindow);
        }
        Integer key = grouping == Grouping.FILE || stream == IoRecord.NO_STREAM ? null : stream;
        return StatisticsRows.toRow(grouping == Grouping.VOLUME ? null : trace.name(), key, stats);
    }
}
