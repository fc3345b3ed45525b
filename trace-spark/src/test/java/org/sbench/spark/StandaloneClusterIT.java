package org.sbench.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.spark.convert.ExportSettings;
import org.sbench.spark.convert.ParquetExport;
import org.sbench.spark.convert.SbtExtraction;
import org.sbench.spark.inspect.ArchiveInspection;
import org.sbench.spark.inspect.ArchiveStatistics;
import org.sbench.spark.inspect.FixtureParity;
import org.sbench.spark.inspect.InspectSettings;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * The parity checks on a real standalone cluster: a master and two workers in other JVMs on
 * 127.0.0.1, executors loading the jar that spark-submit would get ({@code sbench-spark.jar}).
 * Runs after {@code package} (failsafe), which writes the class paths and builds the jar.
 */
class StandaloneClusterIT {
    private static final long REGISTRATION_TIMEOUT_MS = 180_000;

    @TempDir
    Path dir;

    @Test
    void parityHoldsOnATwoWorkerStandaloneCluster() throws Exception {
        Path launcher = Path.of(System.getProperty("sbench.launcher.dir"));
        String sparkClassPath = sparkClassPath(Files.readString(launcher.resolve("classpath")).strip());
        String javaOptions = Files.readString(launcher.resolve("java-options")).strip();
        try (StandaloneCluster cluster = new StandaloneCluster(sparkClassPath, javaOptions, dir)) {
            SparkSession spark = SparkSession.builder()
                    .master(cluster.masterUrl())
                    .appName("sbench-cluster-test")
                    .config("spark.jars", System.getProperty("sbench.spark.jar"))
                    .config("spark.executor.memory", "512m")
                    .config("spark.executor.extraJavaOptions", javaOptions)
                    .config("spark.cores.max", Integer.toString(cluster.workers()))
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "2")
                    .getOrCreate();
            try {
                awaitExecutors(spark, cluster.workers());
                Set<String> executors = ConcurrentHashMap.newKeySet();
                spark.sparkContext().addSparkListener(new SparkListener() {
                    @Override
                    public void onTaskEnd(SparkListenerTaskEnd end) {
                        executors.add(end.taskInfo().executorId());
                    }
                });
                FixtureParity.check(spark, Files.createDirectories(dir.resolve("fixtures")));
                List<MultiVolumeTraces.Line> lines = MultiVolumeTraces.msr(11, 4000, 2);
                Path file = MultiVolumeTraces.write(dir.resolve("two.csv"), lines);
                ArchiveStatistics stats = new ArchiveInspection(spark, InspectSettings.DEFAULTS.withRead(new ReadSettings(null, 0, 8192)))
                        .inspect(List.of(file.toString()));
                assertEquals(CliReference.inspect(file, ReadOptions.DEFAULTS), stats.file(file.toString()));
                for (int v = 0; v < 2; v++) {
                    Path alone = MultiVolumeTraces.write(dir.resolve("v" + v + ".csv"), MultiVolumeTraces.volume(lines, v));
                    assertEquals(CliReference.inspect(alone, ReadOptions.DEFAULTS), stats.volume(null, v));
                }
                awaitTasksOn(executors, cluster.workers());
                assertTrue(!executors.contains("driver"), executors.toString());
                executors.clear();
                tableIsReadBackOnTheCluster(spark, file, stats);
                awaitTasksOn(executors, cluster.workers());
                assertTrue(!executors.contains("driver"), executors.toString());
            } finally {
                spark.stop();
            }
        }
    }

    /**
     * The table {@code convert} writes there (the executors write its part files, the driver its
     * descriptions) is read there: its statistics are the trace's, and its .sbt of a stream is the
     * CLI's, byte for byte, as in local mode ({@code ParquetInputTest}).
     */
    private void tableIsReadBackOnTheCluster(SparkSession spark, Path trace, ArchiveStatistics ofTrace) throws IOException {
        String table = dir.resolve("two.parquet").toString();
        ParquetExport.write(spark, List.of(trace.toString()), ExportSettings.ALL.withRead(new ReadSettings(null, 0, 8192)), table);
        ArchiveStatistics ofTable = new ArchiveInspection(spark, InspectSettings.DEFAULTS).inspect(List.of(table));
        assertEquals(ofTrace.file(trace.toString()), ofTable.file(trace.toString()));
        for (int v = 0; v < 2; v++) {
            assertEquals(ofTrace.volume(null, v), ofTable.volume(null, v), "volume " + v);
        }
        Path fromTable = dir.resolve("two-1.sbt");
        SbtExtraction.write(spark, List.of(table), ExportSettings.ALL.withStream("1"), fromTable);
        Path cli = dir.resolve("two-1-cli.sbt");
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(trace, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), cli, ConvertSettings.ALL.withStream("1"));
        }
        assertArrayEquals(Files.readAllBytes(cli), Files.readAllBytes(fromTable));
    }

    /**
     * What a Spark installation holds: the module's compile class path (Spark and what it needs,
     * some of it shared with trace-formats) without sbench's own jars and the libraries only sbench
     * uses, which reach the executors in sbench-spark.jar.
     */
    private static String sparkClassPath(String moduleClassPath) {
        StringBuilder cp = new StringBuilder();
        for (String entry : moduleClassPath.split(java.io.File.pathSeparator)) {
            if (entry.contains("trace-formats") || entry.contains("picocli") || entry.contains("commons-csv")) {
                continue;
            }
            cp.append(cp.length() == 0 ? "" : java.io.File.pathSeparator).append(entry);
        }
        return cp.toString();
    }

    /** Task-end events reach listeners asynchronously: waits until tasks of {@code n} executors were seen. */
    private static void awaitTasksOn(Set<String> executors, int n) throws InterruptedException {
        long deadline = System.currentTimeMillis() + REGISTRATION_TIMEOUT_MS;
        while (executors.size() < n && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(n, executors.size(), "tasks ran on executors " + executors);
    }

    private static void awaitExecutors(SparkSession spark, int n) throws InterruptedException {
        long deadline = System.currentTimeMillis() + REGISTRATION_TIMEOUT_MS;
        // The driver counts itself among the block managers.
        while (spark.sparkContext().getExecutorMemoryStatus().size() < n + 1) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("executors registered: " + (spark.sparkContext().getExecutorMemoryStatus().size() - 1));
            }
            Thread.sleep(250);
        }
    }
}
