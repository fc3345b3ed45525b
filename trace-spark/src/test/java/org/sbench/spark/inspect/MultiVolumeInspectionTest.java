package org.sbench.spark.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSparkTest;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.MultiVolumeTraces.Line;
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
            return new ArchiveInspection(spark, settings.withSplitBytes(SPLIT_BYTES)).inspect(paths);
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

    @Test
    void twoMsrVolumesEqualEachVolumeInspectedAlone() throws IOException {
        List<Line> lines = MultiVolumeTraces.msr(1, 3000, 2);
        Path file = MultiVolumeTraces.write(dir.resolve("two.csv"), lines);
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS, file);
        assertEquals(CliReference.inspect(file, ReadOptions.DEFAULTS), stats.file(file.toString()));
        assertEquals(2, stats.volumes().size());
        assertVolumesAlone(stats, lines, 2, "two");
        TraceStatistics v0 = stats.volume(null, 0);
        assertTrue(v0.qd().known() && v0.reordered() > 0 && v0.sequentialPct() > 0, v0.toString());
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
        assertEquals(4, stats.volumes().size());
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
        assertEquals(past, assertThrows(SbenchException.class, () -> inspect(InspectSettings.DEFAULTS.withSkipBad(1), file)).getMessage());
    }

    @Test
    void badRecordsWithinTheAllowanceAreSkippedAndCounted() throws IOException {
        List<Line> good = MultiVolumeTraces.msr(6, 2000, 2);
        Path file = MultiVolumeTraces.write(dir.resolve("skip.csv"), withBadLines(good, 10, 1500));
        ArchiveStatistics stats = inspect(InspectSettings.DEFAULTS.withSkipBad(2), file);
        TraceStatistics cli = CliReference.inspect(file, ReadOptions.DEFAULTS.withSkipBad(2));
        assertEquals(2, cli.skipped());
        assertEquals(cli, stats.file(file.toString()));
        assertVolumesAlone(stats, good, 2, "skip");
    }
}
