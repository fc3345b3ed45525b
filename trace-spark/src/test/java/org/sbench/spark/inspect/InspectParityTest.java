package org.sbench.spark.inspect;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSparkTest;
import org.junit.jupiter.api.io.TempDir;

/** In local mode, the statistics of the Spark job equal the CLI's on every format fixture, per file and per volume. */
class InspectParityTest extends LocalSparkTest {

    @TempDir
    static Path dir;

    @Test
    void everyFixtureGivesTheCliStatisticsPerFileAndPerVolume() throws IOException {
        FixtureParity.check(spark, dir);
    }
}
