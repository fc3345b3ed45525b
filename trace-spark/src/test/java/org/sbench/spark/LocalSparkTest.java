// The base of test classes that need a local SparkSession: one per class.
package org.sbench.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Starts {@link LocalSpark}'s session before a test class and stops it after. */
public abstract class LocalSparkTest {
    protected static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stopSpark() {
        LocalSpark.stop(spark);
        spark = null;
    }
}
