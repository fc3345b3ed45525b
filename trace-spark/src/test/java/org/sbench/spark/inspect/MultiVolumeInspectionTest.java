package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.Column;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSparkTest;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.convert.ExportSettings;
import org.sbench.spark.convert.ParquetExport;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.source.ParquetArchive;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.MultiVolumeTraces.Line;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceStatistics;

/** Per-volume statistics equal `sbench inspect` of each volume alone; bad records fail or are skipped as in the CLI. */
class MultiVolumeInspectionTest extends LocalSparkTest {
    private static final long SPLIT_BYTES = 4096;

    @TempDir
    static Path dir;

    private static ArchiveStatistics inspect(InspectSettings settings, Path... files) {
        List<String> paths = new ArrayList<>();
        for (Path f : files) {
            paths.add(f.toString());
        }
        try {
            ReadSettings read = new ReadSettings(null, settings.read().skipBad(), SPLIT_BYTES);
            return new ArchiveInspection(spark, settings.withRead(read)).inspect(paths);
        } catch (Exception e) {
            SbenchException cause = BadRecords.sbenchCause(e);
            throw cause == null ? new IllegalStateException(e) : cause;
        }
    }

    private static void assertVolumesAlone(ArchiveStatistics stats, List<Line> lines, int volumes, String name) throws IOException {
        for (int v = 0; v < volumes; v++) {
            Path alone = MultiVolumeTraces.write(dir.resolve(name + "-volume" + v + ".csv"), MultiVolumeTraces.volume(lines, v));
            TraceStatistics cli = CliReference.inspect(alone, ReadOptions.DEFAULTS);
            assertEquals(cli, stats.volume(null, v), name + " volume " + v);
        }
    }

    /**
     * A block trace's counts of requests left out and IOs failed are the file's, not known per volume:
     * the file row has them, no volume row, of the text trace and of its .sbt alike. Every volume of
     * the .sbt showed the whole file's counts (1 left out, 1 failed on 7:0 and on 8:16), unmarked.
     */
    @Test
    void requestCountsAreTheFilesNotEachVolumes() throws IOException {
        Path capture = java.nio.file.Files.writeString(dir.resolve("counted.txt"), ""
                + "kworker/1:1H-23789 [001] ..... 13685.707003: block_rq_issue: 7,0 NS 4194304 () 0 + 8192 be,0,4 [kworker/1:1H]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.707164: block_rq_complete: 7,0 NS () 0 + 8192 be,0,4 [0]\n"
                + "dd-26558 [001] ..... 13685.746810: block_rq_issue: 7,0 WS 4096 () 16384 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.746862: block_rq_complete: 7,0 WS () 16384 + 8 be,0,4 [0]\n"
                + "dd-26562 [001] ..... 13685.937847: block_rq_issue: 7,0 RS 4096 () 32768 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937880: block_rq_complete: 7,0 RS () 32768 + 8 be,0,4 [-5]\n"
                + "dd-26563 [001] ..... 13685.955572: block_rq_issue: 8,16 RS 4096 () 49152 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.955613: block_rq_complete: 8,16 RS () 49152 + 8 be,0,4 [0]\n");
        Path sbt = dir.resolve("counted.sbt");
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(capture, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), sbt, ConvertSettings.ALL);
        }
        RequestAccounts.Counts counts = new RequestAccounts.Counts(1, 4 << 20, 1, List.of(new RequestAccounts.Failure("EIO", 1)));
        for (Path file : List.of(capture, sbt)) {
            ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS, file);
            assertEquals(counts, stats.file(file.toString()).requests(), file.toString());
            for (int stream : List.of(7 << 20, 8 << 20 | 16)) {
                assertEquals(null, stats.volume(null, stream).requests(), file + " volume " + stream);
            }
        }
        // A part cut from it carries the file's counts marked as the source's, as sbench inspect --json gives them.
        Path part = dir.resolve("counted-8-16.sbt");
        try (TraceReader r = formats.open(capture, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), part, ConvertSettings.ALL.withStream("8:16"));
        }
        assertEquals(counts.ofTheSource(), inspect(InspectSettings.DEFAULTS, part).file(part.toString()).requests());
        assertEquals(CliReference.inspect(part, ReadOptions.DEFAULTS).requests(), counts.ofTheSource());
    }

    @Test
    void twoMsrVolumesEqualEachVolumeInspectedAlone() throws IOException {
        List<Line> lines = MultiVolumeTraces.msr(1, 3000, 2);
        Path file = MultiVolumeTraces.write(dir.resolve("two.csv"), lines);
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS, file);
        assertEquals(CliReference.inspect(file, ReadOptions.DEFAULTS), stats.file(file.toString()));
        assertEquals(2, stats.volumes().count());
        assertVolumesAlone(stats, lines, 2, "two");
        TraceStatistics v0 = stats.volume(null, 0);
        assertTrue(v0.qd().known() && v0.reordered() > 0 && v0.sequentialPct() > 0, v0.toString());
    }

    /**
     * The sorted volumes are as many partitions as their count needs, not spark.sql.shuffle.partitions
     * (2 here, 200 by default): toLocalIterator runs one job per partition, and printing the 200 volumes
     * of gen-msr.py 20000 200 ran 200 jobs.
     */
    @Test
    void fewVolumesAreOnePartitionInStreamOrder() throws IOException {
        List<Line> lines = MultiVolumeTraces.msr(5, 600, 300);
        Path file = MultiVolumeTraces.write(dir.resolve("many.csv"), lines);
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS.withFileStatistics(false), file);
        assertEquals(1, stats.volumes().rdd().getNumPartitions());
        List<Integer> streams = new ArrayList<>();
        stats.volumes().toLocalIterator().forEachRemaining(r -> streams.add(r.getInt(1)));
        assertEquals(lines.stream().map(Line::volume).distinct().sorted().toList(), streams);
    }

    /**
     * Volumes in the order of the CLI's sortVolumes: no stream first, then by stream number from 0. With -2147483648
     * standing for no stream in the sort, a table's volume of that stream tied with it and the two came in the order Spark
     * met them; since 2026-12-07 such a row is bad input, as the readers have it (ParquetInputTest), and the lowest stream
     * a volume has is 0.
     */
    @Test
    void noStreamComesBeforeTheLowestStreamNumber() throws IOException {
        List<Line> lines = MultiVolumeTraces.msr(8, 500, 4);
        Path written = dir.resolve("tie-written.parquet");
        ParquetExport.write(spark, List.of(MultiVolumeTraces.write(dir.resolve("tie.csv"), lines).toString()), ExportSettings.ALL,
                written.toString());
        Column stream = col("stream");
        Path table = dir.resolve("tie.parquet");
        spark.read().parquet(written.toString())
                .withColumn("stream", when(stream.equalTo(0), lit(null)).when(stream.equalTo(1), lit(0)).otherwise(stream))
                .coalesce(1).write().parquet(table.toString());
        Files.copy(written.resolve(ParquetArchive.TRACES_FILE), table.resolve(ParquetArchive.TRACES_FILE));
        ArchiveStatistics stats = new ArchiveInspection(spark, InspectSettings.DEFAULTS.withFileStatistics(false))
                .inspect(List.of(table.toString()));
        List<Integer> streams = new ArrayList<>();
        stats.volumes().toLocalIterator().forEachRemaining(r -> streams.add(r.isNullAt(1) ? null : r.getInt(1)));
        assertEquals(Arrays.asList(null, 0, 2, 3), streams);
        assertEquals(MultiVolumeTraces.volume(lines, 0).size(), stats.volume(null, null).records());
    }

    /**
     * The volumes are inspected in as many tasks as Spark has cores at least: adaptive execution coalesced their shuffle,
     * a few bytes a volume, into one partition (under its 1 MB least size), so 20,000 volumes of one IO were inspected
     * in one 22 s task while the other core idled.
     */
    @Test
    void volumesAreInspectedOnEveryCore() throws Exception {
        Path file = MultiVolumeTraces.write(dir.resolve("cores.csv"), MultiVolumeTraces.msr(9, 400, 400));
        assertEquals(spark.sparkContext().defaultParallelism(), inspectionTasks(file));
    }

    /**
     * A shuffle of the volumes bigger than a partition of adaptive execution's advisory size on every core is as many
     * tasks as adaptive execution makes: one partition per core held half a large archive a task, its sort's memory
     * growing with the archive (5 M IOs at 1 GB of heap: 408 MB spilled, 272 MB in 64 MB partitions). Here the advisory
     * size is a few kB.
     */
    @Test
    void aLargeShuffleOfVolumesIsInTheAdvisorySizesPartitions() throws Exception {
        Path file = MultiVolumeTraces.write(dir.resolve("large.csv"), MultiVolumeTraces.msr(10, 4000, 400));
        // The tests' session has 2 shuffle partitions; the CLI's Spark's default, 200.
        Map<String, String> settings = Map.of("spark.sql.shuffle.partitions", "200",
                "spark.sql.adaptive.advisoryPartitionSizeInBytes", "8k", "spark.sql.adaptive.coalescePartitions.minPartitionSize", "1k");
        Map<String, String> were = new HashMap<>();
        settings.forEach((key, value) -> {
            were.put(key, spark.conf().get(key, null));
            spark.conf().set(key, value);
        });
        try {
            int tasks = inspectionTasks(file);
            assertTrue(tasks > 2 * spark.sparkContext().defaultParallelism(), tasks + " tasks");
        } finally {
            were.forEach((key, was) -> {
                if (was == null) {
                    spark.conf().unset(key);
                } else {
                    spark.conf().set(key, was);
                }
            });
        }
    }

    /** The number of tasks that inspected the volumes of {@code file}. */
    private static int inspectionTasks(Path file) throws Exception {
        List<StageInfo> stages = new ArrayList<>();
        SparkListener listener = new SparkListener() {
            @Override
            public void onStageCompleted(SparkListenerStageCompleted done) {
                stages.add(done.stageInfo());
            }
        };
        spark.sparkContext().addSparkListener(listener);
        try {
            inspect(InspectSettings.DEFAULTS.withFileStatistics(false), file);
            spark.sparkContext().listenerBus().waitUntilEmpty();
        } finally {
            spark.sparkContext().removeSparkListener(listener);
        }
        // The first job of SortedVolumes computes the inspected rows.
        return stages.stream().filter(s -> s.name().startsWith("count at SortedVolumes")).findFirst().orElseThrow().numTasks();
    }

    /** A tuning setting set wrong is a one-line usage error naming it, not Spark's NumberFormatException. */
    @Test
    void aVolumesPerPartitionThatIsNoCountIsRefusedNamingIt() throws IOException {
        Path file = MultiVolumeTraces.write(dir.resolve("setting.csv"), MultiVolumeTraces.msr(2, 20, 2));
        for (String set : new String[] {"many", "0"}) {
            spark.conf().set(SortedVolumes.VOLUMES_PER_PARTITION, set);
            try {
                assertEquals(SortedVolumes.VOLUMES_PER_PARTITION + " takes a whole number of 1 or more, found '" + set + "'",
                        assertThrows(SbenchException.class, () -> inspect(InspectSettings.DEFAULTS, file)).getMessage());
            } finally {
                spark.conf().unset(SortedVolumes.VOLUMES_PER_PARTITION);
            }
        }
    }

    @Test
    void volumesSpanningFilesAreOneVolumeEach() throws IOException {
        List<Line> lines = MultiVolumeTraces.alibaba(2, 4000, 3);
        Path first = MultiVolumeTraces.write(dir.resolve("part-0.csv"), lines.subList(0, 2500));
        Path second = MultiVolumeTraces.write(dir.resolve("part-1.csv"), lines.subList(2500, lines.size()));
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS, first, second);
        assertEquals(CliReference.inspect(first, ReadOptions.DEFAULTS), stats.file(first.toString()));
        assertEquals(CliReference.inspect(second, ReadOptions.DEFAULTS), stats.file(second.toString()));
        assertVolumesAlone(stats, lines, 3, "parts");
    }

    @Test
    void volumesPerFileKeepEachFilesStreamsApart() throws IOException {
        List<Line> a = MultiVolumeTraces.msr(3, 800, 2);
        List<Line> b = MultiVolumeTraces.msr(4, 900, 2);
        Path fa = MultiVolumeTraces.write(dir.resolve("hm_x.csv"), a);
        Path fb = MultiVolumeTraces.write(dir.resolve("web_x.csv"), b);
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS.withVolumesPerFile(true), fa, fb);
        assertEquals(4, stats.volumes().count());
        for (int v = 0; v < 2; v++) {
            assertEquals(CliReference.inspect(MultiVolumeTraces.write(dir.resolve("a" + v + ".csv"), MultiVolumeTraces.volume(a, v)),
                    ReadOptions.DEFAULTS), stats.volume(fa.toString(), v));
            assertEquals(CliReference.inspect(MultiVolumeTraces.write(dir.resolve("b" + v + ".csv"), MultiVolumeTraces.volume(b, v)),
                    ReadOptions.DEFAULTS), stats.volume(fb.toString(), v));
        }
    }

    private static List<Line> withBadLines(List<Line> lines, int... at) {
        List<Line> out = new ArrayList<>(lines);
        for (int i : at) {
            out.add(i, new Line(-1, "128166372003061629,hm,1,Wrte,3154137088,4096,8921"));
        }
        return out;
    }

    @Test
    void aBadRecordFailsWithTheCliMessage() throws IOException {
        List<Line> lines = withBadLines(MultiVolumeTraces.msr(5, 2000, 2), 700, 1900);
        Path file = MultiVolumeTraces.write(dir.resolve("bad.csv"), lines);
        String cli = assertThrows(SbenchException.class, () -> CliReference.inspect(file, ReadOptions.DEFAULTS)).getMessage();
        assertEquals(file + ":701: expected Read or Write, found 'Wrte'", cli);
        assertEquals(cli, assertThrows(SbenchException.class, () -> inspect(InspectSettings.DEFAULTS, file)).getMessage());
        String past = assertThrows(SbenchException.class, () -> CliReference.inspect(file, ReadOptions.DEFAULTS.withSkipBad(1))).getMessage();
        InspectSettings skipOne = InspectSettings.DEFAULTS.withRead(new ReadSettings(null, 1, SPLIT_BYTES));
        assertEquals(past, assertThrows(SbenchException.class, () -> inspect(skipOne, file)).getMessage());
    }

    @Test
    void badRecordsWithinTheAllowanceAreSkippedAndCounted() throws IOException {
        List<Line> good = MultiVolumeTraces.msr(6, 2000, 2);
        Path file = MultiVolumeTraces.write(dir.resolve("skip.csv"), withBadLines(good, 10, 1500));
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS.withRead(new ReadSettings(null, 2, SPLIT_BYTES)), file);
        TraceStatistics cli = CliReference.inspect(file, ReadOptions.DEFAULTS.withSkipBad(2));
        assertEquals(2, cli.skipped());
        assertEquals(cli, stats.file(file.toString()));
        assertVolumesAlone(stats, good, 2, "skip");
    }
}
