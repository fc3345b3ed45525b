package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An op a result has no IOs of has no busy time, rates or latency of its own: none (NaN, an empty
 * cell, "-"), where 0 was shown and, in compare, ranked best (busy time, latency) or read as measured (rates).
 */
class NoIosOfAnOpTest {
    private static ReplayResult writesOnly(Path dir) {
        return new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "writes-only.json",
                j -> ResultFixtures.withIos(j, "read", 0)));
    }

    @Test
    void itsBusyTimeRatesAndLatencyAreNone(@TempDir Path dir) {
        ReplayResult r = writesOnly(dir);
        assertTrue(Double.isNaN(Metric.READ_BUSY.of(r)));
        assertTrue(Double.isNaN(Metric.READ_MBPS.of(r)), "0 MB/s read as measured");
        assertTrue(Double.isNaN(Metric.READ_IOPS.of(r)));
        assertFalse(Double.isNaN(Metric.WRITE_MBPS.of(r)));
        for (Metric m : Metric.ALL) {
            if (m.op().equals(Metric.READ) && (m.key().startsWith("latency_") || m.key().equals("over10ms"))) {
                assertTrue(Double.isNaN(m.of(r)), m.key());
            }
        }
        assertFalse(Double.isNaN(Metric.WRITE_BUSY.of(r)), "writes have theirs");
        assertFalse(Double.isNaN(Metric.P99.of(r)), "and so do all IOs");
    }

    /** A phase a stopped run never reached showed wall 0.000, MB/s 0.0 as if measured. */
    @Test
    void aPhaseWithoutIosShowsNothingMeasured(@TempDir Path dir) {
        String row = phaseRows(dir, "video", 0, 0).stream().filter(l -> l.startsWith("video")).findFirst().orElseThrow();
        assertTrue(row.trim().matches("video +0( +-){5}"), row);
    }

    /**
     * The IOs a trace has before its first mark (a recording whose first mark, typed "boot done", came
     * after the boot's IOs) belong to no phase: the phase rows did not add up to the run, and nothing said why.
     */
    @Test
    void iosBeforeTheFirstMarkHaveARowOfTheirCountAndBytes(@TempDir Path dir) {
        List<String> rows = phaseRows(dir, "boot done", 1, 1_000_000);
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.get(0).trim().matches("\\(before the first mark\\) +3 +3\\.0( +-){4}"), rows.get(0));
        assertTrue(rows.get(1).startsWith("boot done"), rows.get(1));
    }

    /** The phase table's rows (header left out) of drive-a (4 IOs, 4 MB) with one phase {@code name} of {@code ios} IOs reading {@code bytes}. */
    private static List<String> phaseRows(Path dir, String name, long ios, long bytes) {
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "phased.json", j -> {
            j.putArray("phases").addObject().put("name", name).put("ios", ios).put("bytesRead", bytes).put("bytesWritten", 0)
                    .put("wallNs", ios == 0 ? 0 : 1_000_000).put("busyNs", ios == 0 ? 0 : 500_000).put("mbps", ios == 0 ? 0.0 : 2000.0);
        }));
        StringWriter out = new StringWriter();
        TableResultWriter.phases(r).print(new PrintWriter(out, true), "");
        return out.toString().lines().skip(1).toList();
    }

    /** The page's busy chart drew a bar labelled "0.000 s" for the reads its summary table has "-" for. */
    @Test
    void thePageDrawsNoBusyBarForIt(@TempDir Path dir) throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(writesOnly(dir)));
        assertEquals(List.of("write", "total"), page.barCategories("busy"));
        assertFalse(page.texts("busy").contains("0.000 s"), page.texts("busy").toString());
    }

    /** The size-class charts' legends named reads, of which they draw no bar. */
    @Test
    void theSizeChartsLegendsLeaveItOut(@TempDir Path dir) throws Exception {
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "no-reads.json",
                j -> ResultFixtures.withIos(j, "read", 0)));
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(r));
        for (String chart : List.of("size-mbps", "size-ios")) {
            assertEquals(List.of("8K", ">128K"), page.barCategories(chart, "write"));
            assertFalse(page.texts(chart).contains("read"), chart + ": " + page.texts(chart));
        }
    }

    @Test
    void theTerminalTableShowsNoneForIt(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        TableResultWriter.latency(writesOnly(dir)).print(new PrintWriter(out, true), "");
        String readRow = out.toString().lines().filter(l -> l.startsWith("read")).findFirst().orElseThrow();
        assertEquals(8, readRow.trim().split("\\s+").length, readRow);
        assertTrue(readRow.trim().matches("read( +-){7}"), "no figure for reads: " + readRow);
    }

    /**
     * A run with no IOs at all (a read-only replay of writes) has no value to rank: compare ranked it
     * last as "NaN s  - the best", and the page's ranking chart drew its bar at x='NaN' width='NaN'.
     */
    @Test
    void aRunWithoutIosIsRankedWithoutAValue(@TempDir Path dir) throws Exception {
        Path none = ResultFixtures.variant(dir, ResultFixtures.A, "none.json", j -> {
            ResultFixtures.withIos(j, "read", 0);
            ResultFixtures.withIos(j, "write", 0);
            ((ObjectNode) j.get("summary")).put("busyNs", 0);
        });
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(none), ResultFixtures.input(ResultFixtures.B)), 0, true);
        StringWriter out = new StringWriter();
        new ComparisonTable().write(c, RankingMetric.BUSY, new PrintWriter(out));
        String last = out.toString().lines().filter(l -> l.startsWith("  2. ")).findFirst().orElseThrow();
        assertTrue(last.matches("  2\\. DriveA +-\\s*"), last);
        String page = new HtmlComparisonWriter(RankingMetric.BUSY).render(c);
        assertFalse(page.contains("NaN"), "NaN on the page");
        assertEquals(List.of("DriveB"), new XhtmlDocument(page).barCategories("ranking"));
    }

    /**
     * A run that issued nothing has no first submit or last completion, so no wall time: its 0.000 s
     * was named best of the wall times ("best: null" beside a run that replayed its IO).
     */
    @Test
    void aRunThatIssuedNothingHasNoWallTime(@TempDir Path dir) {
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "none.json", j -> {
            ResultFixtures.withIos(j, "read", 0);
            ResultFixtures.withIos(j, "write", 0);
            ((ObjectNode) j.get("summary")).put("wallNs", 0).put("busyNs", 0);
        }));
        Metric wall = Metric.SUMMARY.stream().filter(m -> m.key().equals("wall")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(wall.of(r)), "wall time of nothing issued: " + wall.of(r));
        assertFalse(Double.isNaN(wall.of(ResultFixtures.load(ResultFixtures.A))));
    }
}
