package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;

/**
 * Results written by earlier builds of sbench, as users keep them (src/test/resources/org/sbench/result/old):
 * fixed-qd-0812319.json is {@code replay desk.sbt --target null --mode fixed-qd --qd 4 --out} of the build
 * of commit 0812319 (2026-11-30), the desktop sample converted to .sbt by that build; file-db200af.json is
 * {@code replay ph.csv --target /dev/shm/aof-db200af.img --out} of the build of commit db200af (2026-11-30),
 * on a file it created, of a trace of reads and writes. A figure that build did not write is none, not 0.
 */
class OldResultsTest {
    static final String FIXED_QD_0812319 = "old/fixed-qd-0812319.json";
    static final String FILE_DB200AF = "old/file-db200af.json";

    @Test
    void aFigureTheOldBuildDidNotCountIsNone(@TempDir Path dir) throws Exception {
        ReplayResult old = ResultFixtures.load(FIXED_QD_0812319);
        assertEquals(4808, old.summary().ios(), "the old result is read");
        Metric held = Metric.FIDELITY.stream().filter(m -> m.key().equals("held_at_cap")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(held.value().applyAsDouble(old)), "IOs held at the cap were not counted before 2026-12-01");

        new CsvResultWriter().write(old, dir.resolve("csv"));
        List<String> summary = Files.readAllLines(dir.resolve("csv").resolve("summary.csv"));
        assertTrue(summary.contains("held_at_cap,all,count,"), summary.toString());

        Path csv = dir.resolve("cmp.csv");
        new ComparisonCsvWriter().write(ResultComparison.of(List.of(ResultFixtures.input(FIXED_QD_0812319)), 0, false), csv);
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.contains("held_at_cap,all,count,none,1,null,true,true,1,,,,,,,,"), rows.toString());
    }

    /**
     * Results of format 1 and before held their last, partial second's counts as if it were whole: fixed-qd-0812319.json
     * ran 0.34 s and its one element holds its 2,578 reads. It is read as this build writes it: the second's length, and its
     * rates over it.
     */
    @Test
    void anOldResultsPartialLastSecondIsReadAsRatesOverItsLength(@TempDir Path dir) throws Exception {
        ReplayResult old = ResultFixtures.load(FIXED_QD_0812319);
        assertEquals(344_820_332L, old.summary().wallNs());
        ReplayResult.Second last = old.timeSeries().get(0);
        assertEquals(0.344820332, last.seconds(), 1e-12);
        assertEquals(2578 / 0.344820332, last.readIops(), 1e-6);
        assertEquals(2230 / 0.344820332, last.writeIops(), 1e-6);
        assertEquals(116.981248 / 0.344820332, last.readMbps(), 1e-6);
        assertEquals(2578, SecondsSpan.of(old).get(0).sum(old.timeSeries(), ReplayResult.Second::readIops), 1e-6,
                "the reads it counted");

        new CsvResultWriter().write(old, dir.resolve("csv"));
        List<String> rows = Files.readAllLines(dir.resolve("csv").resolve("timeseries.csv"));
        assertEquals(List.of("second,read_iops,write_iops,read_mb_per_s,write_mb_per_s,seconds",
                "0," + CsvResultWriter.number(2578 / 0.344820332) + "," + CsvResultWriter.number(2230 / 0.344820332) + ","
                        + CsvResultWriter.number(116.981248 / 0.344820332) + "," + CsvResultWriter.number(150.213632 / 0.344820332)
                        + ",0.344820332"), rows);

        Path again = dir.resolve("again.json");
        new JsonResults().write(old, again);
        assertEquals(old.timeSeries(), new JsonResults().read(again).timeSeries(), "written back as format 2, not converted twice");
    }

    /**
     * Builds before 2026-12-01 did not check whether a file target's reads went to never-written extents
     * (which the filesystem answers without device IO): their results are neither such runs nor runs
     * known to have read written data. compare said a new file's run read never-written extents
     * "unlike file-db200af.json", and refused it, of an old run on a file as new.
     */
    @Test
    void anOldResultOfAFileIsNotKnownToHaveReadWrittenData(@TempDir Path dir) {
        ReplayResult old = ResultFixtures.load(FILE_DB200AF);
        assertFalse(old.readsUnwritten());
        assertTrue(old.unwrittenUnknown(), "no 'unwritten' in a file target's result: not checked");
        Path fresh = ResultFixtures.variant(dir, FILE_DB200AF, "fresh.json", j -> ((ObjectNode) j.get("target"))
                .put("path", "/dev/shm/new.img").putObject("unwritten").put("bytes", 1_000_000_000).put("rangeBytes", 1_000_000_000));
        Path drive = ResultFixtures.variant(dir, FILE_DB200AF, "drive.json", j -> ((ObjectNode) j.get("target"))
                .put("path", "/dev/sdx").put("kind", "block").putObject("device").put("model", "DriveA"));

        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(FILE_DB200AF), ResultFixtures.input(fresh)), 0, false);
        assertEquals(List.of(), c.differences(), "neither is known to have read the drive");
        assertEquals(List.of("whether its reads of /dev/shm/aof-db200af.img went to never-written extents is not known: it was"
                + " written by an sbench before 2026-12-01, which did not check"), c.columns().get(0).notes());

        SbenchException e = assertThrows(SbenchException.class, () -> ResultComparison.of(List.of(ResultFixtures.input(FILE_DB200AF),
                ResultFixtures.input(fresh), ResultFixtures.input(drive)), 0, false));
        assertTrue(e.getMessage().startsWith("not comparable: fresh.json read never-written extents of /dev/shm/new.img (1.00 GB of"
                + " 1.00 GB held no data), which the filesystem answers without device IO, unlike drive.json"), e.getMessage());
    }
}
