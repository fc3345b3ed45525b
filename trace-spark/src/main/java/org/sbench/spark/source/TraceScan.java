// Builds and plans a scan of an sbench table: the requested columns over the table's splits.
package org.sbench.spark.source;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.sbench.spark.split.HadoopFiles;

/** Scan builder, scan and batch in one: the splits are the table's, the columns those asked for. */
final class TraceScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
    private final SbenchTable table;
    private IoColumn[] columns = IoColumn.values();

    TraceScan(SbenchTable table) {
        this.table = table;
    }

    @Override
    public void pruneColumns(StructType required) {
        StructField[] fields = required.fields();
        IoColumn[] kept = new IoColumn[fields.length];
        for (int i = 0; i < fields.length; i++) {
            kept[i] = IoColumn.of(fields[i].name());
        }
        columns = kept;
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return IoColumn.schemaOf(columns);
    }

    @Override
    public String description() {
        return "sbench traces " + table.traces().size() + ", splits " + table.splits().size();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return table.splits().toArray(new InputPartition[0]);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(SparkSession.active().sparkContext());
        Broadcast<HadoopFiles> files = sc.broadcast(table.files());
        return new IoRowReaderFactory(files, table.options(), columns, table.counts());
    }
}
