// The reducer of the inspect job: each volume's IOs through trace-formats' pipeline and inspector.
package org.sbench.spark.inspect;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.sbench.spark.split.TraceDescription;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Takes a partition of {@link OrderedIo} rows sorted by volume (summaries first), issue time,
 * split and place, and gives one statistics row per volume: its IOs, as a {@link VolumeReader},
 * through {@link TraceFormats#inIssueOrder} (clock zero at the volume's first IO, recorded queue
 * depth from completion times, as {@code sbench} opens a trace) and {@link TraceInspector}. One
 * volume is in memory at a time, as the inspector's state (the footprint bitmap and the queue).
 */
final class VolumeInspection implements MapPartitionsFunction<OrderedIo, Row> {
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
    public Iterator<Row> call(Iterator<OrderedIo> in) {
        VolumeReader.PeekingIterator rows = new VolumeReader.PeekingIterator(in);
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
                VolumeReader volume = new VolumeReader(rows, split -> description(split).info());
                int stream = rows.hasNext() && rows.peek().getVolume() == volume.volume() ? rows.peek().getStream() : IoRecord.NO_STREAM;
                TraceStatistics stats;
                try (TraceReader reader = formats.inIssueOrder(volume, ReadOptions.DEFAULTS)) {
                    stats = TraceInspector.inspect(reader, sequentialWindow);
                }
                volume.skipRest();
                String file = volumesPerFile ? traces.get(FileOrder.traceOfVolume(volume.volume())).name() : null;
                return StatisticsRows.toRow(file, stream == IoRecord.NO_STREAM ? null : stream, stats);
            }
        };
    }

    private TraceDescription description(int split) {
        return traces.get(traceOfSplit[split]).description();
    }
}
