package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTableTest {
    private static String print(ResultComparison c, RankingMetric by) {
        StringWriter s = new StringWriter();
        new ComparisonTable().write(c, by, new PrintWriter(s));
        return s.toString();
    }

    @Test
    void sideBySideWithDiffRatioAndBest() {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(ResultFixtures.B2)), 0, false);
        List<String> lines = print(c, RankingMetric.BUSY).lines().toList();
        assertEquals("compare  tiny.csv (sha256 a1a1a1a1a1a1, 4 IOs), recorded-qd, max idle 25.0 ms, data random", lines.get(0));
        assertEquals("columns", lines.get(1));
        assertEquals("  DriveA (baseline)  model DriveA, firmware 1.0, serial A1, target /dev/sdx (block device), engine io_uring,"
                + " data random, 1 run: drive-a.json", lines.get(2));
        assertEquals("  DriveB             model DriveB, firmware 2.0, serial B1, target /dev/sdy (block device), engine io_uring,"
                + " data random, 2 runs: drive-b.json drive-b-run2.json", lines.get(3));
        assertEquals("ranking  by busy time (lower is better)", lines.get(4));
        assertEquals("  1. DriveB  1.125 s", lines.get(5));
        assertEquals("  2. DriveA  2.000 s  1.78x the best", lines.get(6));
        assertEquals("", lines.get(7));
        assertEquals("metric                    op   unit  DriveA (baseline)          DriveB    diff  ratio    best",
                lines.get(8));
        assertTrue(lines.contains("busy time                all      s              2.000  1.125 +/-0.177"
                + "  -0.875  0.56x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("busy time              write      s              1.000  0.500 +/-0.000"
                + "  -0.500  0.50x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("average data rate        all   MB/s                2.0      3.6 +/-0.6"
                + "    +1.6  1.80x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("IOs                      all  count                  4          4 +/-0"
                + "      +0  1.00x"), String.join("\n", lines));
        int sizes = 9 + Metric.SUMMARY.size() + 1;
        assertEquals("", lines.get(sizes - 1));
        assertEquals("size      op       metric  unit  DriveA (baseline)          DriveB    diff  ratio    best", lines.get(sizes));
        assertEquals(">128K   read    data rate  MB/s                3.0      5.1 +/-1.2    +2.1  1.71x  DriveB", lines.get(sizes + 7));
        assertEquals(">128K   read    busy time     s              1.000  0.600 +/-0.141  -0.400  0.60x  DriveB", lines.get(sizes + 8));
        assertEquals(">128K   read  p99 latency    us                1.5      1.1 +/-0.1    -0.4  0.73x  DriveB", lines.get(sizes + 9));
        int fidelity = sizes + 12 + 2;
        assertEquals("fidelity                            unit  DriveA (baseline)          DriveB    diff  ratio  best",
                lines.get(fidelity));
        assertEquals("IOs issued                         count                  4          4 +/-0      +0  1.00x",
                lines.get(fidelity + 1));
        assertEquals("timed: lateness p99                   us                  -               -       -      -",
                lines.get(fidelity + 7), "not a timed replay: none");
        assertEquals("values of repeated runs: mean +/- sample standard deviation; diff and ratio of means",
                lines.get(lines.size() - 1));
        assertEquals(fidelity + Metric.FIDELITY.size() + 2, lines.size());
    }

    /** A label a terminal shows wider than its characters (ディスク: 4 characters, 8 columns) is padded by columns. */
    @Test
    void columnsAreListedAlignedByTheColumnsATerminalShows() {
        ResultComparison c = ResultComparison.of(List.of(
                new ResultComparison.Input(ResultFixtures.A, ResultFixtures.load(ResultFixtures.A), "ディスク"),
                ResultFixtures.input(ResultFixtures.B)), 0, false);
        List<String> lines = print(c, RankingMetric.BUSY).lines().toList();
        assertTrue(lines.get(2).startsWith("  ディスク (baseline)  model DriveA"), lines.get(2));
        assertTrue(lines.get(3).startsWith("  DriveB" + " ".repeat(13) + "  model DriveB"), lines.get(3));
    }

    @Test
    void phasesSideBySide(@TempDir Path dir) {
        List<String> lines = print(ResultComparisonTest.phased(dir, List.of("boot", "work"), List.of("boot", "work"), false),
                RankingMetric.BUSY).lines().toList();
        int at = lines.indexOf("phase     metric  unit  DriveA (baseline)          DriveB    diff  ratio    best");
        assertTrue(at > 0, String.join("\n", lines));
        assertEquals(List.of(
                "boot   wall time     s              1.000  0.850 +/-0.071  -0.150  0.85x  DriveB",
                "boot   busy time     s              0.500  0.275 +/-0.035  -0.225  0.55x  DriveB",
                "boot   data rate  MB/s                2.0      3.7 +/-0.5    +1.7  1.83x  DriveB",
                "work   wall time     s              2.000  1.700 +/-0.000  -0.300  0.85x  DriveB",
                "work   busy time     s              1.000  0.550 +/-0.071  -0.450  0.55x  DriveB",
                "work   data rate  MB/s                1.0      1.8 +/-0.2    +0.8  1.83x  DriveB", ""), lines.subList(at + 1, at + 8));
    }

    @Test
    void aColumnThatMattersForTheRankingIsMarkedEverywhereItIsNamed(@TempDir Path dir) {
        Path file = ResultFixtures.writtenFile(dir, ResultFixtures.B);
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(file)), 0, false);
        List<String> lines = print(c, RankingMetric.BUSY).lines().toList();
        assertEquals("  DriveB (!)         model DriveB, firmware 2.0, serial B1, target /mnt/x.img (file), engine io_uring, data"
                + " random, 1 run: file.json", lines.get(3));
        assertEquals("notes    (!) DriveB: ran on a file, the baseline on a block device", lines.get(4));
        assertEquals("  1. DriveB (!)  1.000 s", lines.get(6), "in the ranking");
        assertTrue(lines.get(9).contains("DriveA (baseline)  DriveB (!)"), "in the table's header: " + lines.get(9));
        assertTrue(lines.get(17).endsWith("0.50x  DriveB (!)"), "as the best: " + lines.get(17));
    }

    @Test
    void rankingFollowsTheChosenMetric() {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B)),
                1, false);
        String out = print(c, RankingMetric.MBPS);
        assertTrue(out.contains("ranking  by average data rate (higher is better)\n  1. DriveB  4.0 MB/s\n"
                + "  2. DriveA  2.0 MB/s  0.50x the best\n"), out);
        assertTrue(out.contains("DriveA    diff  ratio  DriveB (baseline)"), out);
        assertTrue(print(c, RankingMetric.LATENCY).contains("ranking  by p99 latency (lower is better)\n  1. DriveB  1.0 us\n"));
    }

    @Test
    void forcedComparisonIsMarked(@TempDir Path dir) {
        Path zero = ResultFixtures.variant(dir, ResultFixtures.B, "zero.json", j -> ((ObjectNode) j.get("settings")).put("data", "zero"));
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(zero)), 0, true);
        List<String> lines = print(c, RankingMetric.BUSY).lines().toList();
        assertEquals("NOT COMPARABLE, compared with --force; columns marked (!): zero.json differs from the baseline"
                + " drive-a.json in data pattern (zero vs random)", lines.get(1));
        assertTrue(lines.get(4).startsWith("  DriveB (!)  "), lines.get(4));
        assertEquals("  1. DriveB (!)  1.000 s", lines.get(6));
    }

    /** B stopped by Ctrl-C after 4,000 of a trace's 20,000 IOs. */
    static Path stopped(Path dir) {
        return ResultFixtures.variant(dir, ResultFixtures.B, "stopped.json", j -> {
            j.put("complete", false).put("stopReason", "interrupted (SIGINT)");
            ResultFixtures.timesOver(j, 1000);
            ((ObjectNode) j.get("fidelity")).put("inTrace", 20000);
        });
    }

    @Test
    void aRunStoppedShortOfTheTraceSaysHowFarInThousands(@TempDir Path dir) {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(stopped(dir))), 0,
                true);
        List<String> lines = print(c, RankingMetric.BUSY).lines().toList();
        assertEquals("NOT COMPARABLE, compared with --force; columns marked (!): stopped.json is incomplete (interrupted (SIGINT)"
                + " after 4,000 of 20,000 IOs)", lines.get(1));
        assertTrue(lines.contains("notes    (!) DriveB: incomplete: stopped (interrupted (SIGINT)) after 4,000 of 20,000 IOs"),
                String.join("\n", lines));
    }
}
