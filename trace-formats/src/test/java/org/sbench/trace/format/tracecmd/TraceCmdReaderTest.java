package org.sbench.trace.format.tracecmd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.sbench.trace.TestRecords.assertBadInput;
import static org.sbench.trace.format.FormatSamples.fixture;

import com.github.luben.zstd.Zstd;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Progress;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.tracefs.TracefsEvent;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * trace.dat files trace-cmd 3.1.6 made of real IOs on a loop device (tracecmd/record.sh): version 6,
 * version 7 and version 7 with zstd sections, plain and gzipped, each read as the same IOs as
 * {@code trace-cmd report}'s text of it read as tracefs; and damaged ones refused in a line naming
 * the file and where.
 */
class TraceCmdReaderTest {
    /** Where v7.dat holds CPU 0's one page of data, and where v6.dat holds CPU 1's (trace-cmd convert's output). */
    private static final int V7_CPU0 = 0x208000;
    private static final int V6_CPU1 = 0x208000;
    /** Where v7zstd.dat holds CPU 0's compressed chunks. */
    private static final int ZSTD_CPU0 = 0x26000;
    private static final int ZSTD_CPU1 = 0x27000;
    private static final int PAGE = 4096;
    /** Where many6.dat holds CPU 1's 137 pages. */
    private static final int MANY6_CPU1 = 2351104;

    private final TraceFormats formats = TraceFormats.standard();

    @TempDir
    Path dir;

    /**
     * The IOs of each fixture are those of its report but for the recorded queue depth, which the report's µs
     * change where an issue and a completion fall in the same µs (100 of many.dat's 6,000 IOs). lost.dat's first page
     * says 693 events were lost before it (the report's "CPU:0 [693 EVENTS DROPPED]").
     */
    @ParameterizedTest
    @ValueSource(strings = {"v6.dat.gz", "v7.dat.gz", "v7zstd.dat", "v6.dat", "v7.dat", "many.dat", "many6.dat", "lost.dat"})
    void readsTheIosTraceCmdReportShows(String name) throws Exception {
        Path dat = name.equals("v6.dat") || name.equals("v7.dat") || name.equals("many6.dat") ? plain(name) : fixture("tracecmd/" + name);
        String base = name.substring(0, name.indexOf('.'));
        boolean many = base.startsWith("many");
        List<IoRecord> text = read(fixture("tracecmd/" + (many ? "many.report.gz" : base + ".report")), "tracefs");
        List<IoRecord> binary = read(dat, null);
        assertEquals(many ? 6000 : base.equals("lost") ? 52 : 36, binary.size());
        assertEquals(text.size(), binary.size());
        for (int i = 0; i < text.size(); i++) {
            IoRecord t = text.get(i);
            IoRecord b = binary.get(i);
            assertEquals(t.op, b.op, "op of IO " + i);
            assertEquals(t.offsetBytes, b.offsetBytes, "offset of IO " + i);
            assertEquals(t.lengthBytes, b.lengthBytes, "length of IO " + i);
            assertEquals(t.stream, b.stream, "device of IO " + i);
            assertEquals(t.process, b.process, "process of IO " + i);
            // The text prints µs; the pages hold ns. Both are relative to the first issue, whose µs are rounded too.
            assertTrue(Math.abs(t.issueNs - b.issueNs) < 1000, "issue time of IO " + i + ": " + t.issueNs + " vs " + b.issueNs);
            assertTrue(Math.abs(t.completeNs - b.completeNs) < 1000, "completion of IO " + i + ": " + t.completeNs + " vs " + b.completeNs);
        }
        assertTrue(binary.stream().anyMatch(r -> r.issueNs % 1000 != 0), "ns, not µs");
    }

    /** many.dat holds 6 and 14 chunks of 10 pages on its two CPUs: the merge holds no more than two pages a CPU at a time. */
    @Test
    void holdsAFewPagesACpuNotTheTrace() throws Exception {
        TraceInput input = TraceInput.of(fixture("tracecmd/many.dat"));
        try (CpuMerge merge = new CpuMerge(TraceDat.read(input), input, Files.size(input.path()), Progress.NONE)) {
            TracefsEvent event = new TracefsEvent();
            long events = 0;
            long held = 0;
            while (merge.next(event)) {
                events++;
                held = Math.max(held, merge.heldPages());
            }
            assertEquals(12000, events);
            assertEquals(4, held);
        }
    }

    /**
     * Once each CPU's buffers are there, pages are read into them: a page was a new array (and a new compressed chunk, and
     * a chunk decompressed into a new array), with a String saying where it was, several KiB a page, 4 GB of garbage
     * reading a trace.dat of 4 million IOs four times over (bench/tracecmd-throughput.sh, JFR). The bound is under 10 bytes
     * an event: an array a page would be some 600 KB here, one object an event 160 KB. What is allocated is a chunk's read
     * (32 bytes on Java 17.0.15, 312 on 25.0.3: its FileChannel) and code run for the first time: 15,616 to 52,464 bytes
     * (many.dat read three times in one JVM by CpuMerge as below, getCurrentThreadAllocatedBytes after each event; 2026-12-07).
     */
    @ParameterizedTest
    @ValueSource(strings = {"many.dat", "many6.dat"})
    void readsPagesWithoutAllocatingForEach(String name) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        // many6.dat (version 6: plain pages) is kept gzipped.
        Path file = name.equals("many6.dat") ? write(name, bytes(name)) : fixture("tracecmd/" + name);
        TraceInput input = TraceInput.of(file);
        try (CpuMerge merge = new CpuMerge(TraceDat.read(input), input, Files.size(file), Progress.NONE)) {
            TracefsEvent event = new TracefsEvent();
            long events = 0;
            long before = 0;
            while (merge.next(event)) {
                if (++events == 2000) {
                    before = threads.getCurrentThreadAllocatedBytes();
                }
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(12000, events);
            assertTrue(allocated < 100_000, "bytes allocated reading the last 10,000 events (some 150 pages): " + allocated);
        }
    }

    /** Progress counts the CPUs' data as it is read (the header's stream alone read little of the file) and ends at the file's size. */
    @Test
    void progressFollowsTheCpuDataToTheEnd() throws Exception {
        Path dat = plain("many6.dat");
        List<long[]> reports = new ArrayList<>();
        read(dat, null, ReadOptions.DEFAULTS.withProgress((done, total) -> reports.add(new long[] {done, total})));
        long size = Files.size(dat);
        assertArrayEquals(new long[] {size, size}, reports.get(reports.size() - 1));
        long between = reports.stream().filter(r -> r[0] > MANY6_CPU1 && r[0] < size).count();
        assertTrue(between >= 2, "reports while CPU 1's data is read: " + between);
    }

    @Test
    void isDetectedAndNamesItsClock() throws Exception {
        try (TraceReader r = formats.open(fixture("tracecmd/v7zstd.dat"), null, ReadOptions.DEFAULTS)) {
            assertEquals("trace-cmd", r.info().sourceFormat());
            assertEquals("local", r.info().metadata().get("clock"));
        }
        try (TraceReader r = formats.open(fixture("tracecmd/v6.dat.gz"), null, ReadOptions.DEFAULTS)) {
            assertEquals("local", r.info().metadata().get("clock"));
        }
    }

    @Test
    void sniffsItsMagicAloneAndNoOtherFormat() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(new TraceCmdFormat());
        assertFalse(new TraceCmdFormat().sniff(new TraceHead(Arrays.copyOf(TraceDat.MAGIC.getBytes(StandardCharsets.ISO_8859_1), 9))),
                "a magic cut short");
        assertTrue(new TraceCmdFormat().sniff(new TraceHead(TraceDat.MAGIC.getBytes(StandardCharsets.ISO_8859_1))));
    }

    @Test
    void aFileCutInsideCpuDataIsRefusedNamingTheBytes() throws Exception {
        Path cut = write("cut.dat", Arrays.copyOf(bytes("v6.dat"), V6_CPU1 + 100));
        assertBadInput(cut + ": CPU 1's data (bytes 2129920 to 2134016) runs past the end of the file (2130020 bytes):"
                + " a truncated file?", new TraceCmdFormat(), cut);
        Path cut7 = write("cut7.dat", Arrays.copyOf(bytes("v7.dat"), V7_CPU0 + 100));
        assertBadInput(cut7 + ": byte 2138112: expected the options section, found the end of the file at byte 2130020"
                + " (a truncated file?)", new TraceCmdFormat(), cut7);
    }

    @Test
    void aCpuTableWithTwoCpusOverTheSameBytesIsRefusedNotReadTwice() throws Exception {
        byte[] b = bytes("v6.dat");
        ByteBuffer table = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int at = indexOf(b, "flyrecord\0".getBytes(StandardCharsets.US_ASCII)) + "flyrecord\0".length();
        long cpu0 = table.getLong(at);
        assertEquals(V6_CPU1, table.getLong(at + 16), "CPU 1's entry follows CPU 0's");
        table.putLong(at + 16, cpu0);
        Path bad = write("overlap.dat", b);
        String message = assertThrows(SbenchException.class, () -> read(bad, null)).getMessage();
        assertTrue(message.startsWith(bad + ": CPU 1's data (bytes " + cpu0 + " to "), message);
        assertTrue(message.contains(" overlaps CPU 0's (bytes " + cpu0 + " to "), message);
        assertTrue(message.endsWith("): a damaged CPU table?"), message);
    }

    private static int indexOf(byte[] b, byte[] what) {
        for (int i = 0; i + what.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void aFileCutInItsHeaderIsRefusedNamingTheByte() throws Exception {
        Path cut = write("cut.dat", Arrays.copyOf(bytes("v7.dat"), 20));
        assertBadInput(cut + ": byte 18: expected the compression's name ending in a NUL, found the end of the file after 2 bytes"
                + " (a truncated file?)", new TraceCmdFormat(), cut);
    }

    @Test
    void aCorruptPageIsRefusedNamingTheCpuData() throws Exception {
        byte[] b = bytes("v7.dat");
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(V7_CPU0 + 8, 5000);
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte 2129920 (a page of CPU 0's data): ring-buffer page with a commit of 5000 bytes,"
                + " more than the page's 4080", new TraceCmdFormat(), bad);
        byte[] many = bytes("many6.dat");
        ByteBuffer.wrap(many).order(ByteOrder.LITTLE_ENDIAN).putLong(MANY6_CPU1 + 5 * PAGE + 8, 4081);
        Path badMany = write("many.dat", many);
        assertBadInput(badMany + ": byte " + (MANY6_CPU1 + 5 * PAGE) + " (a page of CPU 1's data): ring-buffer page with a"
                + " commit of 4081 bytes, more than the page's 4080", new TraceCmdFormat(), badMany);
    }

    /**
     * A damaged page inside a compressed chunk is named by the chunk's byte and the page's place in it. CPU 1's one
     * chunk of v7zstd.dat is rewritten with its page damaged, padded to its old size with a skippable zstd frame so
     * that nothing after it moves.
     */
    @Test
    void aDamagedPageInACompressedChunkIsNamedByItsChunk() throws Exception {
        byte[] b = Files.readAllBytes(fixture("tracecmd/v7zstd.dat"));
        ByteBuffer file = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int chunk = ZSTD_CPU1 + Integer.BYTES;
        int compressed = file.getInt(chunk);
        byte[] page = Zstd.decompress(Arrays.copyOfRange(b, chunk + 8, chunk + 8 + compressed), PAGE);
        ByteBuffer.wrap(page).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 5000);
        byte[] again = Zstd.compress(page, 19);
        int pad = compressed - again.length - 8;
        assertTrue(pad >= 0, "the damaged page compresses to " + again.length + " bytes of " + compressed);
        ByteBuffer at = ByteBuffer.wrap(b, chunk + 8, compressed).order(ByteOrder.LITTLE_ENDIAN);
        at.put(again).putInt(0x184D2A50).putInt(pad).put(new byte[pad]);
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte " + chunk + " (page 0 of the zstd chunk there, of CPU 1's data): ring-buffer page with a"
                + " commit of 5000 bytes, more than the page's 4080", new TraceCmdFormat(), bad);
    }

    @Test
    void aDamagedCompressedChunkIsRefusedNamingItsByte() throws Exception {
        byte[] b = Files.readAllBytes(fixture("tracecmd/v7zstd.dat"));
        for (int i = 20; i < 40; i++) {
            b[ZSTD_CPU0 + i] ^= 0x5a;
        }
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte " + (ZSTD_CPU0 + 4) + ": expected 427 bytes of zstd data that decompress to 4096,"
                + " found damaged data (Src size is incorrect)", new TraceCmdFormat(), bad);
    }

    /** Bytes of the CPUs' pages changed at random: the trace reads, or is refused as bad input naming the file; nothing else. */
    @Test
    void damagedPagesReadOrAreRefusedAsBadInput() throws Exception {
        byte[] original = bytes("v7.dat");
        SplittableRandom random = new SplittableRandom(7);
        Path bad = dir.resolve("bad.dat");
        for (int round = 0; round < 150; round++) {
            byte[] b = original.clone();
            for (int n = 1 + random.nextInt(6); n > 0; n--) {
                b[V7_CPU0 + random.nextInt(2 * PAGE)] = (byte) random.nextInt(256);
            }
            Files.write(bad, b);
            try (TraceReader r = formats.open(bad, null, ReadOptions.DEFAULTS.withSkipBad(1000))) {
                for (IoRecord io : TestRecords.readAll(r)) {
                    assertNull(RecordChecks.STANDARD.problem(io), io.toString());
                }
            } catch (SbenchException e) {
                assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith(bad + ": "), e.getMessage());
            }
        }
    }

    /** Bytes of the metadata changed at random (the header, and v7's options and buffer sections at the end of the file). */
    @Test
    void damagedMetadataReadsOrIsRefusedAsBadInput() throws Exception {
        byte[] original = bytes("v7.dat");
        SplittableRandom random = new SplittableRandom(11);
        Path bad = dir.resolve("bad.dat");
        int tail = original.length - (V7_CPU0 + 2 * PAGE);
        for (int round = 0; round < 300; round++) {
            byte[] b = original.clone();
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                int at = random.nextBoolean() ? random.nextInt(64) : V7_CPU0 + 2 * PAGE + random.nextInt(tail);
                b[at] = (byte) random.nextInt(256);
            }
            Files.write(bad, b);
            try (TraceReader r = formats.open(bad, "trace-cmd", ReadOptions.DEFAULTS.withSkipBad(1000))) {
                TestRecords.readAll(r);
            } catch (SbenchException e) {
                assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith(bad + ": "), e.getMessage());
            }
        }
    }

    /**
     * A damaged event system's name is quoted as a found value is (control characters shown as '?', at most 60 characters),
     * not put into the message raw: up to 4 KiB of the file's bytes, a newline among them. v7.dat's "block" system is
     * at byte 1998263, its event count after its NUL.
     */
    @Test
    void aDamagedSystemNameIsQuotedNotPutRawIntoTheMessage() throws Exception {
        byte[] b = bytes("v7.dat");
        int block = 1998263;
        b[block + 1] = '\n';
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(block + "block\0".length(), -1);
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte " + (block + 6) + ": expected the number of 'b?ock' events of at most 65536, found 4294967295",
                new TraceCmdFormat(), bad);
    }

    /**
     * A damaged header_page is refused naming the file and where its format is: a field of another width, or a page
     * header field outside the page's header (read at that offset of every page before).
     */
    @ParameterizedTest
    @ValueSource(strings = {"u64 timestamp;\toffset:0;\tsize:9;", "local_t commit;\toffset:9;\tsize:8;",
            "u64 timestamp;\toffset:-8;\tsize:8;"})
    void aDamagedPageHeaderFormatIsRefusedNamingTheFile(String damaged) throws Exception {
        byte[] b = bytes("v7.dat");
        String s = new String(b, StandardCharsets.ISO_8859_1);
        String field = damaged.substring(0, damaged.indexOf(';') + 1);
        int at = s.indexOf(field);
        byte[] with = damaged.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(with, 0, b, at, with.length);
        Path bad = write("bad.dat", b);
        String message = assertThrows(SbenchException.class, () -> read(bad, null)).getMessage();
        assertTrue(message.startsWith(bad + ": byte 60 (the header_page format): "), message);
    }

    /**
     * A chain of options sections is read one section at a time: v7.dat's last options section (at byte 2138112) made to
     * name itself as the next is refused after 1,024 of them with one stream open, not 1,024 (each with a 256 KiB read
     * buffer: with -Xmx256m an OutOfMemoryError).
     */
    @Test
    void aLoopOfOptionsSectionsIsRefusedHoldingOneStreamAtATime() throws Exception {
        byte[] b = bytes("v7.dat");
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(2138203, 2138112);
        Path bad = write("loop.dat", b);
        AtomicInteger open = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        TraceInput input = TraceInput.of(bad.toString(), () -> new FilterInputStream(Files.newInputStream(bad)) {
            {
                most.accumulateAndGet(open.incrementAndGet(), Math::max);
            }

            @Override
            public void close() throws IOException {
                open.decrementAndGet();
                super.close();
            }
        });
        SbenchException e = assertThrows(SbenchException.class, () -> TraceDat.read(input));
        assertEquals(bad + ": more than 1024 options sections (a loop of offsets?)", e.getMessage());
        assertTrue(most.get() <= 2, "streams open at once: " + most.get());
        assertEquals(0, open.get());
    }

    /** A damaged size is refused before memory of that size is taken: a chunk of whole pages, at most 64 MiB. */
    @Test
    void aChunkSizeBeyondAnyChunkIsRefusedBeforeItIsAllocated() throws Exception {
        byte[] b = Files.readAllBytes(fixture("tracecmd/v7zstd.dat"));
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(ZSTD_CPU0 + 8, 0x3fff0000);
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte " + (ZSTD_CPU0 + 8) + ": expected a chunk's size of at most 67108864, found 1073676288",
                new TraceCmdFormat(), bad);
    }

    @Test
    void aMissingEventFormatIsRefusedNamingIt() throws Exception {
        byte[] b = bytes("v7.dat");
        String s = new String(b, StandardCharsets.ISO_8859_1);
        int at = s.indexOf("name: block_rq_issue\n");
        b[at + "name: block_rq_issu".length()] = 'X';
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": no format of block/block_rq_issue in the file (record with -e block:block_rq_issue"
                + " -e block:block_rq_complete)", new TraceCmdFormat(), bad);
    }

    @Test
    void anotherFormatReadAsTraceCmdIsRefusedAtItsFirstByte() throws Exception {
        Path text = write("hm_1.csv", "128166372003061629,hm,1,Read,3154137088,4096,8921\n".getBytes(StandardCharsets.US_ASCII));
        assertBadInput(text + ": byte 0: expected the trace-cmd magic \\x17\\x08\\x44tracing, found '1281663720'",
                new TraceCmdFormat(), text);
    }

    @Test
    void anotherVersionIsRefused() throws Exception {
        byte[] b = bytes("v7.dat");
        b[10] = '8';
        Path bad = write("bad.dat", b);
        assertBadInput(bad + ": byte 10: expected file version 6 or 7, found '8'", new TraceCmdFormat(), bad);
    }

    private List<IoRecord> read(Path file, String from) {
        return read(file, from, ReadOptions.DEFAULTS);
    }

    private List<IoRecord> read(Path file, String from, ReadOptions options) {
        try (TraceReader r = formats.open(file, from, options)) {
            return TestRecords.readAll(r);
        }
    }

    /** The fixture NAME, gunzipped into the test's directory. */
    private Path plain(String name) throws Exception {
        return write(name, bytes(name));
    }

    private static byte[] bytes(String name) throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(fixture("tracecmd/" + name + ".gz")))) {
            return in.readAllBytes();
        }
    }

    private Path write(String name, byte[] b) throws IOException {
        return Files.write(dir.resolve(name), b);
    }
}
