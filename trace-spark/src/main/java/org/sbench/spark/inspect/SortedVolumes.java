// The volumes' statistics rows, sorted by Spark and kept on the executors, not collected to the driver.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.encode;
import static org.apache.spark.sql.functions.lit;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * Rows of {@link StatisticsRows#KEYED_SCHEMA}, one per volume, as a Dataset sorted by file (null
 * first) then stream (null first), persisted with {@code MEMORY_AND_DISK}: {@code --out}, the text
 * table and {@code --json} read them without inspecting the archive again, past the executors'
 * storage memory from their disks, and the driver holds one partition at a time
 * ({@code toLocalIterator}). Persisted rather than written to {@code --out} and read back: the
 * table is optional and a JSON one would be parsed back into the schema.
 */
final class SortedVolumes {
    private SortedVolumes() {
    }

    static Dataset<Row> of(SparkSession spark, JavaRDD<Row> volumes) {
        // The sort reads its input twice (a sample for its ranges, then the rows): kept, it is inspected once.
        Dataset<Row> inspected = spark.createDataFrame(volumes, StatisticsRows.KEYED_SCHEMA)
                .persist(StorageLevel.MEMORY_AND_DISK());
        // Names compared as String.compareTo does, by UTF-16 code units: Spark's strings compare by UTF-8 bytes.
        Dataset<Row> sorted = inspected.orderBy(encode(coalesce(col("file"), lit("")), "UTF-16BE"),
                        coalesce(col("stream"), lit(Integer.MIN_VALUE)))
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            sorted.count();
        } finally {
            inspected.unpersist();
        }
        return sorted;
    }
}
