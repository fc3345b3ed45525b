package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

class HtmlReportWriterTest {
    @Test
    void aWellFormedPageWithSixLabelledCharts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a.html");
        new HtmlReportWriter().write(ResultFixtures.load(ResultFixtures.A), file);
        String html = Files.readString(file);
        XhtmlDocument page = new XhtmlDocument(html);
        assertEquals(List.of("busy", "latency", "size-mbps", "size-ios", "throughput", "qd"), page.chartIds());
        assertEquals(3, page.bars("busy"), "read, write, total");
        assertEquals(List.of("read", "write", "total"), page.barCategories("busy"));
        assertEquals(4, page.bars("size-mbps"), "classes with IOs: 4K and >128K reads, 8K and >128K writes");
        assertEquals(4, page.bars("size-ios"));
        assertEquals(16, page.bars("qd"), "8 depth buckets, recorded and replayed");
        assertEquals(2, page.curves("latency"), "read and write");
        assertEquals(2, page.curves("throughput"));

        assertTrue(page.texts("busy").containsAll(List.of("Disk-busy time by op", "busy time (s)", "1.500 s", "1.000 s", "2.000 s")),
                page.texts("busy").toString());
        assertTrue(page.texts("size-mbps").containsAll(List.of("MB/s", "IO size class", "4K", ">128K", "read", "write")));
        // Log axes draw their tick labels as glyph outlines (paths), so only the labels are text here.
        assertTrue(page.texts("latency").containsAll(List.of("Latency by percentile", "\u00b5s", "percentile", "read", "write")),
                page.texts("latency").toString());
        assertTrue(page.texts("throughput").containsAll(List.of("time since start (s)", "MB/s")));
        assertTrue(page.texts("qd").containsAll(List.of("%", "queue depth", "recorded", "replayed", "50.0", "75.0")),
                page.texts("qd").toString());
        String text = page.text();
        assertTrue(text.contains("a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1"), "the full trace hash");
        assertTrue(text.contains("DriveA"));

        assertFalse(html.contains("<script"), "no scripts");
        assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing loaded from the network");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the page, no temporary file");
        }
    }

    /**
     * The size classes' MB/s bars were labelled in whole MB/s: 0.4 MB/s read "0", 1.3 read "1",
     * where the table beside them says 0.4 and 1.3. Below 10 MB/s a label has the table's decimal.
     */
    /** A ten-hour run drew 36,000 points a curve on a chart 1,000 px wide (a 2.8 MB page): binned to at most 2,000. */
    /**
     * In a window 400 px wide the report spread to 779 px (Chromium, the browser audit): the facts' values (a path, the
     * trace's SHA-256), the title and the UNWRITTEN warning do not break, so the whole page scrolled sideways. They break
     * where they must; the tables of numbers scroll in their own boxes as before.
     */
    @Test
    void longWordsBreakInANarrowWindow() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)));
        assertTrue(page.style(false).contains("h1, p, table.facts td { overflow-wrap: anywhere; }"), page.style(false));
    }

    @Test
    void aLongRunsThroughputIsAveragedOverBins(@TempDir Path dir) throws Exception {
        int seconds = 36_000;
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "long.json", j -> {
            ((ObjectNode) j.get("summary")).put("wallNs", seconds * 1_000_000_000L);
            ArrayNode series = j.putArray("timeSeries");
            for (int s = 0; s < seconds; s++) {
                series.addObject().put("second", s).put("readIops", 1).put("writeIops", 1).put("readMbps", 1.0).put("writeMbps", 1.0);
            }
        }));
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(r));
        assertEquals(Map.of("read", 2000, "write", 2000), page.curvePoints("throughput"));
        assertTrue(page.texts("throughput").stream().anyMatch(t -> t.contains("averaged over 18 s")), page.texts("throughput").toString());
    }

    @Test
    void sizeClassBarsAreLabelledAsTheTableIs() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)));
        List<String> texts = page.texts("size-mbps");
        assertTrue(texts.containsAll(List.of("3.0", "1.3")), texts.toString());
        assertFalse(texts.contains("1") || texts.contains("3"), texts.toString());
    }

    @Test
    void theTargetIsDescribedInWords(@TempDir Path dir) throws Exception {
        Path file = ResultFixtures.variant(dir, ResultFixtures.A, "file.json", j -> {
            ObjectNode t = ((ObjectNode) j.get("target")).put("kind", "file").put("path", "/mnt/scratch/x.img");
            t.putObject("device").put("filesystem", "ext4").put("mountPoint", "/mnt/scratch").put("mountSource", "/dev/sdb1")
                    .put("allocation", "fallocate");
        });
        List<List<String>> meta = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(file))).table("meta");
        assertTrue(meta.contains(List.of("target kind", "file")), meta.toString());
        assertTrue(meta.contains(List.of("filesystem mounted at", "/mnt/scratch")), meta.toString());
        assertTrue(meta.contains(List.of("filesystem on", "/dev/sdb1")), meta.toString());
        assertTrue(meta.contains(List.of("file allocated by", "fallocate")), meta.toString());
        List<List<String>> drive = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A))).table("meta");
        assertTrue(drive.contains(List.of("target kind", "block device")), drive.toString());
        assertTrue(drive.contains(List.of("serial number", "A1")), drive.toString());
        assertTrue(drive.contains(List.of("rotational", "no (0: solid state)")), drive.toString());
        assertTrue(drive.contains(List.of("IO scheduler", "none")), drive.toString());
        for (List<String> row : drive) {
            assertTrue(row.get(0).matches("[a-z0-9 ()_A-Z]+") && !row.get(0).matches(".*[a-z][A-Z].*"), "a label in words: " + row);
        }
    }

    /** A device without a volatile write cache gets no flush: the report says what queue/write_cache says, in words. */
    @Test
    void theWriteCacheSaysWhetherFlushesReachTheDevice(@TempDir Path dir) throws Exception {
        for (String[] c : new String[][] {{"write through", "write through: no cache to flush, the kernel sends the device no flush"},
                {"write back", "write back: flushes reach the device"}}) {
            Path file = ResultFixtures.variant(dir, ResultFixtures.A, "wc.json",
                    j -> ((ObjectNode) j.get("target").get("device")).put("writeCache", c[0]));
            List<List<String>> drive = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(file))).table("meta");
            assertTrue(drive.contains(List.of("volatile write cache (write_cache)", c[1])), drive.toString());
        }
    }

    /** Writeback throttling, which sbench turns off for a run, was shown as "wbt lat usec" and "wbt lat usec before". */
    @Test
    void writebackThrottlingIsDescribedInWords(@TempDir Path dir) throws Exception {
        Path file = ResultFixtures.variant(dir, ResultFixtures.A, "wbt.json", j -> ((ObjectNode) j.get("target").get("device"))
                .put("wbtLatUsec", "0").put("wbtLatUsecBefore", "2000"));
        List<List<String>> meta = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(file))).table("meta");
        assertTrue(meta.contains(List.of("writeback throttling during the run (wbt_lat_usec)", "off (0)")), meta.toString());
        assertTrue(meta.contains(List.of("writeback throttling before the run (wbt_lat_usec)", "2000 \u00b5s")), meta.toString());
    }

    @Test
    void fidelityMappingAndErrorsAreSmallTables() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)));
        List<List<String>> fidelity = page.table("fidelity");
        assertEquals(List.of("IOs issued", "4 of 4 in the trace"), fidelity.get(0));
        assertEquals(List.of("submitted out of trace order", "0"), fidelity.get(1));
        assertEquals(List.of("queue depth at issue, recorded average", "1.50"), fidelity.get(2));
        assertEquals(List.of("queue depth at issue, replayed average", "1.25"), fidelity.get(3));
        assertEquals(List.of("distance of the two distributions", "0.250 (total variation: 0 the same, 1 nothing in common)"),
                fidelity.get(4));
        assertEquals(List.of("IOs widened to the logical block size", "0"), page.table("mapping").get(0));
        assertEquals(List.of(List.of("IO errors", "none")), page.table("errors"));
    }

    @Test
    void phasesGetTheTableTheTerminalPrints(@TempDir Path dir) throws Exception {
        assertEquals(0, new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)))
                .byClass(null, "table", "phases").size(), "no phases, no table");
        Path phased = ResultFixtures.variant(dir, ResultFixtures.A, "phased.json", j -> {
            j.putArray("phases").add(phase(j, "boot", 3, 2_000_000_000L)).add(phase(j, "login", 1, 500_000_000L));
            ResultFixtures.withRates(j);
        });
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(phased)));
        List<Element> tables = page.byClass(null, "table", "phases");
        assertEquals(1, tables.size());
        String text = tables.get(0).getTextContent();
        assertTrue(text.contains("phase") && text.contains("boot") && text.contains("login") && text.contains("2.000"), text);
    }

    private static ObjectNode phase(ObjectNode root, String name, long ios, long wallNs) {
        return root.objectNode().put("name", name).put("ios", ios).put("bytesRead", 4096 * ios).put("bytesWritten", 0)
                .put("wallNs", wallNs).put("busyNs", wallNs / 2);
    }

    @Test
    void anIncompleteResultSaysSo(@TempDir Path dir) throws Exception {
        Path partial = ResultFixtures.variant(dir, ResultFixtures.A, "partial.json",
                j -> {
                    j.put("complete", false).put("stopReason", "interrupted");
                    ((ObjectNode) j.get("fidelity")).put("inTrace", 20_000);
                });
        String html = new HtmlReportWriter().render(new JsonResults().read(partial));
        XhtmlDocument page = new XhtmlDocument(html);
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("INCOMPLETE: stopped (interrupted) after 4 of 20,000 IOs"), page.text());
    }

    @Test
    void readsOfNeverWrittenExtentsAreWarnedOf(@TempDir Path dir) throws Exception {
        Path fresh = ResultComparisonTest.unwritten(dir, ResultFixtures.A, "fresh.json");
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(fresh)));
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("UNWRITTEN: 2.00 MB of the 4.00 MB this run could read of /tmp/new.img held no data"));
    }
}
