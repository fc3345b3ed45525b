package org.sbench.spark.inspect;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.spark.LocalSpark;

/** In local mode, the statistics of the Spark job equal the CLI's on every format fixture, per file and per volume. */
class InspectParityTest {
    private static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        LocalSpark.stop(spark);
    }

    @Test
    void everyFixtureGivesTheCliStatisticsPerFileAndPerVolume() throws IOException {
        FixtureParity.check(spark, dir);
    }
}
