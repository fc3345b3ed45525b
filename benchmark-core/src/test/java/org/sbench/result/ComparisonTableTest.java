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
        assertEquals("  DriveA (baseline)  model DriveA, firmware 1.0, serial A1, target /dev/sdx (block), engine io_uring,"
                + " data random, 1 run: drive-a.json", lines.get(2));
        assertEquals("  DriveB             model DriveB, firmware 2.0, serial B1, target /dev/sdy (block), engine io_uring,"
                + " data random, 2 runs: drive-b.json drive-b-run2.json", lines.get(3));
        assertEquals("ranking  by busy time (lower is better)", lines.get(4));
        assertEquals("  1. DriveB  1.125 s", lines.get(5));
        assertEquals("  2. DriveA  2.000 s  1.78x the best", lines.get(6));
        assertEquals("", lines.get(7));
        assertEquals("metric                                op   unit  DriveA (baseline)          DriveB    diff  ratio    best",
                lines.get(8));
        assertTrue(lines.contains("busy time                            all      s              2.000  1.125 +/-0.177"
                + "  -0.875  0.56x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("busy time                          write      s              1.000  0.500 +/-0.000"
                + "  -0.500  0.50x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("average data rate                    all   MB/s                2.0      3.6 +/-0.6"
                + "    +1.6  1.80x  DriveB"), String.join("\n", lines));
        assertTrue(lines.contains("IOs                                  all  count                  4          4 +/-0"
                + "      +0  1.00x"), String.join("\n", lines));
        assertEquals("values of repeated runs: mean +/- sample standard deviation; diff and ratio of means",
                lines.get(lines.size() - 1));
        assertEquals(9 + Metric.ALL.size() + 1, lines.size());
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
    }
}
