// The IOs of an input, whichever it is: traces the sbench source reads, or the Parquet table convert wrote of them.
package org.sbench.spark.source;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.RequestAccounts;

/**
 * An input of {@code inspect} and {@code convert}: its IOs as rows of {@link IoColumn} with their
 * place in file order ({@link #ORDER}) and their trace ({@link #TRACE}), the traces' descriptions,
 * and what reading them counted. Either traces read by the sbench source ({@link TraceArchive}) or
 * the Parquet table {@code convert} wrote of them ({@link ParquetArchive}), which is read instead of
 * the traces when the input is such a table.
 */
public interface Archive {
    /** The column of a row's place in file order over the whole input (a long; ties none). */
    String ORDER = "order";
    /** The column of a row's trace: its index in {@link #traces()} (an int). */
    String TRACE = "trace";

    /** The Parquet table sbench-spark wrote, when {@code paths} is one; else the traces they name, read with {@code sourceOptions}. */
    static Archive open(SparkSession spark, List<String> paths, Map<String, String> sourceOptions) {
        ParquetArchive table = ParquetArchive.find(spark, paths, SourceOptions.parse(sourceOptions));
        return table != null ? table : TraceArchive.load(spark, sourceOptions);
    }

    /** The IOs: the columns of {@link IoColumn}, then {@link #ORDER} and {@link #TRACE}. */
    Dataset<Row> io();

    /** The traces, in input order. */
    List<TraceSource> traces();

    /** What reading each trace counted, in the order of {@link #traces()}; known once the IOs were read. */
    List<TraceTally> tallies();

    /** The requests the traces' readers counted, added up; null when none counts them. */
    default RequestAccounts requests() {
        RequestAccounts sum = null;
        for (TraceTally t : tallies()) {
            if (t.requests() != null) {
                if (sum == null) {
                    sum = new RequestAccounts();
                }
                sum.add(t.requests());
            }
        }
        return sum;
    }

    /** The records the input holds, as its readers delivered them (bad ones not counted), before any filter; known once the IOs were read. */
    long records();

    /** Bad records skipped in all. */
    default long skipped() {
        return tallies().stream().mapToLong(TraceTally::skipped).sum();
    }

    /** The CLI's warnings on reading the traces (a cut last line, not read), for this read. */
    List<String> warnings();

    /** The check of each row read from {@link #io()} as a record: none for traces, whose readers checked each. */
    default RowCheck rowCheck() {
        return ReadersChecked.INSTANCE;
    }

    /** Fails with the CLI's error when a trace skipped more bad records than allowed. */
    void checkAllowance();

    /** The error to report for a failed job over the IOs (unchecked). */
    RuntimeException unwrap(Exception failure);
}
