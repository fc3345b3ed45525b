// The volumes' statistics rows, sorted by Spark and kept on the executors, not collected to the driver.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.encode;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.sbench.SbenchException;

/**
 * Rows of {@link StatisticsRows#KEYED_SCHEMA}, one per volume, as a Dataset sorted by file (null
 * first) then stream (null first), persisted with {@code MEMORY_AND_DISK}: {@code --out}, the text
 * table and {@code --json} read them without inspecting the archive again, past the executors'
 * storage memory from their disks, and the driver holds one partition at a time
 * ({@code toLocalIterator}). Persisted rather than written to {@code --out} and read back: the
 * table is optional and a JSON one would be parsed back into the schema.
 */
final class SortedVolumes {
    /**
     * The Spark setting of the rows a partition holds at most (default 4096): toLocalIterator brings one partition at
     * a time to the driver, a row about 1.2 KB there.
     */
    static final String VOLUMES_PER_PARTITION = "spark.sbench.inspect.volumesPerPartition";
    private static final long DEFAULT_VOLUMES_PER_PARTITION = 4096;

    private SortedVolumes() {
    }

    static Dataset<Row> of(SparkSession spark, JavaRDD<Row> volumes) {
        // The sort reads its input twice (a sample for its ranges, then the rows): kept, it is inspected once.
        Dataset<Row> inspected = spark.createDataFrame(volumes, StatisticsRows.KEYED_SCHEMA)
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            long count = materialize(inspected);
            // Names compared as String.compareTo does, by UTF-16 code units: Spark's strings compare by UTF-8 bytes. Nulls
            // ordered as such: a sentinel value would tie with a file or stream of that value.
            Column[] order = {encode(col("file"), "UTF-16BE").asc_nulls_first(), col("stream").asc_nulls_first()};
            // As many ranges as the rows need, not spark.sql.shuffle.partitions (which adaptive execution does not
            // coalesce in a persisted plan): toLocalIterator runs a job for each, empty or not.
            Dataset<Row> sorted = inspected.repartitionByRange(partitions(spark, count), order).sortWithinPartitions(order)
                    .persist(StorageLevel.MEMORY_AND_DISK());
            materialize(sorted);
            return sorted;
        } finally {
            inspected.unpersist();
        }
    }

    /** Computes and keeps a persisted Dataset's rows; their count. One job: Dataset.count() is an aggregation, two. */
    private static long materialize(Dataset<Row> persisted) {
        return persisted.queryExecution().toRdd().count();
    }

    private static int partitions(SparkSession spark, long volumes) {
        long per = volumesPerPartition(spark.conf().get(VOLUMES_PER_PARTITION, Long.toString(DEFAULT_VOLUMES_PER_PARTITION)));
        return (int) Math.max(1, (volumes + per - 1) / per);
    }

    private static long volumesPerPartition(String set) {
        try {
            long per = Long.parseLong(set.strip());
            if (per >= 1) {
                return per;
            }
        } catch (NumberFormatException e) {
            // Refused below, as a number out of range is.
        }
        throw SbenchException.usage(VOLUMES_PER_PARTITION + " takes a whole number of 1 or more, found " + SbenchException.quoted(set));
    }
}
