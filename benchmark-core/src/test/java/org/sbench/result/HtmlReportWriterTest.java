package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void phasesGetTheTableTheTerminalPrints(@TempDir Path dir) throws Exception {
        assertEquals(0, new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)))
                .byClass(null, "table", "phases").size(), "no phases, no table");
        Path phased = ResultFixtures.variant(dir, ResultFixtures.A, "phased.json", j -> j.putArray("phases")
                .add(phase(j, "boot", 3, 2_000_000_000L)).add(phase(j, "login", 1, 500_000_000L)));
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(phased)));
        List<Element> tables = page.byClass(null, "table", "phases");
        assertEquals(1, tables.size());
        String text = tables.get(0).getTextContent();
        assertTrue(text.contains("phase") && text.contains("boot") && text.contains("login") && text.contains("2.000"), text);
    }

    private static ObjectNode phase(ObjectNode root, String name, long ios, long wallNs) {
        return root.objectNode().put("name", name).put("ios", ios).put("bytesRead", 4096 * ios).put("bytesWritten", 0)
                .put("wallNs", wallNs).put("busyNs", wallNs / 2).put("mbps", 1.0);
    }

    @Test
    void anIncompleteResultSaysSo(@TempDir Path dir) throws Exception {
        Path partial = ResultFixtures.variant(dir, ResultFixtures.A, "partial.json",
                j -> j.put("complete", false).put("stopReason", "interrupted"));
        String html = new HtmlReportWriter().render(new JsonResults().read(partial));
        XhtmlDocument page = new XhtmlDocument(html);
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("INCOMPLETE: stopped (interrupted) after 4 IOs"));
    }

    @Test
    void readsOfNeverWrittenExtentsAreWarnedOf(@TempDir Path dir) throws Exception {
        Path fresh = ResultComparisonTest.unwritten(dir, ResultFixtures.A, "fresh.json");
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(new JsonResults().read(fresh)));
        assertEquals(1, page.byClass(null, "p", "warning").size());
        assertTrue(page.text().contains("UNWRITTEN: 2.0 MB of the 4.0 MB this run could read of /tmp/new.img held no data"));
    }
}
