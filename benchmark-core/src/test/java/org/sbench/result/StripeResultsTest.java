package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * A result on a striped target (fixture stripe-a.json: drive-a.json's run on a stripe of two
 * DriveA, one read split into two member IOs) as JSON, on the terminal, in the HTML report, and
 * compared with the single drive (drive-a.json).
 */
class StripeResultsTest {
    private static final String STRIPE = "stripe-a.json";

    private static String table(ReplayResult r) {
        StringWriter out = new StringWriter();
        new TableResultWriter().write(r, new PrintWriter(out));
        return out.toString();
    }

    @Test
    void theStripeSectionRoundTripsThroughJson(@TempDir Path dir) {
        ReplayResult r = ResultFixtures.load(STRIPE);
        Path again = dir.resolve("again.json");
        new JsonResults().write(r, again);
        ReplayResult back = new JsonResults().read(again);
        assertEquals(r.stripe(), back.stripe());
        assertEquals(65536, back.stripe().chunkBytes());
        assertEquals(2, back.stripe().memberCount());
        assertEquals(1_000_000_000_000L, back.stripe().usableBytes());
        assertEquals(List.of("/dev/sdx", "/dev/sdz"), back.stripe().members().stream().map(ReplayResult.Member::path).toList());
        assertEquals("A2", back.stripe().members().get(1).device().get("serial"));
        assertNull(ResultFixtures.load(ResultFixtures.A).stripe(), "a single drive has no stripe section");
    }

    @Test
    void theTerminalSaysTheGeometryAndShowsTheMembersNextToTheArray() {
        String t = table(ResultFixtures.load(STRIPE));
        assertTrue(t.contains("target   stripe:64K:/dev/sdx,/dev/sdz (RAID 0 stripe, 1000000.0 MB usable: 2 x 500 GB striped, 64 KiB)\n"), t);
        assertTrue(t.contains("stripe   2 members x 500 GB, chunk 64 KiB, 1.00 TB usable; 1 read or write split into 2 member IOs\n"),
                t);
        assertTrue(t.contains("\n"
                + "          IOs   MB  busy s  MB/s  IOPS  QD avg  cap  p99 us  errors                             identity\n"
                + "array       4  4.0   2.000   2.0     2    1.25    0     2.0       0                            trace IOs\n"
                + "member 0    3  2.5   1.250   2.0     2    1.33   64     1.5       0  /dev/sdx, DriveA, fw 1.0, serial A1\n"
                + "member 1    2  1.5   1.000   1.5     2    1.00   64     1.5       0  /dev/sdz, DriveA, fw 1.0, serial A2\n"
                + "QD % of submits      1     2    3  4-5  6-10  11-20  21-32  >32\n"
                + "array             75.0  25.0  0.0  0.0   0.0    0.0    0.0  0.0\n"
                + "member 0          66.7  33.3  0.0  0.0   0.0    0.0    0.0  0.0\n"
                + "member 1         100.0   0.0  0.0  0.0   0.0    0.0    0.0  0.0\n"), t);
        assertTrue(!table(ResultFixtures.load(ResultFixtures.A)).contains("stripe"), "nothing of it for a single drive");
    }

    /**
     * A member the trace never reached (one 4 KiB write at 0 on stripe:64K over two files) has no busy
     * time, rates, depth or latency, as an op without IOs has none: the members table showed it at
     * 0.000 s, 0.0 MB/s, QD 0.00 and p99 0.0 us, members.csv at 0 for each, and the charts a 0 bar.
     */
    @Test
    void aMemberWithoutIosShowsNothingMeasured(@TempDir Path dir) throws Exception {
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, STRIPE, "idle-member.json", j -> {
            com.fasterxml.jackson.databind.node.ObjectNode m = (com.fasterxml.jackson.databind.node.ObjectNode) j.get("stripe").get("members").get(1);
            m.put("ios", 0).put("reads", 0).put("writes", 0).put("bytesRead", 0).put("bytesWritten", 0).put("busyNs", 0);
            ResultFixtures.noLatency((com.fasterxml.jackson.databind.node.ObjectNode) m.get("latency"));
            for (com.fasterxml.jackson.databind.JsonNode q : m.get("qd").get("histogram")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) q).put("count", 0).put("pct", 0.0);
            }
            ((com.fasterxml.jackson.databind.node.ObjectNode) m.get("qd")).put("avg", 0.0);
            allBytesOnTheFirstMember(j);
        }));
        List<String> rows = table(r).lines().filter(l -> l.startsWith("member 1")).toList();
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.get(0).matches("member 1 +0 +0\\.0( +-){4} +64 +- +0 +/dev/sdz, DriveA, fw 1\\.0, serial A2"), rows.get(0));
        assertTrue(rows.get(1).matches("member 1( +-){8}"), "no submits, no share of them: " + rows.get(1));
        new CsvResultWriter().write(r, dir);
        assertEquals("1,/dev/sdz,DriveA,A2,1.0,64,0,0,0,0,0,0,0,,,,0,,", Files.readAllLines(dir.resolve(CsvResultWriter.MEMBERS)).get(2));
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(r));
        assertEquals(List.of("array", "member 0 (/dev/sdx)"), page.barCategories("members"));
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(dir.resolve("idle-member.json"))), 0, false);
        XhtmlDocument compared = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(c));
        assertEquals(List.of("2 x 500 GB striped, 64 KiB: member 0 /dev/sdx"), compared.barCategories("member-busy"));
    }

    @Test
    void aStripeOfOneIsOneMemberAndNothingSplitIsSaidSo(@TempDir Path dir) {
        Path one = ResultFixtures.variant(dir, STRIPE, "one.json", j -> {
            com.fasterxml.jackson.databind.node.ObjectNode stripe = (com.fasterxml.jackson.databind.node.ObjectNode) j.get("stripe");
            stripe.put("memberCount", 1).put("usableBytes", 500_000_000_000L).put("splitIos", 0).put("splitParts", 0);
            ((com.fasterxml.jackson.databind.node.ArrayNode) stripe.get("members")).remove(1);
            allBytesOnTheFirstMember(j);
        });
        String t = table(new JsonResults().read(one));
        assertTrue(t.contains("stripe   1 member x 500 GB, chunk 64 KiB, 500 GB usable; no read or write split\n"), t);
    }

    @Test
    void csvGetsOneRowPerMember(@TempDir Path dir) throws Exception {
        new CsvResultWriter().write(ResultFixtures.load(STRIPE), dir);
        assertEquals(List.of("member,path,model,serial,firmware,in_flight_cap,ios,reads,writes,trims,flushes,bytes_read,bytes_written,"
                        + "busy_s,mb_per_s,iops,errors,p99_us,qd_avg",
                "0,/dev/sdx,DriveA,A1,1.0,64,3,2,1,0,0,2000000,500000,1.25,2,2.4,0,1.5,1.3333333333333333",
                "1,/dev/sdz,DriveA,A2,1.0,64,2,1,1,0,0,1000000,500000,1,1.5,2,0,1.5,1"),
                Files.readAllLines(dir.resolve(CsvResultWriter.MEMBERS)));
    }

    /**
     * A single drive's report into a directory a stripe's report wrote replaces its members.csv with one
     * of no rows: the stripe's members were left beside the single drive's other files, one set of five.
     */
    @Test
    void aSingleDrivesCsvReplacesTheMembersOfAStripesBefore(@TempDir Path dir) throws Exception {
        new CsvResultWriter().write(ResultFixtures.load(STRIPE), dir);
        new CsvResultWriter().write(ResultFixtures.load(ResultFixtures.A), dir);
        List<String> members = Files.readAllLines(dir.resolve(CsvResultWriter.MEMBERS));
        assertEquals(1, members.size(), "the header, no member: " + members);
    }

    @Test
    void theReportShowsTheMembersAsTablesAndBars() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(STRIPE)));
        assertEquals(List.of("busy", "members", "member-qd", "latency", "size-mbps", "size-ios", "throughput", "qd"), page.chartIds());
        assertEquals(List.of("array", "member 0 (/dev/sdx)", "member 1 (/dev/sdz)"), page.barCategories("members"));
        assertEquals(24, page.bars("member-qd"), "8 depth buckets for the array and each member");
        List<Element> members = page.byClass(null, "table", "members");
        assertEquals(1, members.size());
        assertTrue(members.get(0).getTextContent().contains("/dev/sdz, DriveA, fw 1.0, serial A2"), members.get(0).getTextContent());
        assertTrue(page.text().contains("2 members x 500 GB, chunk 64 KiB, 1.00 TB usable"));
    }

    /**
     * The members' queue-depth chart labelled each of its 3 bars a depth with its value: in a 1000 px chart three bars
     * leave some 22 px each, and the labels of neighbours ran together ("10.210.2", "16.816.716.5": a report of a 2-member
     * stripe in Chromium at 1280 px). The table above the chart gives each value; the bars go unlabelled.
     */
    @Test
    void theMembersQueueDepthBarsLeaveTheirValuesToTheTable() throws Exception {
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(ResultFixtures.load(STRIPE)));
        List<String> values = page.texts("member-qd").stream().filter(t -> t.matches("[0-9]+\\.[0-9]")).toList();
        assertEquals(List.of(), values, "value labels on the member-qd bars");
    }

    @Test
    void compareLabelsAStripeAndASingleDriveByTheirGeometry() {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(STRIPE), ResultFixtures.input(ResultFixtures.A)), 0, false);
        assertTrue(c.differences().isEmpty(), "the same trace on a stripe and on one drive is comparable");
        assertEquals(List.of("2 x 500 GB striped, 64 KiB", "1 x 1.00 TB"), c.columns().stream().map(ResultComparison.Column::label).toList());
        assertTrue(c.describe(0).contains("2 x 500 GB striped, 64 KiB over /dev/sdx (DriveA) /dev/sdz (DriveA)"), c.describe(0));
        ResultComparison drives = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B)),
                0, false);
        assertEquals(List.of("DriveA", "DriveB"), drives.columns().stream().map(ResultComparison.Column::label).toList(),
                "without a stripe, labels are as they were");
    }

    /**
     * The member bars named a marked column by its label alone (`1 x 1.00 TB`), where every other chart and table says
     * `1 x 1.00 TB (!)` (the browser audit: a forced compare of a file, a stripe and a cdm run).
     */
    @Test
    void theMemberBarsOfAMarkedColumnCarryItsMark(@TempDir Path dir) throws Exception {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(STRIPE),
                ResultFixtures.input(ResultFixtures.writtenFile(dir, ResultFixtures.A))), 0, false);
        XhtmlDocument page = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(c));
        for (String chart : List.of("member-mbps", "member-busy")) {
            assertEquals("1 x 1.00 TB (!)", page.barCategories(chart).get(2), chart);
        }
    }

    @Test
    void theComparisonPageHasABarPerMemberBesideTheSingleDrive() throws Exception {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(STRIPE), ResultFixtures.input(ResultFixtures.A)), 0, false);
        XhtmlDocument page = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(c));
        for (String chart : List.of("member-mbps", "member-busy")) {
            assertEquals(List.of("2 x 500 GB striped, 64 KiB: member 0 /dev/sdx", "2 x 500 GB striped, 64 KiB: member 1 /dev/sdz",
                    "1 x 1.00 TB"), page.barCategories(chart), chart);
        }
        assertTrue(page.texts("member-mbps").containsAll(List.of("2.0 MB/s", "1.5 MB/s")), page.texts("member-mbps").toString());
        assertTrue(page.texts("member-busy").containsAll(List.of("1.250 s", "1.000 s", "2.000 s")), page.texts("member-busy").toString());
        XhtmlDocument plain = new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(
                ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B)), 0, false)));
        assertTrue(!plain.chartIds().contains("member-mbps"), "no member bars without a stripe");
    }

    /**
     * {@code j} with the array's bytes all moved by its first member's IOs, as the members' bytes add up to the array's, and
     * its rates with them.
     */
    private static void allBytesOnTheFirstMember(com.fasterxml.jackson.databind.node.ObjectNode j) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) j.get("stripe").get("members").get(0))
                .put("bytesRead", j.get("summary").get("bytesRead").asLong()).put("bytesWritten", j.get("summary").get("bytesWritten").asLong());
        ResultFixtures.withRates(j);
    }
}
