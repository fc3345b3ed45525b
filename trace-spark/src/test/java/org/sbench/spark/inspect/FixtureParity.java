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
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.sql.SparkSession;
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

/**
 * Every fixture of trace-formats, gzip copies of them, .sbt conversions and a two-CPU blktrace
 * trace, inspected by the Spark job: per file the CLI's statistics (or its error), per volume those
 * of the volume's records alone.
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
        List<Path> good = new ArrayList<>();
        List<TraceStatistics> expected = new ArrayList<>();
        for (Path trace : traces(dir)) {
            try {
                expected.add(CliReference.inspect(trace, ReadOptions.DEFAULTS));
                good.add(trace);
            } catch (SbenchException e) {
                SbenchException fromSpark = assertThrows(SbenchException.class, () -> inspect(spark, List.of(trace)), trace.toString());
                assertEquals(e.getMessage(), fromSpark.getMessage(), trace.toString());
            }
        }
        ArchiveStatistics stats = inspect(spark, good);
        for (int i = 0; i < good.size(); i++) {
            Path trace = good.get(i);
            assertEquals(expected.get(i), stats.file(trace.toString()), trace.toString());
            for (int stream : CliReference.streams(trace)) {
                assertEquals(CliReference.inspectVolume(trace, stream), stats.volume(trace.toString(), stream < 0 ? null : stream),
                        trace + " volume " + stream);
            }
        }
        assertTrue(good.size() >= MIN_COMPARED, "fixtures compared: " + good.size());
        return good.size();
    }

    private static List<Path> traces(Path dir) throws IOException {
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
        more.add(BlktraceSamples.twoCpus(Files.createDirectories(dir.resolve("blk")), "sd"));
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

    private static ArchiveStatistics inspect(SparkSession spark, List<Path> traces) {
        List<String> paths = new ArrayList<>();
        for (Path t : traces) {
            paths.add(t.toString());
        }
        try {
            return new ArchiveInspection(spark, InspectSettings.DEFAULTS.withSplitBytes(SPLIT_BYTES).withVolumesPerFile(true))
                    .inspect(paths);
        } catch (Exception e) {
            SbenchException cause = BadRecords.sbenchCause(e);
            throw cause == null ? new IllegalStateException(e) : cause;
        }
    }
}
