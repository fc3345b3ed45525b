// Any trace or whole archive as Parquet (zstd), with the sbench source's columns.
package org.sbench.spark.convert;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
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
 * file per split, in file order within each. The output appears at {@code out} only when the whole
 * job succeeded and no file skipped more bad records than allowed: it is written beside it and
 * renamed. An existing {@code out} is refused.
 */
public final class ParquetExport {
    private static final String COMPRESSION = "zstd";

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
            });
        } catch (Exception e) {
            throw e instanceof IOException io2 ? failure("write", out, io2) : BadRecords.unwrap(e, table);
        }
        long records = spark.read().parquet(out).count();
        RequestAccounts requests = table.counts().requests();
        RequestAccounts.Counts counts = requests == null ? null : requests.counts();
        // Counted over the whole input, as TraceConverter marks them for a stream cut from it.
        return new Summary(records, BadRecords.skipped(table), counts == null || settings.stream() == null ? counts : counts.ofTheSource(),
                BadRecords.cutLastLines(table));
    }

    private static SbenchException failure(String what, String out, IOException e) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + what + " " + out + ": " + SbenchException.reason(e), e);
    }
}
