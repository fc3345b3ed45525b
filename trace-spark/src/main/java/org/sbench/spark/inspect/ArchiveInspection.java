// `inspect` at scale: per-file and per-volume statistics of a set of traces, as one Spark job.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
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
 * input. Per volume: the sbench source's rows marked with their place in file order
 * ({@link FileOrder}), shuffled by volume, sorted within it by issue time (ties in file order, as
 * the CLI's stable sort leaves them) and fed through trace-formats' pipeline and inspector
 * ({@link VolumeInspection}): the numbers of {@code sbench inspect} of that volume's records alone.
 * Per file: the CLI's own pipeline in one task per file ({@link WholeTraceInspection}). Both run
 * in the same job, so files and volumes share the executors.
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
        Dataset<Row> volumes = FileOrder.mark(io, table, settings.volumesPerFile(), false)
                .repartition(col("volume"))
                .sortWithinPartitions(col("volume"), col("summary").desc(), col("issueNs"), col("split"), col("seq"))
                .mapPartitions(new VolumeInspection(table.traces(), traceOfSplit, settings.volumesPerFile(),
                        settings.sequentialWindow()), Encoders.row(StatisticsRows.KEYED_SCHEMA));
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<HadoopFiles> files = sc.broadcast(new HadoopFiles(spark.sparkContext().hadoopConfiguration()));
        List<TraceSource> traces = table.traces();
        JavaRDD<Row> perFile = sc.parallelize(traces, Math.max(1, traces.size()))
                .map(new WholeTraceInspection(files, settings.skipBad(), settings.sequentialWindow()));
        Dataset<Row> fileRows = spark.createDataFrame(perFile, StatisticsRows.KEYED_SCHEMA);
        List<Row> all;
        try {
            all = fileRows.withColumn(SCOPE, org.apache.spark.sql.functions.lit(FILE_SCOPE))
                    .unionByName(volumes.withColumn(SCOPE, org.apache.spark.sql.functions.lit(VOLUME_SCOPE)))
                    .collectAsList();
        } catch (Exception e) {
            // Spark throws its SparkException, a checked exception, without declaring it.
            throw BadRecords.unwrap(e, table);
        }
        List<Row> fileStats = new ArrayList<>();
        List<Row> volumeStats = new ArrayList<>();
        for (Row r : all) {
            Row stats = r.getAs(SCOPE) == null ? r : dropLast(r);
            (FILE_SCOPE.equals(r.getAs(SCOPE)) ? fileStats : volumeStats).add(stats);
        }
        return new ArchiveStatistics(orderFiles(fileStats, traces), ArchiveStatistics.sortVolumes(volumeStats));
    }

    private static final String SCOPE = "scope";
    private static final String FILE_SCOPE = "file";
    private static final String VOLUME_SCOPE = "volume";

    private static Row dropLast(Row r) {
        Object[] values = new Object[r.length() - 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = r.get(i);
        }
        return org.apache.spark.sql.RowFactory.create(values);
    }

    private static List<Row> orderFiles(List<Row> rows, List<TraceSource> traces) {
        List<Row> ordered = new ArrayList<>();
        for (TraceSource t : traces) {
            for (Row r : rows) {
                if (t.name().equals(r.getString(0))) {
                    ordered.add(r);
                }
            }
        }
        return ordered;
    }

}
