package org.sbench.spark.inspect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.OtherSchemeFileSystem;

/** In local mode, the statistics of the Spark job equal the CLI's on every format fixture, per file and per volume. */
class InspectParityTest extends LocalSparkTest {

    @TempDir
    static Path dir;

    @Test
    void everyFixtureGivesTheCliStatisticsPerFileAndPerVolume() throws IOException {
        FixtureParity.check(spark, Files.createDirectories(dir.resolve("local")));
    }

    /** The same files through a Hadoop FileSystem other than the local one, as HDFS or S3 files are read. */
    @Test
    void throughAnotherFileSystemTheStatisticsAreTheSame() throws IOException {
        FixtureParity.check(spark, Files.createDirectories(dir.resolve("other")), OtherSchemeFileSystem::uri);
    }
}
