// Any trace or whole archive as Parquet (zstd), with the sbench source's columns.
package org.sbench.spark.convert;

import static org.apache.spark.sql.functions.col;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.source.Archive;
import org.sbench.spark.source.ParquetArchive;
import org.sbench.spark.source.TraceArchive;
import org.sbench.spark.source.TraceTally;
import org.sbench.trace.RequestAccounts;

/**
 * Writes the rows of the sbench source (one per IO, the columns of
 * {@link org.sbench.spark.source.IoColumn}) as a Parquet directory compressed with zstd, one part
 * file per split, in file order within each, the request counts of block traces beside them
 * ({@link #REQUESTS_FILE}) and the traces' descriptions and tallies
 * ({@link ParquetArchive#TRACES_FILE}), which make the table an input of {@code inspect} and
 * {@code convert} in place of the traces. The input may be such a table: the same table comes
 * out, its rows in part files of Spark's sort partitions (a stream of it with {@code --stream}).
 * The output appears at {@code out} only when the whole job succeeded and no file skipped more
 * bad records than allowed: it is written beside it and renamed. An existing {@code out} is refused.
 */
public final class ParquetExport {
    private static final String COMPRESSION = "zstd";
    /**
     * The file in the output directory that holds the request counts ({@link Summary#requests}) as
     * {@code inspect --json} gives them (its {@code requests}): Parquet readers (Spark, pyarrow) leave
     * out names that start with {@code _}.
     */
    public static final String REQUESTS_FILE = "_sbench-requests.json";

    private ParquetExport() {
    }

    /**
     * What an export wrote; the requests the inputs' readers counted (left out, failed; with a stream
     * kept, of the whole inputs), null when no input is a trace of block request events; the CLI's warnings on reading the input (a cut last
     * line, not read).
     */
    public record Summary(long records, long skipped, RequestAccounts.Counts requests, List<String> warnings) {
        public Summary {
            warnings = List.copyOf(warnings);
        }
    }

    public static Summary write(SparkSession spark, List<String> in, ExportSettings settings, String out) {
        FileSystem fs = NewDirectory.check(spark, "OUT", out);
        Archive archive = Archive.open(spark, in, settings.read().sourceOptions(in));
        Dataset<Row> io = archive instanceof TraceArchive traces ? traces.sourceRows()
                // A table's part files are read in an order of Spark's: sorted back into file order, each partition a range of it.
                : archive.io().sort(col(Archive.ORDER)).drop(Archive.ORDER, Archive.TRACE);
        Dataset<Row> kept = settings.stream() == null ? io : io.filter(col("stream").equalTo(settings.streamId()));
        // Counted before the table is put in place, which ends the command's work: a stop signal after says it was written.
        long[] records = new long[1];
        try {
            NewDirectory.write(fs, "OUT", out, at -> {
                kept.write().option("compression", COMPRESSION).parquet(at);
                archive.checkAllowance();
                RequestAccounts.Counts requests = requests(archive.requests(), settings);
                if (requests != null) {
                    try (OutputStream o = fs.create(new Path(at, REQUESTS_FILE))) {
                        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(o, requests);
                    }
                }
                ParquetArchive.writeTraces(fs, new Path(at), stored(archive, settings));
                records[0] = spark.read().parquet(at).count();
            });
        } catch (Exception e) {
            throw e instanceof IOException io2 ? failure("write", out, io2) : archive.unwrap(e);
        }
        return new Summary(records[0], archive.skipped(), requests(archive.requests(), settings), archive.warnings());
    }

    /** The traces as the table keeps them, each with what reading it counted (with a stream kept, its requests the whole trace's). */
    private static List<ParquetArchive.StoredTrace> stored(Archive archive, ExportSettings settings) {
        List<TraceTally> tallies = archive.tallies();
        List<ParquetArchive.StoredTrace> stored = new ArrayList<>();
        for (int t = 0; t < tallies.size(); t++) {
            TraceTally tally = tallies.get(t);
            stored.add(ParquetArchive.StoredTrace.of(archive.traces().get(t),
                    new TraceTally(tally.skipped(), tally.incompleteLastLine(), requests(tally.requests(), settings))));
        }
        return stored;
    }

    /**
     * {@code counts}, the requests the inputs' readers counted, once the table was read; with a
     * stream kept, marked as the whole inputs' (as TraceConverter marks them for a stream cut); null
     * when none counts them.
     */
    private static RequestAccounts.Counts requests(RequestAccounts counted, ExportSettings settings) {
        return requests(counted == null ? null : counted.counts(), settings);
    }

    private static RequestAccounts.Counts requests(RequestAccounts.Counts counts, ExportSettings settings) {
        return counts == null || settings.stream() == null ? counts : counts.ofTheSource();
    }

    private static SbenchException failure(String what, String out, IOException e) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + what + " " + out + ": " + SbenchException.reason(e), e);
    }
}
