// The "sbench" Spark data source: every trace format sbench reads, one row per IO.
package org.sbench.spark.source;

import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("sbench").option("from", "alibaba").load("s3a://bucket/traces/*.csv.gz")}:
 * the rows of {@link IoColumn}, read by sbench's own readers through Hadoop's FileSystem, split as
 * {@link org.sbench.spark.split.SplitPlanner} says; options in {@link SourceOptions}.
 */
public final class SbenchDataSource implements TableProvider, DataSourceRegister {
    /** The name {@code format(...)} takes. */
    public static final String NAME = "sbench";

    @Override
    public String shortName() {
        return NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return IoColumn.SCHEMA;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new SbenchTable(SparkSession.active(), SourceOptions.parse(new CaseInsensitiveStringMap(properties)));
    }
}
