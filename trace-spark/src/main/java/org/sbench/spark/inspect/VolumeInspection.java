// The reducer of the inspect job: each volume's IOs through trace-formats' pipeline and inspector.
package org.sbench.spark.inspect;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Takes a partition of {@link VolumeRows} sorted by volume and file order and gives one
 * statistics row per volume: its IOs, as a {@link VolumeReader}, through
 * {@link TraceFormats#inIssueOrder} (the CLI's stable sort by issue time, spilling past 262,144
 * records; clock zero at the volume's first IO; recorded queue depth from completion times) and
 * {@link TraceInspector}. One volume is inspected at a time.
 */
final class VolumeInspection implements FlatMapFunction<Iterator<InternalRow>, Row> {
    private static final long serialVersionUID = 1L;

    private final List<TraceSource> traces;
    private final int[] traceOfSplit;
    private final boolean volumesPerFile;
    private final int sequentialWindow;

    VolumeInspection(List<TraceSource> traces, int[] traceOfSplit, boolean volumesPerFile, int sequentialWindow) {
        this.traces = List.copyOf(traces);
        this.traceOfSplit = traceOfSplit.clone();
        this.volumesPerFile = volumesPerFile;
        this.sequentialWindow = sequentialWindow;
    }

    @Override
    public Iterator<Row> call(Iterator<InternalRow> in) {
        VolumeReader.Rows rows = new VolumeReader.Rows(in);
        TraceFormats formats = TraceFormats.standard();
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
                TraceSource trace = traces.get(traceOfSplit[VolumeRows.splitOf(first)]);
                VolumeReader volume = new VolumeReader(rows, trace.description().info());
                TraceStatistics stats;
                try (TraceReader reader = formats.inIssueOrder(volume, ReadOptions.DEFAULTS)) {
                    stats = TraceInspector.inspect(reader, sequentialWindow);
                }
                return StatisticsRows.toRow(volumesPerFile ? trace.name() : null, stream == IoRecord.NO_STREAM ? null : stream, stats);
            }
        };
    }
}
