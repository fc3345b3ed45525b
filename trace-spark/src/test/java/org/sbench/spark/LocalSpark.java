// The local-mode Spark session of a test class, and where the format fixtures are.
package org.sbench.spark;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * One local SparkSession per test class (starting one dominates test time): two threads, two
 * shuffle partitions, no UI. Test classes call {@link #start()} in {@code @BeforeAll} and
 * {@link #stop()} in {@code @AfterAll}.
 */
public final class LocalSpark {
    /** trace-formats' fixture files, one folder per format. */
    public static final Path FIXTURES = Path.of("..", "trace-formats", "src", "test", "resources", "org", "sbench", "trace", "format")
            .toAbsolutePath().normalize();

    private LocalSpark() {
    }

    public static SparkSession start() {
        return SparkSession.builder()
                .master("local[2]")
                .appName("sbench-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }

    public static void stop(SparkSession spark) {
        if (spark != null) {
            spark.stop();
        }
    }

    public static Path fixture(String format, String file) {
        return FIXTURES.resolve(format).resolve(file);
    }
}
