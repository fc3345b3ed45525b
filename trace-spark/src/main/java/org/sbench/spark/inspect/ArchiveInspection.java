// `inspect` at scale: per-file and per-volume statistics of a set of traces, as one Spark job.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.col;

import java.util.List;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.source.SbenchDataSource;
import org.sbench.spark.source.SbenchTable;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.TraceSource;
import org.sbench.spark.split.TraceSplit;

/**
 * The statistics {@code sbench inspect --json} prints, for every file and every volume of the
 * input. Per volume: the sbench source's rows with their volume and place in file order
 * ({@link VolumeRows}), shuffled by volume, sorted within it back into file order and fed through
 * trace-formats' own pipeline (the CLI's stable sort by issue time, rebase, recorded queue depth)
 * and inspector ({@link VolumeInspection}): the numbers of {@code sbench inspect} of a file holding
 * that volume's records alone. Per file: the CLI's whole pipeline in one task per file
 * ({@link WholeTraceInspection}); a file's sequential share and reordered count follow the whole
 * file in order. The two run at once and share the executors.
 */
public final class ArchiveInspection {
    private final SparkSession spark;
    private final InspectSettings settings;

    public ArchiveInspection(SparkSession spark, InspectSettings settings) {
        this.spark = spark;
        this.settings = settings;
    }

    /** The statistics of the traces under {@code paths}. */
    public ArchiveStatistics inspect(List<String> paths) {
        Dataset<Row> io = spark.read().format(SbenchDataSource.NAME).options(settings.sourceOptions(paths)).load();
        SbenchTable table = SbenchTable.of(io);
        List<TraceSplit> splits = table.splits();
        int[] traceOfSplit = new int[splits.size()];
        for (TraceSplit s : splits) {
            traceOfSplit[s.index()] = s.traceIndex();
        }
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<HadoopFiles> files = sc.broadcast(new HadoopFiles(spark.sparkContext().hadoopConfiguration()));
        List<TraceSource> traces = table.traces();
        List<Row> fileStats;
        List<Row> volumeStats;
        // Submitted first, so that its tasks (one per file, each as long as the CLI takes) start at
        // once and the volumes' tasks fill the other cores.
        JavaFutureAction<List<Row>> perFile = sc.parallelize(settings.fileStatistics() ? traces : List.of(), Math.max(1, traces.size()))
                .map(new WholeTraceInspection(files, settings.skipBad(), settings.sequentialWindow()))
                .collectAsync();
        try {
            volumeStats = VolumeRows.select(io, traceOfSplit, settings.volumesPerFile())
                    .repartition(col(VolumeRows.VOLUME))
                    .sortWithinPartitions(col(VolumeRows.VOLUME), col(VolumeRows.ORDER))
                    .queryExecution().toRdd().toJavaRDD()
                    .mapPartitions(new VolumeInspection(traces, traceOfSplit, settings.volumesPerFile(), settings.sequentialWindow()))
                    .collect();
            fileStats = perFile.get();
            // Without the files' own pass, the allowance per file is checked on the splits' counts.
            BadRecords.checkAllowance(table);
        } catch (Exception e) {
            // Spark throws its SparkException, a checked exception, without declaring it.
            perFile.cancel(true);
            throw BadRecords.unwrap(e, table);
        }
        return new ArchiveStatistics(fileStats, ArchiveStatistics.sortVolumes(volumeStats), BadRecords.cutLastLines(table));
    }

}
