package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSpark;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.inspect.ArchiveInspection;
import org.sbench.spark.inspect.InspectSettings;
import org.sbench.trace.input.ReadOptions;
import picocli.CommandLine;
import sun.misc.Signal;

/** The command line in-process: exit status, stdout, the one stderr line. */
class SbenchSparkCommandTest extends LocalSparkTest {
    @TempDir
    static Path dir;

    @Test
    void inspectPrintsFilesAndVolumesAsJsonWithTheCliKeys() throws Exception {
        Path trace = MultiVolumeTraces.write(dir.resolve("two.csv"), MultiVolumeTraces.msr(21, 500, 2));
        CommandRun r = CommandRun.of("inspect", trace.toString(), "--json", "--split-size", "4K", "--out", dir.resolve("vol.json").toString());
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        JsonNode file = root.get("files").get(0);
        assertEquals(trace.toString(), file.get("file").asText());
        assertTrue(file.get("stream").isNull());
        assertEquals(500, file.get("records").asLong());
        for (String key : new String[] {"reads", "bytesRead", "durationNs", "sequentialPct", "distinct4kBlocks", "reordered", "skipped"}) {
            assertTrue(file.has(key), key);
        }
        assertEquals("4K", file.get("sizeClasses").get(1).get("class").asText());
        assertEquals(2, root.get("volumes").size());
        assertEquals(500, root.get("volumes").get(0).get("records").asLong() + root.get("volumes").get(1).get("records").asLong());
        assertEquals(2, spark.read().json(dir.resolve("vol.json").toString()).count());
        CommandRun again = CommandRun.of("inspect", trace.toString(), "--out", dir.resolve("vol.json").toString());
        assertEquals(2, again.status(), again.err());
        assertEquals("sbench-spark: --out exists: " + dir.resolve("vol.json") + " (a table is written as a new directory)\nsee 'sbench-spark inspect --help'\n", again.err());
    }

    /**
     * The volumes are sorted by Spark and printed a partition at a time: across eight partitions (four volumes each),
     * stdout still lists them by stream number (10 after 9), in the table and in --json alike, and so does
     * the one file of --out.
     */
    @Test
    void volumesReachStdoutInStreamOrderAcrossPartitions() throws Exception {
        Path trace = MultiVolumeTraces.write(dir.resolve("many.csv"), MultiVolumeTraces.msr(5, 600, 30));
        spark.conf().set("spark.sbench.inspect.volumesPerPartition", "4");
        try {
            assertEquals(8, new ArchiveInspection(spark, InspectSettings.DEFAULTS).inspect(List.of(trace.toString()))
                    .volumes().rdd().getNumPartitions());
            CommandRun text = CommandRun.of("inspect", trace.toString(), "--no-file-stats");
            assertEquals(0, text.status(), text.err());
            String[] lines = text.out().split("\n");
            Path table = dir.resolve("many.json");
            CommandRun json = CommandRun.of("inspect", trace.toString(), "--no-file-stats", "--json", "--out", table.toString());
            assertEquals(0, json.status(), json.err());
            JsonNode volumes = new ObjectMapper().readTree(json.out()).get("volumes");
            assertEquals(30, volumes.size());
            List<String> written;
            try (var parts = Files.list(table)) {
                written = Files.readAllLines(parts.filter(f -> f.getFileName().toString().startsWith("part-")).findFirst().orElseThrow());
            }
            for (int v = 0; v < 30; v++) {
                assertEquals(v, new ObjectMapper().readTree(written.get(v)).get("stream").asInt(), "--out row " + v);
                String line = lines[lines.length - 30 + v];
                assertEquals(Integer.toString(v), line.substring(line.lastIndexOf(' ') + 1), "table line " + v);
                assertEquals(v, volumes.get(v).get("stream").asInt(), "json volume " + v);
            }
        } finally {
            spark.conf().unset("spark.sbench.inspect.volumesPerPartition");
        }
    }

    @Test
    void volumesOnlySkipsTheFileStatistics() throws Exception {
        CommandRun r = CommandRun.of("inspect", LocalSpark.fixture("msr", "hm_1.csv").toString(), "--json", "--no-file-stats");
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals(0, root.get("files").size());
        assertEquals(3, root.get("volumes").size());
    }

    @Test
    void badInputIsOneLineAndExitStatusThree() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(11)
                + "128166372003061630,hm,1,Wrte,3154137088,4096,8921\n");
        CommandRun r = CommandRun.of("inspect", bad.toString());
        assertEquals(3, r.status());
        assertEquals("sbench-spark: " + bad + ":12: expected Read or Write, found 'Wrte'\n", r.err());
        CommandRun usage = CommandRun.of("convert", bad.toString(), dir.resolve("x.txt").toString());
        assertEquals(2, usage.status());
        assertEquals("sbench-spark: OUT must end in .parquet or .sbt, found " + dir.resolve("x.txt") + "\nsee 'sbench-spark convert --help'\n", usage.err());
    }

    /** A file cut inside its last line: the line is not read, and every command says so as sbench does. */
    @Test
    void aCutLastLineIsWarnedOfAsTheCliDoes() throws Exception {
        Path cut = Files.writeString(dir.resolve("cut.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(40)
                + "128166372003061630,hm,1,Read,31541");
        String warning = "sbench-spark: warning: " + cut + ":41: last line incomplete (no line end: a cut file?), not read\n";
        CommandRun inspect = CommandRun.of("inspect", cut.toString(), "--json", "--split-size", "1K");
        assertEquals(0, inspect.status(), inspect.err());
        assertEquals(warning, inspect.err());
        JsonNode file = new ObjectMapper().readTree(inspect.out()).get("files").get(0);
        assertEquals(40, file.get("records").asLong());
        assertEquals(41, file.get("incompleteLastLine").asLong());
        for (String out : new String[] {"cut.sbt", "cut.parquet"}) {
            CommandRun convert = CommandRun.of("convert", cut.toString(), dir.resolve(out).toString(), "--split-size", "1K");
            assertEquals(0, convert.status(), convert.err());
            assertEquals(warning, convert.err(), out);
            assertTrue(convert.out().startsWith("wrote 40 records"), convert.out());
        }
        // The table keeps the cut line's number: its file states it, as the file's does, unwarned.
        CommandRun ofTable = CommandRun.of("inspect", dir.resolve("cut.parquet").toString(), "--json");
        assertEquals("", ofTable.err());
        assertEquals(file, new ObjectMapper().readTree(ofTable.out()).get("files").get(0));
    }

    /** Checked before Spark runs anything, with sbench's own checks and words, as usage errors. */
    @Test
    void optionsAreCheckedAsTheCliChecksThem() throws Exception {
        String trace = LocalSpark.fixture("msr", "hm_1.csv").toString();
        CommandRun window = CommandRun.of("inspect", trace, "--seq-window", "100000");
        assertEquals(2, window.status(), window.err());
        assertEquals("sbench-spark: --seq-window must be 1 to 65536, found 100000\nsee 'sbench-spark inspect --help'\n", window.err());
        // A refused number was quoted parsed: --seq-window 00 as 0, --skip-bad -01 as -1.
        assertEquals("sbench-spark: --seq-window must be 1 to 65536, found 00\nsee 'sbench-spark inspect --help'\n", CommandRun.of("inspect", trace, "--seq-window", "00").err());
        assertEquals("sbench-spark: --skip-bad must be 0 or more, found -01\nsee 'sbench-spark inspect --help'\n", CommandRun.of("inspect", trace, "--skip-bad", "-01").err());
        assertEquals("sbench-spark: --skip-bad must be 0 or more, found -01\nsee 'sbench-spark convert --help'\n",
                CommandRun.of("convert", trace, dir.resolve("n.sbt").toString(), "--skip-bad", "-01").err());
        CommandRun stream = CommandRun.of("convert", trace, dir.resolve("s.sbt").toString(), "--stream", "8-16");
        assertEquals(2, stream.status(), stream.err());
        assertEquals("sbench-spark: --stream takes a stream number or a device as MAJOR:MINOR, found '8-16'\nsee 'sbench-spark convert --help'\n", stream.err());
        // Hadoop makes no Path of an empty name: it was 'internal error: IllegalArgumentException', exit 70.
        CommandRun empty = CommandRun.of("inspect", "");
        assertEquals(2, empty.status(), empty.err());
        assertEquals("sbench-spark: PATH: '' names no file; give a path\nsee 'sbench-spark inspect --help'\n", empty.err());
        CommandRun emptyOut = CommandRun.of("convert", trace, "");
        assertEquals(2, emptyOut.status(), emptyOut.err());
        assertEquals("sbench-spark: OUT: '' names no file; give a path\nsee 'sbench-spark convert --help'\n", emptyOut.err());
        CommandRun log = CommandRun.of("inspect", trace, "--spark-log", "loud");
        assertEquals(2, log.status(), log.err());
        assertEquals("sbench-spark: --spark-log takes off, fatal, error, warn, info, debug or trace, found 'loud'\nsee 'sbench-spark inspect --help'\n", log.err());
    }

    /**
     * The Parquet table convert writes is an input of both commands: inspect gives the traces' JSON,
     * convert --stream the same .sbt and lines (both said of OUT.parquet 'not a trace format sbench
     * recognises', exit 3); a Parquet of another schema is one line naming the column expected.
     */
    @Test
    void theParquetTableOfTracesIsReadAsTheTraces() throws Exception {
        String blk = LocalSpark.fixture("blkparse", "two-disks.txt").toString();
        String msr = LocalSpark.fixture("msr", "hm_1.csv").toString();
        String table = dir.resolve("both.parquet").toString();
        CommandRun written = CommandRun.of("convert", blk, msr, table);
        assertEquals(0, written.status(), written.err());
        CommandRun ofTraces = CommandRun.of("inspect", blk, msr, "--json");
        CommandRun ofTable = CommandRun.of("inspect", table, "--json");
        assertEquals(0, ofTable.status(), ofTable.err());
        assertEquals(ofTraces.out(), ofTable.out());
        assertEquals("", ofTable.err());
        CommandRun sbt = CommandRun.of("convert", blk, msr, dir.resolve("both-8-16.sbt").toString(), "--stream", "8:16");
        CommandRun sbtOfTable = CommandRun.of("convert", table, dir.resolve("table-8-16.sbt").toString(), "--stream", "8:16");
        assertEquals(0, sbtOfTable.status(), sbtOfTable.err());
        assertEquals(sbt.out().replace("both-8-16", "table-8-16"), sbtOfTable.out());
        assertArrayEquals(Files.readAllBytes(dir.resolve("both-8-16.sbt")), Files.readAllBytes(dir.resolve("table-8-16.sbt")));
        // Converted again (it was refused, exit 2), the same table with the same lines.
        CommandRun again = CommandRun.of("convert", table, dir.resolve("again.parquet").toString());
        assertEquals(0, again.status(), again.err());
        assertEquals(written.out().replace("both.parquet", "again.parquet"), again.out());
        assertEquals(ofTraces.out(), CommandRun.of("inspect", dir.resolve("again.parquet").toString(), "--json").out());
        // Read as they were when it was written: both went without a word.
        CommandRun skip = CommandRun.of("inspect", table, "--skip-bad", "5");
        assertEquals(2, skip.status(), skip.err());
        assertEquals("sbench-spark: --skip-bad: " + table + " is a Parquet table of sbench-spark: its bad records were skipped or "
                + "refused when convert wrote it; give --skip-bad there\nsee 'sbench-spark inspect --help'\n", skip.err());
        CommandRun split = CommandRun.of("convert", table, dir.resolve("split.sbt").toString(), "--stream", "8:16", "--split-size", "4K");
        assertEquals(2, split.status(), split.err());
        assertEquals("sbench-spark: --split-size: " + table + " is a Parquet table of sbench-spark, which Spark splits its own way\nsee 'sbench-spark convert --help'\n",
                split.err());
        assertFalse(Files.exists(dir.resolve("split.sbt")));
        // Typed with the values they take when not given, they were taken as not given.
        CommandRun skipNone = CommandRun.of("inspect", table, "--skip-bad", "0");
        assertEquals(2, skipNone.status(), skipNone.err());
        assertEquals(skip.err(), skipNone.err());
        CommandRun splitDefault = CommandRun.of("convert", table, dir.resolve("split.sbt").toString(), "--stream", "8:16",
                "--split-size", "128M");
        assertEquals(2, splitDefault.status(), splitDefault.err());
        assertEquals(split.err(), splitDefault.err());
        String other = dir.resolve("other.parquet").toString();
        spark.range(2).withColumnRenamed("id", "file").write().parquet(other);
        CommandRun refused = CommandRun.of("inspect", other);
        assertEquals(3, refused.status(), refused.err());
        assertEquals("sbench-spark: " + other + ": a Parquet table of another schema: expected column file (string), found bigint\n",
                refused.err());
    }

    /**
     * A stop signal once the command's output is in place says so, and still ends it with 128 + its
     * number: it said "nothing written" of a whole .sbt whose summary was printed (SIGINT 60 s into
     * a convert of a 3,000,000-line MSR file: the .sbt, "wrote 3,000,000 records", exit 130).
     */
    @Test
    void aStopSignalAfterTheOutputIsInPlaceSaysItWasWritten() throws Exception {
        String msr = LocalSpark.fixture("msr", "hm_1.csv").toString();
        for (String[] args : new String[][] {{"convert", msr, dir.resolve("placed.sbt").toString()},
                {"convert", msr, dir.resolve("placed.parquet").toString()},
                {"inspect", msr, "--out", dir.resolve("placed.json").toString()}}) {
            CommandLine line = SbenchSparkCommand.newCommandLine();
            StringWriter err = new StringWriter();
            line.setOut(new PrintWriter(new StringWriter()));
            line.setErr(new PrintWriter(err));
            assertEquals(0, line.execute(args), err.toString());
            int status = SbenchSparkCommand.interrupted(new Signal("TERM"), line.getCommand(), line.getErr());
            assertEquals(143, status);
            assertEquals("sbench-spark: interrupted (SIGTERM) after writing " + args[args.length - 1] + "\n", err.toString());
        }
        CommandLine refused = SbenchSparkCommand.newCommandLine();
        StringWriter err = new StringWriter();
        refused.setErr(new PrintWriter(err));
        assertEquals(2, refused.execute("convert", msr, dir.resolve("placed.sbt").toString(), "--stream", "9"), err.toString());
        err.getBuffer().setLength(0);
        SbenchSparkCommand.interrupted(new Signal("INT"), refused.getCommand(), refused.getErr());
        assertEquals("sbench-spark: interrupted (SIGINT): nothing written\n", err.toString());
    }

    /** A block trace's device as inspect names it, MAJOR:MINOR, as sbench convert --stream takes it. */
    @Test
    void convertTakesADeviceAsMajorMinor() throws Exception {
        String trace = LocalSpark.fixture("blkparse", "two-disks.txt").toString();
        CommandRun device = CommandRun.of("convert", trace, dir.resolve("8-16.sbt").toString(), "--stream", "8:16");
        assertEquals(0, device.status(), device.err());
        // read: the records of both disks, as sbench convert of the file says (its reader delivers them all).
        assertEquals("wrote 2 records to " + dir.resolve("8-16.sbt") + " (sbt); read 8, skipped 0 bad records\n"
                + "left out 3 requests of other kinds (0 B) in the trace this one was cut from (not known for this part of it):"
                + " write-zeroes, passthrough or zone commands (N in the kernel's RWBS) or reads and writes of 0 bytes, not IOs sbench"
                + " replays\n", device.out(),
                "the counts are the whole trace's (both disks'), marked so");
        // An option between IN and OUT, as sbench convert takes it (picocli wanted IN and OUT in one run until 2026-12-08).
        CommandRun number = CommandRun.of("convert", trace, "--stream", Integer.toString(8 << 20 | 16), dir.resolve("16.sbt").toString());
        assertEquals(0, number.status(), number.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("16.sbt")), Files.readAllBytes(dir.resolve("8-16.sbt")));
    }

    @Test
    void versionAndUsageSayWhatTheyShould() {
        for (String[] args : new String[][] {{"-V"}, {"inspect", "--version"}, {"convert", "-V"}}) {
            CommandRun r = CommandRun.of(args);
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().matches("sbench-spark \\S+ \\(Spark 4\\.\\S+, Scala 2\\.13\\.\\S+, Hadoop \\S+, Java \\S+\\)\n"), r.out());
        }
        CommandRun help = CommandRun.of("convert", "--help");
        assertTrue(help.out().startsWith("Usage: sbench-spark convert [-hV] "), help.out());
        assertTrue(help.out().contains(" IN... OUT\n"), help.out());
        assertFalse(help.out().contains("IN... OUT IN"), help.out());
    }

    /** Files by the names the paths given lead to, as sbench names the files it is given: a relative path stays relative. */
    @Test
    void filesAreNamedAsTheyWereGiven() throws Exception {
        // Relative to the working directory, the module's directory in a build.
        Path rel = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "names");
        assertFalse(rel.isAbsolute());
        Path bad = Files.writeString(Files.createDirectories(rel.resolve("bad")).resolve("bad.csv"),
                "128166372003061629,hm,1,Read,3154137088,4096,8921\nx\n");
        CommandRun r = CommandRun.of("inspect", bad.toString(), "--from", "msr");
        assertEquals(3, r.status(), r.err());
        assertEquals("sbench-spark: " + bad + ":2: expected 7 fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), found 'x'\n",
                r.err());
        Path good = rel.resolve("good").resolve("sub").resolve("g.csv");
        MultiVolumeTraces.write(Files.createDirectories(good.getParent()).resolve("g.csv"), MultiVolumeTraces.msr(23, 50, 1));
        for (String given : new String[] {rel.resolve("good") + "/sub/*.csv", rel.resolve("good").toString(), "./" + good}) {
            CommandRun ok = CommandRun.of("inspect", given, "--json", "--out", rel.resolve("t" + given.length() + ".json").toString());
            assertEquals(0, ok.status(), ok.err());
            assertEquals(given.startsWith("./") ? given : good.toString(),
                    new ObjectMapper().readTree(ok.out()).get("files").get(0).get("file").asText(), given);
        }
    }

    /** A scheme that no FileSystem on the class path reads: one line naming it and what to add. */
    @Test
    void aSchemeWithoutFileSystemIsOneLineSayingWhatToAdd() {
        CommandRun s3 = CommandRun.of("inspect", "s3a://bucket/x.csv");
        assertEquals(5, s3.status(), s3.err());
        String hadoop = org.apache.hadoop.util.VersionInfo.getVersion();
        assertEquals("sbench-spark: s3a://bucket/x.csv: no Hadoop FileSystem here reads s3a: paths; add org.apache.hadoop:hadoop-aws:"
                + hadoop + " and the libraries it needs (spark-submit --packages org.apache.hadoop:hadoop-aws:" + hadoop
                + "; ./sbench-spark: their jars in SBENCH_SPARK_CLASSPATH)\n", s3.err());
        CommandRun other = CommandRun.of("convert", LocalSpark.fixture("msr", "hm_1.csv").toString(), "nofs://host/out.parquet");
        assertEquals(5, other.status(), other.err());
        assertEquals("sbench-spark: nofs://host/out.parquet: no Hadoop FileSystem here reads nofs: paths; add a jar with its FileSystem"
                + " (spark-submit --jars or --packages; ./sbench-spark: SBENCH_SPARK_CLASSPATH)\n", other.err());
    }

    /**
     * A .sbt is written on the driver's filesystem: a file: URI names a local file, and another
     * scheme is a usage error before Spark runs (hdfs://nn/v.sbt was written as the local relative
     * path "hdfs:/nn/v.sbt" after the job, failing with exit 2 naming that garbled path).
     */
    @Test
    void sbtOutputIsALocalFileOrAFileUri() throws Exception {
        String trace = LocalSpark.fixture("msr", "hm_1.csv").toString();
        CommandRun hdfs = CommandRun.of("convert", trace, "hdfs://nn:8020/out/v.sbt");
        assertEquals(2, hdfs.status(), hdfs.err());
        assertEquals("sbench-spark: OUT: a .sbt file is written on this machine's filesystem (for sbench replay), found"
                + " hdfs://nn:8020/out/v.sbt; give a local path or a file: URI, or write .parquet there\nsee 'sbench-spark convert --help'\n", hdfs.err());
        Path local = dir.resolve("from-uri.sbt");
        CommandRun uri = CommandRun.of("convert", trace, "file://" + local);
        assertEquals(0, uri.status(), uri.err());
        assertTrue(Files.size(local) > 0);
    }

    /**
     * A .sbt cut inside its records is named as sbench names it, at the byte where the file ends:
     * Hadoop's local streams skip past a file's end, which the reader took for the trailer's offset
     * ("byte 9600056: expected the process count" of a 1,000,000-byte file).
     */
    @Test
    void aTruncatedSbtIsNamedAtItsEndAsTheCliNamesIt() throws Exception {
        Path whole = dir.resolve("whole.sbt");
        assertEquals(0, CommandRun.of("convert", LocalSpark.fixture("msr", "hm_1.csv").toString(), whole.toString()).status());
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut-records.sbt"), java.util.Arrays.copyOf(bytes, bytes.length - 60));
        SbenchException cli = org.junit.jupiter.api.Assertions.assertThrows(SbenchException.class,
                () -> CliReference.inspect(cut, ReadOptions.DEFAULTS));
        CommandRun r = CommandRun.of("inspect", cut.toString());
        assertEquals(3, r.status(), r.err());
        assertEquals("sbench-spark: " + cli.getMessage() + "\n", r.err());
    }

    /**
     * A directory is read with each of its directories once: a link back to one already listed
     * (cycle/loop -> ../cycle) adds nothing. Hadoop's recursive listing followed it until the
     * kernel's limit of 40 links, and the trace was counted 41 times, exit 0.
     */
    @Test
    void aDirectoryLinkedBackIntoItselfIsReadOnce() throws Exception {
        Path cycle = Files.createDirectories(dir.resolve("cycle"));
        MultiVolumeTraces.write(cycle.resolve("y.csv"), MultiVolumeTraces.msr(23, 200, 1));
        Files.createSymbolicLink(cycle.resolve("loop"), Path.of("..", "cycle"));
        CommandRun r = CommandRun.of("inspect", cycle.toString(), "--json", "--no-file-stats");
        assertEquals(0, r.status(), r.err());
        JsonNode volumes = new ObjectMapper().readTree(r.out()).get("volumes");
        assertEquals(1, volumes.size());
        assertEquals(200, volumes.get(0).get("records").asLong());
    }

    @Test
    void convertWritesTheSbtOfOneStream() throws Exception {
        Path trace = MultiVolumeTraces.write(dir.resolve("c.csv"), MultiVolumeTraces.msr(22, 300, 2));
        Path out = dir.resolve("c1.sbt");
        CommandRun r = CommandRun.of("convert", trace.toString(), out.toString(), "--stream", "1", "--start", "1ms");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("wrote "), r.out());
        assertTrue(Files.size(out) > 0);
    }

    /** {@code --start} the greatest time without {@code --end} keeps what is at it, as the CLI; it was refused naming {@code --end}. */
    @Test
    void theGreatestStartWithoutAnEndKeepsWhatIsAtIt() throws Exception {
        String trace = LocalSpark.fixture("msr", "hm_1.csv").toString();
        Path out = dir.resolve("max.sbt");
        CommandRun r = CommandRun.of("convert", trace, out.toString(), "--start", Long.MAX_VALUE + "ns");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("wrote 0 records to " + out), r.out());
        CommandRun empty = CommandRun.of("convert", trace, dir.resolve("none.sbt").toString(), "--start", "5s", "--end", "5s");
        assertEquals("sbench-spark: --end must be after --start\nsee 'sbench-spark convert --help'\n", empty.err());
    }

    /**
     * A block trace's requests left out and IOs failed are said after the summary line, as sbench
     * convert says them (the same lines), for .sbt and Parquet output; they were in the .sbt only.
     */
    @Test
    void convertSaysTheRequestCountsAsTheCliDoes() throws Exception {
        Path capture = Files.writeString(dir.resolve("counted.txt"), ""
                + "kworker/1:1H-23789 [001] ..... 13685.707003: block_rq_issue: 7,0 NS 4194304 () 0 + 8192 be,0,4 [kworker/1:1H]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.707164: block_rq_complete: 7,0 NS () 0 + 8192 be,0,4 [0]\n"
                + "dd-26562 [001] ..... 13685.937847: block_rq_issue: 7,0 RS 4096 () 32768 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937880: block_rq_complete: 7,0 RS () 32768 + 8 be,0,4 [-5]\n");
        String counts = "left out 1 requests of other kinds (4.19 MB): write-zeroes, passthrough or zone commands (N in the kernel's"
                + " RWBS) or reads and writes of 0 bytes, not IOs sbench replays\n"
                + "failed   1 IOs failed at the device (EIO 1): kept as IOs, which a replay issues as any other\n";
        Path sbt = dir.resolve("counted.sbt");
        CommandRun r = CommandRun.of("convert", capture.toString(), sbt.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("wrote 1 records to " + sbt + " (sbt); read 1, skipped 0 bad records\n" + counts, r.out());
        Path parquet = dir.resolve("counted.parquet");
        CommandRun p = CommandRun.of("convert", capture.toString(), parquet.toString());
        assertEquals(0, p.status(), p.err());
        assertEquals("wrote 1 records to " + parquet + " (parquet, zstd); skipped 0 bad records\n" + counts, p.out());
        CommandRun msr = CommandRun.of("convert", LocalSpark.fixture("msr", "hm_1.csv").toString(), dir.resolve("hm.sbt").toString());
        assertEquals(1, msr.out().split("\n").length, "no request lines of a trace without block request events: " + msr.out());
    }
}
