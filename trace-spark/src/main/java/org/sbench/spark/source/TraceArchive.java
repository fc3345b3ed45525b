// Traces read by the sbench source, as an Archive.
package org.sbench.spark.source;

import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.spark_partition_id;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.spark.split.TraceSource;
import org.sbench.spark.split.TraceSplit;
import org.sbench.trace.RequestAccounts;

/**
 * The rows of the sbench source with their place in file order and trace, both taken right above
 * the scan, where a partition is one split, numbered in file order: the place is
 * {@code monotonically_increasing_id} (the split in the high bits, the row within it in the low
 * ones), the trace the split's.
 */
public final class TraceArchive implements Archive {
    private final Dataset<Row> io;
    private final SbenchTable table;

    private TraceArchive(Dataset<Row> io, SbenchTable table) {
        this.io = io;
        this.table = table;
    }

    static TraceArchive load(SparkSession spark, Map<String, String> sourceOptions) {
        Dataset<Row> rows = spark.read().format(SbenchDataSource.NAME).options(sourceOptions).load();
        SbenchTable table = SbenchTable.of(rows);
        int[] traceOfSplit = new int[table.splits().size()];
        for (TraceSplit s : table.splits()) {
            traceOfSplit[s.index()] = s.traceIndex();
        }
        return new TraceArchive(rows.withColumn(ORDER, monotonically_increasing_id())
                .withColumn(TRACE, element_at(lit(traceOfSplit), spark_partition_id().plus(1))), table);
    }

    /** The source's rows alone, the columns of {@link IoColumn}, as a table of them is written. */
    public Dataset<Row> sourceRows() {
        return io.drop(ORDER, TRACE);
    }

    @Override
    public Dataset<Row> io() {
        return io;
    }

    @Override
    public List<TraceSource> traces() {
        return table.traces();
    }

    @Override
    public long records() {
        return table.counts().value().values().stream().mapToLong(SplitCounts.Count::records).sum();
    }

    @Override
    public List<TraceTally> tallies() {
        long[] skipped = BadRecords.skippedPerTrace(table);
        long[] cut = BadRecords.cutLastLinePerTrace(table);
        RequestAccounts[] requests = new RequestAccounts[skipped.length];
        Map<Integer, SplitCounts.Count> counts = table.counts().value();
        for (TraceSplit s : table.splits()) {
            SplitCounts.Count c = counts.get(s.index());
            if (c != null && c.requests() != null) {
                if (requests[s.traceIndex()] == null) {
                    requests[s.traceIndex()] = new RequestAccounts();
                }
                requests[s.traceIndex()].add(c.requests());
            }
        }
        List<TraceTally> tallies = new ArrayList<>(skipped.length);
        for (int t = 0; t < skipped.length; t++) {
            tallies.add(new TraceTally(skipped[t], cut[t], requests[t] == null ? null : requests[t].counts()));
        }
        return tallies;
    }

    @Override
    public List<String> warnings() {
        return BadRecords.cutLastLines(table);
    }

    @Override
    public void checkAllowance() {
        BadRecords.checkAllowance(table);
    }

    @Override
    public RuntimeException unwrap(Exception failure) {
        return BadRecords.unwrap(failure, table);
    }
}
