// The table a load() of the sbench source gives: the traces found and how they split.
package org.sbench.spark.source;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.SplitPlanner;
import org.sbench.spark.split.TraceListing;
import org.sbench.spark.split.TraceSource;
import org.sbench.spark.split.TraceSplit;
import org.sbench.trace.format.TraceFormats;

/**
 * The traces under the given paths, listed, detected and split once, on the driver, when the
 * table is loaded (so that a missing file or an unknown format fails {@code load()} with its
 * one-line message). Holds the {@link SplitCounts} its scans report to.
 */
public final class SbenchTable implements SupportsRead {
    private final SourceOptions options;
    private final HadoopFiles files;
    private final List<TraceSource> traces;
    private final List<TraceSplit> splits;
    private final SplitCounts counts = new SplitCounts();

    SbenchTable(SparkSession spark, SourceOptions options) {
        this.options = options;
        this.files = new HadoopFiles(spark.sparkContext().hadoopConfiguration());
        TraceListing.Traces found = new TraceListing(files, TraceFormats.standard()).list(options.paths(), options.from());
        this.traces = found.sources();
        this.splits = new SplitPlanner(files, options.splitBytes()).plan(traces, found.formats());
        spark.sparkContext().register(counts, "sbench split counts");
    }

    /** The sbench table a Dataset read from, or null when it did not come from the sbench source. */
    public static SbenchTable of(Dataset<?> rows) {
        LogicalPlan plan = rows.queryExecution().analyzed();
        scala.collection.Iterator<LogicalPlan> leaves = plan.collectLeaves().iterator();
        while (leaves.hasNext()) {
            LogicalPlan leaf = leaves.next();
            if (leaf instanceof DataSourceV2Relation relation && relation.table() instanceof SbenchTable table) {
                return table;
            }
        }
        return null;
    }

    public SourceOptions options() {
        return options;
    }

    public List<TraceSource> traces() {
        return traces;
    }

    public List<TraceSplit> splits() {
        return splits;
    }

    /** Per split: records delivered, bad records skipped, request counts ({@link SplitCounts}), by the scans that ran to the end. */
    public SplitCounts counts() {
        return counts;
    }

    HadoopFiles files() {
        return files;
    }

    @Override
    public String name() {
        return "sbench " + String.join(",", options.paths());
    }

    @Override
    public StructType schema() {
        return IoColumn.SCHEMA;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return new TraceScan(this);
    }
}
