// Any trace or whole archive as Parquet (zstd), with the sbench source's columns.
package org.sbench.spark.convert;

import static org.apache.spark.sql.functions.col;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.source.SbenchDataSource;
import org.sbench.spark.source.SbenchTable;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.input.TraceInput;

/**
 * Writes the rows of the sbench source (one per IO, the columns of
 * {@link org.sbench.spark.source.IoColumn}) as a Parquet directory compressed with zstd, one part
 * file per split, in file order within each, and the request counts of block traces beside them
 * ({@link #REQUESTS_FILE}). The output appears at {@code out} only when the whole
 * job succeeded and no file skipped more bad records than allowed: it is written beside it and
 * renamed. An existing {@code out} is refused.
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
        Dataset<Row> io = spark.read().format(SbenchDataSource.NAME).options(settings.sourceOptions(in)).load();
        SbenchTable table = SbenchTable.of(io);
        Dataset<Row> kept = settings.stream() == null ? io : io.filter(col("stream").equalTo(settings.streamId()));
        try {
            NewDirectory.write(fs, "OUT", out, at -> {
                kept.write().option("compression", COMPRESSION).parquet(at);
                BadRecords.checkAllowance(table);
                RequestAccounts.Counts requests = requests(table, settings);
                if (requests != null) {
                    try (OutputStream o = fs.create(new Path(at, REQUESTS_FILE))) {
                        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(o, requests);
                    }
                }
            });
        } catch (Exception e) {
            throw e instanceof IOException io2 ? failure("write", out, io2) : BadRecords.unwrap(e, table);
        }
        long records = spark.read().parquet(out).count();
        return new Summary(records, BadRecords.skipped(table), requests(table, settings), BadRecords.cutLastLines(table));
    }

    /**
     * The requests the inputs' readers counted, once the table was read; with a stream kept, marked as
     * the whole inputs' (as TraceConverter marks them for a stream cut); null when none counts them.
     */
    private static RequestAccounts.Counts requests(SbenchTable table, ExportSettings settings) {
        RequestAccounts requests = table.counts().requests();
        RequestAccounts.Counts counts = requests == null ? null : requests.counts();
        return counts == null || settings.stream() == null ? counts : counts.ofTheSource();
    }

    private static SbenchException failure(String what, String out, IOException e) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + what + " " + out + ": " + SbenchException.reason(e), e);
    }
}
