package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Traces on HDFS (a MiniDFSCluster of one DataNode, 1 MiB blocks): a text trace of three blocks
 * read in 300 KiB splits (so splits cross block boundaries) and its gzip copy give the CLI's
 * numbers for the local file, and a Parquet table and an inspect table are written to hdfs:.
 */
class HdfsPathsTest extends LocalSparkTest {
    private static final int BLOCK_BYTES = 1 << 20;

    @TempDir
    static Path dir;

    private static MiniDFSCluster cluster;
    private static String root;

    @BeforeAll
    static void startHdfs() throws Exception {
        Configuration conf = new Configuration();
        conf.setLong("dfs.blocksize", BLOCK_BYTES);
        conf.setLong("dfs.namenode.fs-limits.min-block-size", 0);
        conf.set("hdfs.minidfs.basedir", dir.resolve("dfs").toString());
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        cluster.waitActive();
        root = cluster.getFileSystem().getUri() + "/traces/";
    }

    @AfterAll
    static void stopHdfs() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    private static void put(Path local) throws Exception {
        cluster.getFileSystem().copyFromLocalFile(new org.apache.hadoop.fs.Path(local.toString()),
                new org.apache.hadoop.fs.Path(root + local.getFileName()));
    }

    @Test
    void tracesOnHdfsGiveTheCliNumbersAndTablesAreWrittenThere() throws Exception {
        Path text = MultiVolumeTraces.write(dir.resolve("ali.csv"), MultiVolumeTraces.alibaba(31, 70_000, 3));
        Path gz = dir.resolve("ali.csv.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(text, o);
        }
        put(text);
        put(gz);
        FileSystem fs = cluster.getFileSystem();
        org.apache.hadoop.fs.FileStatus status = fs.getFileStatus(new org.apache.hadoop.fs.Path(root + "ali.csv"));
        assertEquals(3, fs.getFileBlockLocations(status, 0, status.getLen()).length, "blocks of the text trace");

        TraceStatistics cli = CliReference.inspect(text, ReadOptions.DEFAULTS);
        CommandRun inspect = CommandRun.of("inspect", root + "ali.csv", root + "ali.csv.gz", "--json", "--split-size", "300K");
        assertEquals(0, inspect.status(), inspect.err());
        JsonNode json = new ObjectMapper().readTree(inspect.out());
        for (JsonNode file : json.get("files")) {
            assertEquals(cli.records(), file.get("records").asLong(), file.get("file").asText());
            assertEquals(cli.bytesRead(), file.get("bytesRead").asLong());
            assertEquals(cli.bytesWritten(), file.get("bytesWritten").asLong());
        }
        long volumeRecords = 0;
        for (JsonNode volume : json.get("volumes")) {
            volumeRecords += volume.get("records").asLong();
        }
        assertEquals(2 * cli.records(), volumeRecords);

        CommandRun convert = CommandRun.of("convert", root + "ali.csv", root + "out/ali.parquet", "--split-size", "300K");
        assertEquals(0, convert.status(), convert.err());
        assertEquals(cli.records(), spark.read().parquet(root + "out/ali.parquet").count());
        // The table on HDFS is read back as the trace: the trace's statistics, with its name.
        CommandRun ofTable = CommandRun.of("inspect", root + "out/ali.parquet", "--json");
        assertEquals(0, ofTable.status(), ofTable.err());
        JsonNode fromTable = new ObjectMapper().readTree(ofTable.out());
        assertEquals(json.get("files").get(0), fromTable.get("files").get(0));
        assertEquals(3, fromTable.get("volumes").size());
        CommandRun table = CommandRun.of("inspect", root + "ali.csv.gz", "--no-file-stats", "--out", root + "out/volumes.json");
        assertEquals(0, table.status(), table.err());
        assertEquals(3, spark.read().json(root + "out/volumes.json").count());
    }
}
