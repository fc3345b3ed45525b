package org.sbench.spark.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSpark;
import org.sbench.spark.source.BadRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.blktrace.BlktraceSamples;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceStatistics;

/** The statistics of the Spark job equal the CLI's on every format fixture, per file and per volume. */
class InspectParityTest {
    private static SparkSession spark;
    /** Small enough that every splittable fixture is cut into several byte or record ranges. */
    private static final long SPLIT_BYTES = 97;

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

    /** Every fixture of trace-formats, gzip copies of them, .sbt conversions and a two-CPU blktrace trace. */
    private static List<Path> traces() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(LocalSpark.FIXTURES)) {
            all.filter(Files::isRegularFile).sorted().forEach(files::add);
        }
        List<Path> more = new ArrayList<>();
        for (Path f : files) {
            Path gz = dir.resolve(f.getFileName() + ".gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
                Files.copy(f, out);
            }
            more.add(gz);
        }
        more.add(toSbt(LocalSpark.fixture("msr", "hm_1.csv"), dir.resolve("hm_1.sbt")));
        more.add(toSbt(LocalSpark.fixture("blkparse", "two-disks.txt"), dir.resolve("two-disks.sbt")));
        Path blk = Files.createDirectories(dir.resolve("blk"));
        more.add(BlktraceSamples.twoCpus(blk, "sd"));
        files.addAll(more);
        return files;
    }

    private static Path toSbt(Path in, Path out) {
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(in, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), out, ConvertSettings.ALL);
        }
        return out;
    }

    @Test
    void everyFixtureGivesTheCliStatisticsPerFileAndPerVolume() throws IOException {
        int compared = 0;
        for (Path trace : traces()) {
            TraceStatistics cli;
            try {
                cli = CliReference.inspect(trace, ReadOptions.DEFAULTS);
            } catch (SbenchException e) {
                SbenchException spark = assertThrows(SbenchException.class, () -> inspect(trace), trace.toString());
                assertEquals(e.getMessage(), spark.getMessage(), trace.toString());
                continue;
            }
            ArchiveStatistics stats = inspect(trace);
            assertEquals(cli, stats.file(trace.toString()), trace.toString());
            for (int stream : CliReference.streams(trace)) {
                assertEquals(CliReference.inspectVolume(trace, stream), stats.volume(null, stream < 0 ? null : stream),
                        trace + " volume " + stream);
            }
            compared++;
        }
        assertTrue(compared >= 20, "fixtures compared: " + compared);
    }

    private static ArchiveStatistics inspect(Path trace) {
        try {
            return new ArchiveInspection(spark, InspectSettings.DEFAULTS.withSplitBytes(SPLIT_BYTES)).inspect(List.of(trace.toString()));
        } catch (Exception e) {
            SbenchException cause = BadRecords.sbenchCause(e);
            throw cause == null ? new IllegalStateException(e) : cause;
        }
    }
}
