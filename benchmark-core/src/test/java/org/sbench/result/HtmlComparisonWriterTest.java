package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlComparisonWriterTest {
    static ResultComparison abb() {
        return ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(ResultFixtures.B2)), 0, false);
    }

    @Test
    void oneBarPerDriveBestFirstInEveryChart() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(abb()));
        assertEquals(List.of("busy", "busy-read", "busy-write", "mbps", "mbps-read", "mbps-write", "iops", "latency-p99",
                "latency-read", "latency-write"), page.chartIds());
        for (String bars : List.of("busy", "busy-read", "busy-write", "mbps", "mbps-read", "mbps-write", "iops", "latency-p99")) {
            assertEquals(2, page.bars(bars), bars);
            assertEquals(List.of("DriveB", "DriveA"), page.barCategories(bars), bars + ": DriveB wins everywhere");
        }
        assertEquals(2, page.curves("latency-read"), "one curve per drive");
        assertEquals(2, page.curves("latency-write"));
        assertTrue(page.texts("busy").containsAll(List.of("Disk-busy time, total", "lower is better; best first", "busy time (s)",
                "DriveA", "DriveB", "2.000 s", "1.125 \u00b1 0.177 s")), page.texts("busy").toString());
        assertTrue(page.texts("mbps").containsAll(List.of("Average data rate, combined", "higher is better; best first", "MB/s",
                "2.0 MB/s", "3.6 \u00b1 0.6 MB/s")), page.texts("mbps").toString());
        assertTrue(page.texts("latency-p99").contains("latency (\u00b5s)"));
        assertTrue(page.texts("latency-read").containsAll(List.of("DriveA", "DriveB", "percentile", "\u00b5s")));
        assertEquals(1, page.byClass(null, "table", "comparison").size());
        assertTrue(page.text().contains("2 runs: drive-b.json drive-b-run2.json"));
    }

    @Test
    void theBaselinesCurveIsOrangeLikeItsBarsAndNoOtherIs() throws Exception {
        String orange = "rgb(245,133,24)";
        String blue = "rgb(76,120,168)";
        XhtmlDocument baselineA = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(abb()));
        assertEquals(Map.of("DriveA", orange, "DriveB", blue), baselineA.curveColours("latency-read"));
        ResultComparison baselineB = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A),
                ResultFixtures.input(ResultFixtures.B)), 1, false);
        assertEquals(Map.of("DriveA", blue, "DriveB", orange),
                new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(baselineB)).curveColours("latency-write"));
    }

    @Test
    void theChosenMetricsChartComesFirst() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.LATENCY).render(abb()));
        assertEquals("latency-p99", page.chartIds().get(0));
        assertEquals("busy", page.chartIds().get(1));
    }

    @Test
    void aForcedComparisonCarriesAWarning(@TempDir Path dir) throws Exception {
        Path zero = ResultFixtures.variant(dir, ResultFixtures.B, "zero.json", j -> ((ObjectNode) j.get("settings")).put("data", "zero"));
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(zero)), 0, true);
        XhtmlDocument page = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(c));
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("NOT COMPARABLE"));
    }
}
