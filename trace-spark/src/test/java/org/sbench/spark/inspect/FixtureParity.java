// The parity check of the Spark job against the CLI on every format fixture, for any Spark master.
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
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.sql.SparkSession;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSpark;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.blktrace.BlktraceSamples;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Every fixture of trace-formats, gzip copies of them, .sbt and sbench CSV conversions and a
 * two-CPU blktrace trace, inspected by the Spark job: per file the CLI's statistics (or its error),
 * per volume those of the volume's records alone.
 */
public final class FixtureParity {
    /** Small enough that every splittable fixture is cut into several byte or record ranges. */
    private static final long SPLIT_BYTES = 97;
    private static final int MIN_COMPARED = 20;

    private FixtureParity() {
    }

    /**
     * Runs the check on {@code spark}, with copies written into {@code dir}; returns the traces
     * compared. The traces the CLI reads are inspected in one job, volumes per file (a fixture's
     * stream numbers are its own); each one the CLI rejects is run alone for its message.
     */
    public static int check(SparkSession spark, Path dir) throws IOException {
        return check(spark, dir, Path::toString);
    }

    /**
     * As {@link #check(SparkSession, Path)}, each local trace given to the job as {@code given}
     * names it (a path of another Hadoop FileSystem over the same file); the job's files and
     * messages carry that name where the CLI's carry the local path.
     */
    public static int check(SparkSession spark, Path dir, Function<Path, String> given) throws IOException {
        List<Path> good = new ArrayList<>();
        List<TraceStatistics> expected = new ArrayList<>();
        for (Path trace : traces(dir)) {
            try {
                expected.add(CliReference.inspect(trace, ReadOptions.DEFAULTS));
                good.add(trace);
            } catch (SbenchException e) {
                String name = given.apply(trace);
                SbenchException fromSpark = assertThrows(SbenchException.class, () -> inspect(spark, List.of(name)), name);
                assertEquals(e.getMessage().replace(trace.toString(), name), fromSpark.getMessage(), name);
            }
        }
        ArchiveStatistics stats = inspect(spark, good.stream().map(given).toList());
        for (int i = 0; i < good.size(); i++) {
            Path trace = good.get(i);
            String name = given.apply(trace);
            assertEquals(expected.get(i), stats.file(name), name);
            for (int stream : CliReference.streams(trace)) {
                assertEquals(CliReference.inspectVolume(trace, stream), stats.volume(name, stream < 0 ? null : stream),
                        name + " volume " + stream);
            }
        }
        assertTrue(good.size() >= MIN_COMPARED, "fixtures compared: " + good.size());
        return good.size();
    }

    /** The fixtures, a gzip copy of each and the conversions and blktrace trace written into {@code dir}. */
    public static List<Path> traces(Path dir) throws IOException {
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
        more.add(convert(LocalSpark.fixture("msr", "hm_1.csv"), "sbt", dir.resolve("hm_1.sbt")));
        more.add(convert(LocalSpark.fixture("blkparse", "two-disks.txt"), "sbt", dir.resolve("two-disks.sbt")));
        // sbench's own CSV: header lines naming the fields; completions, queue depths, process names.
        more.add(convert(LocalSpark.fixture("msr", "hm_1.csv"), "csv", dir.resolve("hm_1.sbench.csv")));
        more.add(convert(LocalSpark.fixture("blkparse", "two-disks.txt"), "csv", dir.resolve("two-disks.sbench.csv")));
        more.add(BlktraceSamples.twoCpus(Files.createDirectories(dir.resolve("blk")), "sd"));
        files.addAll(more);
        return files;
    }

    private static Path convert(Path in, String format, Path out) {
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(in, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName(format), out, ConvertSettings.ALL);
        }
        return out;
    }

    private static ArchiveStatistics inspect(SparkSession spark, List<String> paths) {
        try {
            return new ArchiveInspection(spark, InspectSettings.DEFAULTS.withRead(new ReadSettings(null, 0, SPLIT_BYTES))
                    .withVolumesPerFile(true))
                    .inspect(paths);
        } catch (Exception e) {
            SbenchException cause = BadRecords.sbenchCause(e);
            throw cause == null ? new IllegalStateException(e) : cause;
        }
    }
}
