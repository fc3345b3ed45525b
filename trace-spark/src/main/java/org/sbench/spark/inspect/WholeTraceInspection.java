// The per-file statistics: one task per trace runs exactly what `sbench inspect FILE` runs.
package org.sbench.spark.inspect;

import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.SplitReader;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;

/**
 * A file's statistics, the same as {@code sbench inspect FILE}: its reader, the CLI's sort (which
 * spills to the task's temporary directory past 262,144 records), rebase and queue depth, and the
 * inspector, in one task. A file's sequential share and reordered count follow the whole file in
 * order, so a file is one task; files run in parallel. Bad records count against the allowance
 * per file, as in the CLI, and the error past it is the CLI's.
 */
final class WholeTraceInspection implements Function<TraceSource, Row> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<HadoopFiles> files;
    private final long skipBad;
    private final int sequentialWindow;

    WholeTraceInspection(Broadcast<HadoopFiles> files, long skipBad, int sequentialWindow) {
        this.files = files;
        this.skipBad = skipBad;
        this.sequentialWindow = sequentialWindow;
    }

    @Override
    public Row call(TraceSource trace) {
        return StatisticsRows.toRow(trace.name(), null, inspect(trace, files.value(), skipBad, sequentialWindow));
    }

    private static org.sbench.trace.stats.TraceStatistics inspect(TraceSource trace, HadoopFiles files, long skipBad, int window) {
        TraceFormats formats = TraceFormats.standard();
        ReadOptions options = ReadOptions.DEFAULTS.withSkipBad(skipBad);
        try (TraceReader reader = formats.inIssueOrder(SplitReader.openWhole(trace, formats.byName(trace.format()), files, options), options)) {
            return TraceInspector.inspect(reader, window);
        }
    }
}
