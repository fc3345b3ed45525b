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

class TableResultWriterTest {
    @Test
    void mappingSaysWhereEachStreamWent(@TempDir Path dir) {
        assertEquals("widened 0, refitted 0, other streams 0, writes skipped 0, would split 0",
                TableResultWriter.mapping(ResultFixtures.load(ResultFixtures.A)));
        Path all = ResultFixtures.variant(dir, ResultFixtures.A, "all-streams.json",
                j -> ((ObjectNode) j.get("mapping")).put("streamLayout", "0@0, 1@1048576"));
        assertEquals("widened 0, refitted 0, other streams 0, writes skipped 0, would split 0; stream@offset 0@0, 1@1048576",
                TableResultWriter.mapping(new JsonResults().read(all)));
        assertEquals(", streams all", TableResultWriter.streams(new JsonResults().read(all)),
                "a result written before the streams' names were kept");
        Path one = ResultFixtures.variant(dir, ResultFixtures.A, "one-stream.json",
                j -> ((ObjectNode) j.get("settings")).put("stream", 8 << 20 | 16));
        assertEquals(", stream 8388624", TableResultWriter.streams(new JsonResults().read(one)), "its number, all it has");
        assertEquals("", TableResultWriter.streams(ResultFixtures.load(ResultFixtures.A)), "a trace of one stream");
    }

    @Test
    void mappingSaysHowManyIosSbenchSplitIntoHowManyDeviceIos(@TempDir Path dir) {
        Path split = ResultFixtures.variant(dir, ResultFixtures.A, "split.json",
                j -> ((ObjectNode) j.get("mapping")).put("wouldSplit", 3).put("splitIos", 3).put("splitParts", 12));
        ReplayResult r = new JsonResults().read(split);
        assertEquals("widened 0, refitted 0, other streams 0, writes skipped 0, would split 3; 3 reads and writes split by sbench"
                + " into 12 device IOs", TableResultWriter.mapping(r));
        assertTrue(RunFacts.mapping(r).stream().anyMatch(row -> row[1].equals("3 reads and writes split by sbench into 12 device IOs")));
    }

    /**
     * IOs without a recorded depth (their completion was not traced) are not in the recorded
     * distribution: a replay at --qd-fallback of 40 IOs, 10 without completion, said "QD recorded avg
     * 1.00" of 30 of them without saying so. Now the fidelity line and the report's facts say how
     * many IOs it covers.
     */
    @Test
    void theRecordedDepthSaysHowManyIosItCovers(@TempDir Path dir) {
        Path partial = ResultFixtures.variant(dir, ResultFixtures.A, "fallback.json", j -> {
            ((ObjectNode) j.get("fidelity").get("qdRecorded").get("histogram").get(0)).put("count", 1);
            ((ObjectNode) j.get("settings")).put("qdFallback", 4);
        });
        ReplayResult r = new JsonResults().read(partial);
        String covers = "over 3 of 4 IOs (1 without a recorded depth, replayed at --qd-fallback 4)";
        assertTrue(TableResultWriter.fidelity(r).contains(", QD recorded avg 1.50 " + covers + ", replayed avg"),
                TableResultWriter.fidelity(r));
        assertTrue(RunFacts.fidelity(r).stream().anyMatch(row -> row[1].equals("1.50 " + covers)));
        ReplayResult all = ResultFixtures.load(ResultFixtures.A);
        assertTrue(TableResultWriter.fidelity(all).contains(", QD recorded avg 1.50, replayed avg"), TableResultWriter.fidelity(all));
    }

    @Test
    void readsOfNeverWrittenExtentsAreWarnedOf(@TempDir Path dir) {
        ReplayResult fresh = new JsonResults().read(ResultComparisonTest.unwritten(dir, ResultFixtures.A, "fresh.json"));
        assertTrue(fresh.readsUnwritten());
        assertTrue(table(fresh).contains("\nUNWRITTEN: 2.00 MB of the 4.00 MB this run could read of /tmp/new.img held no data when"
                + " it began; the filesystem answers such reads without device IO, so read rates are not the drive's (write the"
                + " file first, or replay onto a block device)\n"), table(fresh));
        ReplayResult drive = ResultFixtures.load(ResultFixtures.A);
        assertFalse(drive.readsUnwritten());
        assertFalse(table(drive).contains("UNWRITTEN"));
        Path writesOnly = ResultFixtures.variant(dir, ResultFixtures.A, "writes.json", j -> {
            ((ObjectNode) j.get("target")).putObject("unwritten").put("bytes", 4096).put("rangeBytes", 4096);
            ResultFixtures.withIos(j, "read", 0);
        });
        assertFalse(new JsonResults().read(writesOnly).readsUnwritten(), "no reads, nothing to warn of");
    }

    /** A small range reads in kB, as the tables write sizes: one decimal of MB said "0.0 MB of the 0.0 MB" of 16 KiB. */
    @Test
    void aSmallNeverWrittenRangeReadsInKb(@TempDir Path dir) {
        Path small = ResultFixtures.variant(dir, ResultFixtures.A, "small.json", j -> ((ObjectNode) j.get("target")).put("kind", "file")
                .put("path", "/tmp/new.img").putObject("unwritten").put("bytes", 16_384).put("rangeBytes", 16_384));
        assertTrue(TableResultWriter.unwritten(new JsonResults().read(small)).startsWith("UNWRITTEN: 16.4 kB of the 16.4 kB this run"
                + " could read of /tmp/new.img held no data"), TableResultWriter.unwritten(new JsonResults().read(small)));
    }

    /**
     * The summary had rows of reads, writes and all only: a run with trims showed "all 20,000" under
     * 13,061 reads and 4,641 writes, the 2,298 trims nowhere.
     */
    @Test
    void trimsAndFlushesHaveTheirRowsWhereTheRunHadThem(@TempDir Path dir) {
        Path trimmed = ResultFixtures.variant(dir, ResultFixtures.A, "trims.json",
                j -> {
                    ResultFixtures.withIos(j, "trim", 2);
                    ResultFixtures.withIos(j, "flush", 1);
                });
        StringWriter out = new StringWriter();
        TableResultWriter.rates(new JsonResults().read(trimmed)).print(new PrintWriter(out, true), "");
        List<String> rows = out.toString().lines().map(l -> l.trim().replaceAll(" +", " ")).toList();
        assertEquals(List.of("trim 2 - - - -", "flush 1 - - - -"), rows.subList(3, 5), out.toString());
        assertTrue(rows.get(5).startsWith("all 7 "), out.toString());
        StringWriter plain = new StringWriter();
        TableResultWriter.rates(ResultFixtures.load(ResultFixtures.A)).print(new PrintWriter(plain, true), "");
        assertEquals(4, plain.toString().lines().count(), "none: no rows of them");
    }

    /** The errors line printed Java's map ({@code 6,455 {write={ENOSPC=6455}}}), not words. */
    @Test
    void errorsAreCountedByOpAndErrorInWords(@TempDir Path dir) {
        Path failed = ResultFixtures.variant(dir, ResultFixtures.A, "errors.json", j -> {
            ResultFixtures.failed(j, 6_457);
            ObjectNode errors = j.putObject("errors");
            errors.putObject("read").put("EIO", 2);
            errors.putObject("write").put("ENOSPC", 6_455);
        });
        assertEquals("6,457 (read: EIO 2; write: ENOSPC 6,455)", TableResultWriter.errors(new JsonResults().read(failed)));
        assertEquals("none", TableResultWriter.errors(ResultFixtures.load(ResultFixtures.A)));
    }

    /**
     * A run whose writes failed all but 484 of 6,939 (ENOSPC) said so only in its last lines; its header said nothing
     * and its page's status read "complete" above a write rate of the 484.
     */
    @Test
    void failedIosAreSaidInTheHeaderAndOnThePage(@TempDir Path dir) throws Exception {
        Path failed = ResultFixtures.variant(dir, ResultFixtures.A, "errors.json", j -> {
            ResultFixtures.failed(j, 6_455);
            j.putObject("errors").putObject("write").put("ENOSPC", 6_455);
        });
        ReplayResult r = new JsonResults().read(failed);
        String line = "ERRORS: 6,455 IOs failed (write: ENOSPC 6,455); IOs, MB and latencies leave them out (their time counts as busy)";
        assertTrue(table(r).contains("\n" + line + "\n"), table(r));
        XhtmlDocument page = new XhtmlDocument(new HtmlReportWriter().render(r));
        assertTrue(page.byClass(null, "p", "warning").stream().anyMatch(p -> p.getTextContent().equals(line + ".")), page.text());
        assertFalse(table(ResultFixtures.load(ResultFixtures.A)).contains("ERRORS"));
    }

    /** The terminal's fidelity line and the report's facts say the same of IOs held at the in-flight cap, in one phrase. */
    @Test
    void heldBackIosAreSaidAlikeOnTheTerminalAndThePage(@TempDir Path dir) {
        Path held = ResultFixtures.variant(dir, ResultFixtures.A, "held.json",
                j -> ((ObjectNode) j.get("fidelity")).put("inFlightCap", 32).put("heldAtCap", 1_234));
        ReplayResult r = new JsonResults().read(held);
        String phrase = "1,234 IOs held back at the cap of 32 in flight: the trace asks for more";
        assertTrue(TableResultWriter.fidelity(r).contains("; " + phrase), TableResultWriter.fidelity(r));
        assertTrue(RunFacts.fidelity(r).stream().anyMatch(row -> row[0].equals("IOs held back") && row[1].equals(phrase)));
        ReplayResult none = ResultFixtures.load(ResultFixtures.A);
        assertFalse(TableResultWriter.fidelity(none).contains("held back"), TableResultWriter.fidelity(none));
        assertTrue(RunFacts.fidelity(none).stream().noneMatch(row -> row[0].equals("IOs held back")));
    }

    /**
     * A stopped read-only replay says how many of the IOs it was to issue it issued, and the page how many
     * of those the trace has: it said "after 4 of 1,001,000 IOs" of a trace of 1,000,000 writes and 1,000
     * reads (found by the firstio audit).
     */
    @Test
    void aStoppedReplayCountsTheIosItWasToIssue(@TempDir Path dir) {
        Path partial = ResultFixtures.variant(dir, ResultFixtures.A, "read-only.json", j -> {
            j.put("complete", false).put("stopReason", "interrupted");
            ((ObjectNode) j.get("fidelity")).put("inTrace", 1_001_000).put("planned", 1_000);
        });
        ReplayResult r = new JsonResults().read(partial);
        assertEquals("INCOMPLETE: stopped (interrupted) after 4 of 1,000 IOs", TableResultWriter.incomplete(r));
        assertTrue(RunFacts.fidelity(r).stream().anyMatch(row -> row[0].equals("IOs issued")
                && row[1].equals("4 of 1,000 to issue; 1,001,000 in the trace")), RunFacts.fidelity(r).get(0)[1]);
        ReplayResult all = ResultFixtures.load(ResultFixtures.A);
        assertTrue(RunFacts.fidelity(all).get(0)[1].endsWith(" in the trace") && !RunFacts.fidelity(all).get(0)[1].contains("issue"));
    }

    /** Reads of a write-only trace have no busy time and so no rates (docs/reports.md): "-", as their latency, not 0. */
    @Test
    void anOpWithoutIosShowsNoBusyTimeOrRates(@TempDir Path dir) {
        Path writesOnly = ResultFixtures.variant(dir, ResultFixtures.A, "writes.json", j -> ResultFixtures.withIos(j, "read", 0));
        String read = table(new JsonResults().read(writesOnly)).lines().filter(l -> l.startsWith("read ")).findFirst().orElseThrow();
        assertTrue(read.matches("read +0 +0\\.0 +- +- +-"), read);
        String drive = table(ResultFixtures.load(ResultFixtures.A)).lines().filter(l -> l.startsWith("read ")).findFirst().orElseThrow();
        assertTrue(drive.matches("read +2 +3\\.0 +1\\.500 .*"), drive);
    }

    private static String table(ReplayResult r) {
        StringWriter out = new StringWriter();
        new TableResultWriter().write(r, new PrintWriter(out));
        return out.toString();
    }
}
