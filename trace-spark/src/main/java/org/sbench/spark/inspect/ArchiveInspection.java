// `inspect` at scale: per-file and per-volume statistics of a set of traces, as one Spark job.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.col;

import java.util.List;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.sbench.spark.source.Archive;
import org.sbench.spark.source.TraceArchive;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.TraceSource;

/**
 * The statistics {@code sbench inspect --json} prints, for every file and every volume of the
 * input. Per volume: the sbench source's rows with their volume and place in file order
 * ({@link VolumeRows}), shuffled by volume, sorted within it back into file order and fed through
 * trace-formats' own pipeline (the CLI's stable sort by issue time, rebase, recorded queue depth)
 * and inspector ({@link VolumeInspection}): the numbers of {@code sbench inspect} of a file holding
 * that volume's records alone. Per file: the CLI's whole pipeline in one task per file
 * ({@link WholeTraceInspection}); a file's sequential share and reordered count follow the whole
 * file in order. The two run at once and share the executors. Of the Parquet table {@code convert}
 * wrote ({@link org.sbench.spark.source.ParquetArchive}), a file's statistics are those of its rows,
 * grouped, sorted and inspected as a volume's are, with what reading it counted as the table keeps it.
 */
public final class ArchiveInspection {
    private final SparkSession spark;
    private final InspectSettings settings;

    public ArchiveInspection(SparkSession spark, InspectSettings settings) {
        this.spark = spark;
        this.settings = settings;
    }

    /** The statistics of the traces under {@code paths}, or of the Parquet table of them it names. */
    public ArchiveStatistics inspect(List<String> paths) {
        Archive archive = Archive.open(spark, paths, settings.read().sourceOptions(paths));
        List<TraceSource> traces = archive.traces();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<HadoopFiles> files = sc.broadcast(new HadoopFiles(spark.sparkContext().hadoopConfiguration()));
        // Traces are read whole by the CLI's pipeline, one task each; a table's files are grouped from its rows.
        boolean readFiles = settings.fileStatistics() && archive instanceof TraceArchive;
        // Submitted first, so that its tasks (one per file, each as long as the CLI takes) start at
        // once and the volumes' tasks fill the other cores.
        JavaFutureAction<List<Row>> perFile = sc.parallelize(readFiles ? traces : List.of(), Math.max(1, traces.size()))
                .map(new WholeTraceInspection(files, settings.read().skipBad(), settings.sequentialWindow()))
                .collectAsync();
        try {
            Dataset<Row> volumeStats = SortedVolumes.of(spark,
                    statistics(archive, settings.volumesPerFile() ? Grouping.VOLUME_PER_FILE : Grouping.VOLUME));
            List<Row> fileStats = settings.fileStatistics() && !readFiles ? tableFiles(archive) : perFile.get();
            // Without the files' own pass, the allowance per file is checked on the splits' counts.
            archive.checkAllowance();
            return new ArchiveStatistics(fileStats, volumeStats, archive.warnings());
        } catch (Exception e) {
            // Spark throws its SparkException, a checked exception, without declaring it.
            perFile.cancel(true);
            throw archive.unwrap(e);
        }
    }

    /**
     * The statistics of the groups of the archive's IOs: shuffled by group, sorted back into file
     * order within each, and inspected one group at a time.
     */
    private JavaRDD<Row> statistics(Archive archive, Grouping grouping) {
        Dataset<Row> rows = VolumeRows.select(archive.io(), grouping);
        // Adaptive execution's partitions: 64 MB of shuffled rows at most however large the archive (one partition per
        // core was half of it a task, its sort's memory growing with it), and as many as cores from a MB a core up.
        // Below that, its 1 MB least size made one partition while the work is the volumes' (20,000 volumes of one IO
        // were one task): then one per core, a number given, which it does not coalesce; the rows are read again.
        RDD<InternalRow> byVolume = sortedByVolume(rows.repartition(col(VolumeRows.VOLUME)));
        int cores = spark.sparkContext().defaultParallelism();
        if (byVolume.getNumPartitions() < cores) {
            byVolume = sortedByVolume(rows.repartition(cores, col(VolumeRows.VOLUME)));
        }
        return byVolume.toJavaRDD().mapPartitions(inspection(archive, grouping));
    }

    private static RDD<InternalRow> sortedByVolume(Dataset<Row> byVolume) {
        return byVolume.sortWithinPartitions(col(VolumeRows.VOLUME), col(VolumeRows.ORDER)).queryExecution().toRdd();
    }

    private VolumeInspection inspection(Archive archive, Grouping grouping) {
        return new VolumeInspection(archive.traces(), grouping == Grouping.FILE ? archive.tallies() : List.of(), grouping,
                settings.sequentialWindow(), archive.rowCheck());
    }

    /** A table's files, in input order, from its rows: each file's IOs in file order, as the CLI reads the file. */
    private List<Row> tableFiles(Archive archive) {
        // One row per file of the listing, which the driver holds already.
        List<Row> found = statistics(archive, Grouping.FILE).collect();
        List<TraceSource> traces = archive.traces();
        Row[] byTrace = new Row[traces.size()];
        for (Row r : found) {
            for (int t = 0; t < byTrace.length; t++) {
                if (traces.get(t).name().equals(r.getString(0))) {
                    byTrace[t] = r;
                }
            }
        }
        VolumeInspection inspection = inspection(archive, Grouping.FILE);
        for (int t = 0; t < byTrace.length; t++) {
            if (byTrace[t] == null) {
                byTrace[t] = inspection.empty(t);
            }
        }
        return List.of(byTrace);
    }
}
