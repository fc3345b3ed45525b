package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlComparisonWriterTest {
    private static final String ORANGE = "rgb(245,133,24)";
    private static final String BLUE = "rgb(76,120,168)";
    private static final List<String> DRIVES = List.of("DriveA (baseline)", "DriveB");

    static ResultComparison abb() {
        return ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(ResultFixtures.B2)), 0, false);
    }

    private static XhtmlDocument page(ResultComparison c, RankingMetric by) throws Exception {
        return new XhtmlDocument(new HtmlComparisonWriter(by).render(c));
    }

    @Test
    void theRankingThenEachFamilyAsOneGroupedChart() throws Exception {
        XhtmlDocument page = page(abb(), RankingMetric.BUSY);
        assertEquals(List.of("ranking", "busy", "mbps", "iops", "latency-p99", "latency-read", "latency-write", "class-mbps-read",
                "class-mbps-write", "class-busy-read", "class-busy-write", "class-p99-read", "class-p99-write"), page.chartIds());
        assertEquals(List.of("DriveB", "DriveA"), page.barCategories("ranking"), "best first");
        assertTrue(page.texts("ranking").containsAll(List.of("Ranking by busy time", "lower is better; best first", "busy time (s)",
                "2.000 s", "1.125 \u00b1 0.177 s")), page.texts("ranking").toString());
        for (String family : List.of("busy", "mbps", "iops", "latency-p99")) {
            assertEquals(6, page.bars(family), family + ": 3 groups of one bar per drive");
        }
        assertEquals(List.of("total", "reads", "writes"), page.barCategories("busy", "DriveA (baseline)"));
        assertEquals(List.of("total", "reads", "writes"), page.barCategories("busy", "DriveB"));
        assertTrue(page.texts("busy").containsAll(List.of("Disk-busy time", "busy time (s)", "DriveA (baseline)", "DriveB",
                "2.000 s", "1.500 s", "1.000 s", "1.125 \u00b1 0.177 s", "0.500 \u00b1 0.000 s")), page.texts("busy").toString());
        assertTrue(page.texts("mbps").containsAll(List.of("Average data rate", "2.0 MB/s", "3.6 \u00b1 0.6 MB/s")));
        assertEquals(Map.of("DriveA (baseline)/total", ORANGE, "DriveA (baseline)/reads", ORANGE, "DriveA (baseline)/writes", ORANGE,
                "DriveB/total", BLUE, "DriveB/reads", BLUE, "DriveB/writes", BLUE), page.barColours("busy"), "the baseline orange");
        assertEquals(2, page.curves("latency-read"), "one curve per drive");
        assertEquals(2, page.curves("latency-write"));
        assertTrue(page.texts("latency-read").containsAll(List.of("DriveA (baseline)", "DriveB", "percentile", "\u00b5s")));
        assertEquals(1, page.byClass(null, "table", "comparison").size());
        assertTrue(page.text().contains("2 runs: drive-b.json drive-b-run2.json"));
    }

    @Test
    void sizeClassesAsGroupsOfDrivesReadsAndWritesOnOneScale() throws Exception {
        XhtmlDocument page = page(abb(), RankingMetric.BUSY);
        assertEquals(List.of("4K", ">128K"), page.barCategories("class-mbps-read", "DriveB"), "the read classes with IOs");
        assertEquals(List.of("8K", ">128K"), page.barCategories("class-mbps-write", "DriveB"));
        assertEquals(4, page.bars("class-p99-write"));
        assertTrue(page.texts("class-mbps-read").containsAll(List.of("Average data rate by IO size, reads", "3.0 MB/s",
                "5.1 \u00b1 1.2 MB/s", "DriveA (baseline)", "DriveB")), page.texts("class-mbps-read").toString());
        for (String family : List.of("class-mbps", "class-busy", "class-p99")) {
            assertEquals(ticks(page, family + "-read"), ticks(page, family + "-write"), family + ": one value axis");
        }
        List<List<String>> table = page.table("sizes");
        assertEquals(List.of("size", "op", "metric", "unit", "DriveA (baseline)", "DriveB", "diff", "ratio", "best"), table.get(0));
        assertEquals(1 + 12, table.size());
    }

    /** Two results of 20,000 phases drew charts 1.3 million pixels tall and ran compare --html out of a 96 MiB heap. */
    @Test
    void phaseChartsDrawTheFirstHundredPhasesAndTheTableHasThemAll(@TempDir Path dir) throws Exception {
        int n = HtmlComparisonWriter.MAX_CHART_PHASES + 1;
        List<String> names = new ArrayList<>();
        long[] wallNs = new long[n];
        long[] busyNs = new long[n];
        for (int i = 0; i < n; i++) {
            names.add("p" + i);
            wallNs[i] = 2_000_000L + i;
            busyNs[i] = 1_000_000L + i;
        }
        Path a = ResultFixtures.phased(dir, ResultFixtures.A, "a.json", names, wallNs, busyNs);
        Path b = ResultFixtures.phased(dir, ResultFixtures.B, "b.json", names, wallNs, busyNs);
        XhtmlDocument page = page(ResultComparison.of(List.of(ResultFixtures.input(a), ResultFixtures.input(b)), 0, false),
                RankingMetric.BUSY);
        for (String chart : List.of("phase-wall", "phase-busy", "phase-mbps")) {
            assertEquals(names.subList(0, n - 1), page.barCategories(chart, "DriveA (baseline)"), chart);
            // The subtitle is wrapped into lines of its own.
            assertTrue(String.join("", page.texts(chart)).contains("the first 100 of 101 phases (the phases table has them all)"),
                    page.texts(chart).toString());
        }
        assertEquals(1 + 3 * n, page.table("phases").size(), "every phase's wall, busy and MB/s rows");
    }

    @Test
    void phasesAsGroupsOfDrivesWallAndBusyOnOneScale(@TempDir Path dir) throws Exception {
        XhtmlDocument page = page(ResultComparisonTest.phased(dir, List.of("boot", "work"), List.of("boot", "work"), false),
                RankingMetric.BUSY);
        assertTrue(page.chartIds().containsAll(List.of("phase-wall", "phase-busy", "phase-mbps")), page.chartIds().toString());
        assertEquals(List.of("boot", "work"), page.barCategories("phase-wall", "DriveA (baseline)"));
        assertEquals(4, page.bars("phase-busy"));
        assertTrue(page.texts("phase-wall").containsAll(List.of("Wall time by phase", "1.000 s", "0.850 \u00b1 0.071 s")),
                page.texts("phase-wall").toString());
        assertEquals(ticks(page, "phase-wall"), ticks(page, "phase-busy"), "wall and busy time on one axis");
        assertEquals(1 + 6, page.table("phases").size());
        assertTrue(page(abb(), RankingMetric.BUSY).byClass(null, "table", "phases").isEmpty(), "no phases, no section");
    }

    @Test
    void chartTextIsTheSizeOfThePagesText() throws Exception {
        XhtmlDocument page = page(abb(), RankingMetric.BUSY);
        for (String chart : page.chartIds()) {
            List<Integer> sizes = page.fontSizes(chart);
            assertTrue(!sizes.isEmpty() && sizes.stream().allMatch(px -> px >= 14), chart + ": " + sizes);
        }
    }

    /**
     * A table wider than the page scrolls in its own box on screen; on paper nothing scrolls, and Chromium's print of a
     * compare of 4 drives (labels their paths) kept the first column of numbers alone: the summary table 3,817 px wide in
     * 688. In print its text cells wrap, its numbers stay whole, and the box no longer clips.
     */
    @Test
    void inPrintAWideTableIsNotCutOff() throws Exception {
        XhtmlDocument page = page(abb(), RankingMetric.BUSY);
        assertTrue(page.style(false).contains(".wide { overflow-x: auto; }"), "on screen it scrolls: " + page.style(false));
        String print = page.style(true);
        for (String rule : List.of(".wide { overflow-x: visible; }", ".wide th, .wide td { white-space: normal;", "td.num { white-space: nowrap; }")) {
            assertTrue(print.contains(rule), rule + " in " + print);
        }
    }

    @Test
    void theBaselinesCurveIsOrangeLikeItsBarsAndNoOtherIs() throws Exception {
        assertEquals(Map.of("DriveA (baseline)", ORANGE, "DriveB", BLUE), page(abb(), RankingMetric.BUSY).curveColours("latency-read"));
        ResultComparison baselineB = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A),
                ResultFixtures.input(ResultFixtures.B)), 1, false);
        assertEquals(Map.of("DriveA", BLUE, "DriveB (baseline)", ORANGE), page(baselineB, RankingMetric.BUSY).curveColours("latency-write"));
    }

    @Test
    void theRankingFollowsTheChosenMetric() throws Exception {
        XhtmlDocument page = page(abb(), RankingMetric.LATENCY);
        assertEquals("ranking", page.chartIds().get(0));
        assertTrue(page.texts("ranking").contains("Ranking by p99 latency"), page.texts("ranking").toString());
    }

    @Test
    void aForcedComparisonCarriesAWarningAndTheMarks(@TempDir Path dir) throws Exception {
        Path zero = ResultFixtures.variant(dir, ResultFixtures.B, "zero.json", j -> ((ObjectNode) j.get("settings")).put("data", "zero"));
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(zero)), 0, true);
        XhtmlDocument page = page(c, RankingMetric.BUSY);
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("NOT COMPARABLE"));
        assertEquals(List.of("DriveB (!)", "DriveA"), page.barCategories("ranking"));
        assertEquals(List.of("total", "reads", "writes"), page.barCategories("busy", "DriveB (!)"));
    }

    @Test
    void aColumnThatMattersForTheRankingIsMarkedInEveryChartAndTable(@TempDir Path dir) throws Exception {
        Path file = ResultFixtures.writtenFile(dir, ResultFixtures.B);
        XhtmlDocument page = page(ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(file)), 0,
                false), RankingMetric.BUSY);
        assertEquals(List.of("(!) DriveB: ran on a file, the baseline on a block device"),
                page.byClass(null, "p", "warning").stream().map(e -> e.getTextContent()).toList());
        for (String chart : page.chartIds()) {
            assertTrue(page.texts(chart).contains("DriveB (!)"), chart + ": " + page.texts(chart));
        }
        for (String table : List.of("comparison", "sizes", "fidelity")) {
            assertTrue(page.table(table).get(0).contains("DriveB (!)"), table);
        }
    }

    @Test
    void aRunStoppedShortOfTheTraceSaysHowFarInThousands(@TempDir Path dir) throws Exception {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A),
                ResultFixtures.input(ComparisonTableTest.stopped(dir))), 0, true);
        assertEquals(List.of("NOT COMPARABLE, compared with --force; columns marked (!): stopped.json is incomplete (interrupted"
                + " (SIGINT) after 4,000 of 20,000 IOs)", "(!) DriveB: incomplete: stopped (interrupted (SIGINT)) after"
                + " 4,000 of 20,000 IOs"), page(c, RankingMetric.BUSY).byClass(null, "p", "warning").stream()
                .map(e -> e.getTextContent()).toList());
    }

    /** The value axis' tick labels: the texts of a chart that are bare numbers. */
    private static List<String> ticks(XhtmlDocument page, String chart) {
        List<String> out = new ArrayList<>();
        for (String t : page.texts(chart)) {
            if (t.matches("[0-9][0-9,]*(\\.[0-9]+)?")) {
                out.add(t);
            }
        }
        return out;
    }
}
