package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/** {@code sbench convert} on damaged and unusual inputs: what it refuses, and that it leaves nothing behind. */
class ConvertCommandTest {
    /** Where an .sbt header keeps the offset of the first record, and a record its length (docs/trace-formats.md). */
    private static final int RECORDS_OFFSET_AT = 12;
    private static final int RECORD_BYTES = 48;
    private static final int LENGTH_IN_RECORD = 24;

    private static final String TWO_DISKS = ""
            + "  8,0    1        1     0.000001000   100  D   R 0 + 8 [dd]\n"
            + "  8,0    0        2     0.000002000     0  C   R 0 + 8 [0]\n"
            + "  8,16   1        3     0.000003000   100  D   W 64 + 8 [dd]\n"
            + "  8,16   0        4     0.000004000     0  C   W 64 + 8 [0]\n";

    @Test
    void aStreamTheTraceLacksIsAUsageErrorNamingTheStreamsPresent(@TempDir Path dir) throws Exception {
        Path msr = Files.writeString(dir.resolve("hm.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n"
                + "128166372000010000,hm,3,Write,8192,512,100\n");
        Path out = dir.resolve("out.sbt");
        CliTest.Run r = CliTest.run("convert", msr.toString(), out.toString(), "--stream", "5");
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("convert", "--stream 5: the trace has no such stream; its streams: 0, 3"), r.err());
        assertFalse(Files.exists(out));
        r = CliTest.run("convert", msr.toString(), out.toString(), "--stream", "8:16");
        assertEquals(CliTest.usage("convert", "--stream 8:16: the trace has no such stream; its streams: 0, 3"), r.err(),
                "as typed, not as the number 8388624");
        Path blk = Files.writeString(dir.resolve("two.txt"), TWO_DISKS);
        r = CliTest.run("convert", blk.toString(), out.toString(), "--stream", "8:17");
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("convert", "--stream 8:17: the trace has no such stream; its streams: 8:0, 8:16"), r.err());
        assertFalse(Files.exists(out));
        r = CliTest.run("convert", msr.toString(), out.toString(), "--stream", "sdb");
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("convert", "--stream takes a stream number or a device as MAJOR:MINOR, found 'sdb'"), r.err());
    }

    /** Streams of block traces are device numbers, shown and typed as MAJOR:MINOR; the model keeps the number. */
    @Test
    void blockTraceStreamsAreMajorMinor(@TempDir Path dir) throws Exception {
        Path blk = Files.writeString(dir.resolve("two.txt"), TWO_DISKS);
        CliTest.Run table = CliTest.run("inspect", blk.toString());
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("\n8:0 ") && table.out().contains("\n8:16 "), table.out());
        com.fasterxml.jackson.databind.JsonNode streams = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(CliTest.run("inspect", "--json", blk.toString()).out()).get("streams");
        assertEquals(8 << 20 | 16, streams.get(1).get("stream").asInt());
        assertEquals("8:16", streams.get(1).get("name").asText());
        Path sdb = dir.resolve("sdb.sbt");
        CliTest.Run convert = CliTest.run("convert", blk.toString(), sdb.toString(), "--stream", "8:16");
        assertEquals(0, convert.code(), convert.err());
        assertTrue(convert.out().startsWith("wrote 1 records"), convert.out());
        CliTest.Run again = CliTest.run("inspect", sdb.toString());
        assertTrue(again.out().contains("\n8:16 "), "the .sbt keeps what its streams are: " + again.out());
        assertEquals(0, CliTest.run("replay", blk.toString(), "--target", "null", "--stream", "8:0").code());
    }

    @Test
    void anSbtRecordWithANegativeLengthIsBadInputForConvertAndReplay(@TempDir Path dir) throws Exception {
        Path sbt = dir.resolve("bad.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(sbt, TraceInfo.of("test", EnumSet.of(Field.COMPLETE)))) {
            for (int i = 0; i < 3; i++) {
                IoRecord r = new IoRecord();
                r.issueNs = 1000L * i;
                r.completeNs = 1000L * i + 500;
                r.offsetBytes = 4096L * i;
                r.lengthBytes = 4096;
                r.op = Op.WRITE;
                w.write(r);
            }
            w.finish();
        }
        byte[] bytes = Files.readAllBytes(sbt);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int second = b.getInt(RECORDS_OFFSET_AT) + RECORD_BYTES;
        b.putLong(second + LENGTH_IN_RECORD, -4096);
        Files.write(sbt, bytes);
        String expected = "sbench: " + sbt + ": byte " + second + ": expected a positive length for a write, found a write of"
                + " -4096 bytes at 4096, issued at 1000 ns, completed at 1500 ns, stream -1, qd 0\n";

        Path csv = dir.resolve("out.csv");
        CliTest.Run convert = CliTest.run("convert", sbt.toString(), csv.toString());
        assertEquals(3, convert.code(), convert.err());
        assertEquals(expected, convert.err());
        assertFalse(Files.exists(csv));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the input is left");
        }
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertEquals(3, replay.code(), replay.err());
        assertEquals(expected, replay.err());

        CliTest.Run skipping = CliTest.run("convert", sbt.toString(), csv.toString(), "--skip-bad", "1");
        assertEquals(0, skipping.code(), skipping.err());
        assertTrue(skipping.out().startsWith("wrote 2 records to " + csv), skipping.out());
    }

    /**
     * A write-zeroes of 4 MiB (as the kernel logged {@code blkdiscard -z} on a loop device) is no IO
     * of the trace: convert says it left it out, and the .sbt it writes carries the count, which
     * inspect shows, as it does for the capture itself.
     */
    @Test
    void requestsOfOtherKindsLeftOutAreCountedInTheSummaryTheSbtAndInspect(@TempDir Path dir) throws Exception {
        Path capture = Files.writeString(dir.resolve("zeroes.txt"), ""
                + "kworker/1:1H-23789 [001] ..... 13685.707003: block_rq_issue: 7,0 NS 4194304 () 0 + 8192 be,0,4 [kworker/1:1H]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.707164: block_rq_complete: 7,0 NS () 0 + 8192 be,0,4 [0]\n"
                + "dd-26558 [001] ..... 13685.746810: block_rq_issue: 7,0 WS 4096 () 16384 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.746862: block_rq_complete: 7,0 WS () 16384 + 8 be,0,4 [0]\n");
        assertSaidByConvertAndInspect(capture, "left out", "1 requests of other kinds (4.19 MB): write-zeroes, passthrough or zone"
                + " commands (N in the kernel's RWBS) or reads and writes of 0 bytes, not IOs sbench replays", "otherRequestBytes",
                4 << 20);
    }

    /**
     * {@code --start} the greatest time, with no {@code --end}, keeps the IOs at that time (none here), as
     * {@code --start} one less does; it was refused as {@code --end must be after --start}, of an {@code --end} not given.
     */
    @Test
    void theGreatestStartWithoutAnEndKeepsWhatIsAtIt(@TempDir Path dir) throws Exception {
        Path msr = Files.writeString(dir.resolve("hm.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n");
        Path out = dir.resolve("out.csv");
        CliTest.Run r = CliTest.run("convert", msr.toString(), out.toString(), "--start", Long.MAX_VALUE + "ns");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("wrote 0 records to " + out), r.out());
        r = CliTest.run("convert", msr.toString(), out.toString(), "--start", "5s", "--end", "5s");
        assertEquals(CliTest.usage("convert", "--end must be after --start"), r.err());
    }

    /** A count out of its range is quoted as typed, not as parsed (00 as 0, -01 as -1). */
    @Test
    void aCountOutOfItsRangeIsQuotedAsTyped(@TempDir Path dir) throws Exception {
        Path msr = Files.writeString(dir.resolve("hm.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n");
        String out = dir.resolve("out.csv").toString();
        CliTest.Run limit = CliTest.run("convert", msr.toString(), out, "--limit", "00");
        assertEquals(CliTest.usage("convert", "--limit must be at least 1, found 00"), limit.err());
        CliTest.Run skipBad = CliTest.run("convert", msr.toString(), out, "--skip-bad", "-01");
        assertEquals(CliTest.usage("convert", "--skip-bad must be 0 or more, found -01"), skipBad.err());
    }

    /** Two reads that failed with EIO (as the kernel logged them for a loop device over a file cut short) stay IOs, counted. */
    @Test
    void failedIosAreCountedByErrorInTheSummaryTheSbtAndInspect(@TempDir Path dir) throws Exception {
        Path capture = Files.writeString(dir.resolve("eio.txt"), ""
                + "dd-26562 [001] ..... 13685.937847: block_rq_issue: 7,0 RS 4096 () 32768 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937880: block_rq_complete: 7,0 RS () 32768 + 8 be,0,4 [-5]\n"
                + "dd-26563 [001] ..... 13685.955572: block_rq_issue: 7,0 RS 4096 () 49152 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.955613: block_rq_complete: 7,0 RS () 49152 + 8 be,0,4 [-5]\n");
        assertSaidByConvertAndInspect(capture, "failed", "2 IOs failed at the device (EIO 2): kept as IOs, which a replay issues as"
                + " any other", "failedIos", 2);
    }

    /**
     * {@code convert} of {@code capture} to .sbt says {@code text} under {@code label}, and so does
     * {@code inspect} of the capture and of the .sbt, whose JSON {@code requests.KEY} is {@code value}.
     */
    private static void assertSaidByConvertAndInspect(Path capture, String label, String text, String key, long value) {
        Path sbt = capture.resolveSibling(capture.getFileName() + ".sbt");
        CliTest.Run convert = CliTest.run("convert", capture.toString(), sbt.toString());
        assertEquals(0, convert.code(), convert.err());
        assertTrue(convert.out().contains(String.format("%n%-9s%s%n", label, text)), convert.out());
        for (Path p : List.of(capture, sbt)) {
            CliTest.Run inspect = CliTest.run("inspect", p.toString());
            assertEquals(0, inspect.code(), inspect.err());
            assertTrue(inspect.out().contains(String.format("%n%-13s%s%n", label, text)), inspect.out());
            try {
                com.fasterxml.jackson.databind.JsonNode requests = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(CliTest.run("inspect", "--json", p.toString()).out()).get("requests");
                assertEquals(value, requests.get(key).asLong(), p.toString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * A trace naming 100,000 distinct processes of 256 bytes (pid-suffixed names of a long tracefs capture, or a
     * hostile file): about 30 MB of names, more than the heap. Until 2026-12-07 the .sbt reader loaded the whole table
     * and the writer kept every name, and both ran out of memory. An .sbt read is in issue order, so no sort (whose
     * 262,144 records would hold their names) stands between reader and writer.
     */
    @Test
    void aTraceOfMoreDistinctProcessNamesThanTheHeapHoldsConvertsAndInspects(@TempDir Path dir) throws Exception {
        int names = 100_000;
        Path sbt = dir.resolve("names.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(sbt, TraceInfo.of("tracefs", EnumSet.of(Field.COMPLETE, Field.PROCESS)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < names; i++) {
                r.clear();
                r.issueNs = 1000L * i;
                r.completeNs = r.issueNs + 500;
                r.offsetBytes = 4096L * i;
                r.lengthBytes = 4096;
                r.op = Op.READ;
                r.process = processName(i);
                w.write(r);
            }
            w.finish();
        }
        Path copy = dir.resolve("copy.sbt");
        try (ChildSbench child = ChildSbench.start(dir, List.of("-Xmx32m"), "convert", sbt.toString(), copy.toString())) {
            assertEquals(0, child.waitFor(), child.err());
        }
        try (ChildSbench child = ChildSbench.start(dir, List.of("-Xmx32m"), "inspect", copy.toString())) {
            assertEquals(0, child.waitFor(), child.err());
            assertTrue(child.out().contains("IOs          100,000: 100,000 reads"), child.out());
        }
        try (TraceReader r = new SbtFormat().openReader(TraceInput.of(copy), ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            for (int i = 0; i < names; i++) {
                assertTrue(r.next(rec));
                assertEquals(processName(i), rec.process);
            }
            assertFalse(r.next(rec));
        }
    }

    /**
     * A text trace not in issue order goes through the sort, whose window held 262,144 records whatever their names
     * (some 90 MB of them when each record names its own 256-byte process): the window is bounded by bytes too.
     */
    @Test
    void anUnsortedTextTraceOfDistinctProcessNamesConvertsInASmallHeap(@TempDir Path dir) throws Exception {
        int records = 200_000;
        Path csv = dir.resolve("names.csv");
        try (var w = Files.newBufferedWriter(csv)) {
            w.write("# fields: process\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n");
            for (int i = 0; i < records; i++) {
                int issue = i ^ 1; // each pair swapped
                w.write(1000L * issue + ",," + 4096L * issue + ",4096,R,,," + processName(issue) + "\n");
            }
        }
        Path sbt = dir.resolve("names.sbt");
        try (ChildSbench child = ChildSbench.start(dir, List.of("-Xmx48m"), "convert", csv.toString(), sbt.toString())) {
            assertEquals(0, child.waitFor(), child.err());
        }
        try (TraceReader r = new SbtFormat().openReader(TraceInput.of(sbt), ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            for (int i = 0; i < records; i++) {
                assertTrue(r.next(rec));
                assertEquals(4096L * i, rec.offsetBytes);
                assertEquals(processName(i), rec.process);
            }
            assertFalse(r.next(rec));
        }
    }

    /** A 256-byte name, distinct for each {@code i}. */
    private static String processName(int i) {
        String suffix = "-" + i;
        return "w".repeat(256 - suffix.length()) + suffix;
    }
}
