package org.sbench.trace.format.tracefs.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.tracefs.TracefsEvent;
import org.sbench.trace.format.tracefs.TracefsEventReader;
import org.sbench.trace.format.tracefs.TracefsReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Ring-buffer pages captured on Linux 6.18 (src/test/resources/tracefs-raw/capture.sh: a loop device's
 * block events and trace_marker writes in an instance of their own, its {@code trace} text saved before
 * its {@code per_cpu/cpuN/trace_pipe_raw} pages were read) decode into what the text says.
 */
class RawEventDecoderTest {
    private static final String DIR = "/tracefs-raw/";
    private static final int CPUS = 2;
    private static final int PAGE = 4096;
    private static final int DATA = 16;
    private static final int TYPE_MASK = 0x1f;
    private static final int PADDING = 29;
    private static final int ISSUE_BYTES = 72;

    /** Capture NAME decoded from its pages, as IOs and markers ("µs text"), through the text reader's pairing. */
    private record Decoded(List<IoRecord> ios, List<String> markers) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed", "full", "missed"})
    void pagesDecodeIntoTheIosAndMarkersTheTextPrinted(String capture) {
        Decoded text = text(capture);
        Decoded raw = raw(capture, UnaryOperator.identity(), format("block_rq_issue"));
        assertTrue(text.ios().size() > 10, "the capture holds IOs: " + text.ios().size());
        assertEquals(text.markers(), raw.markers());
        assertEquals(text.ios().size(), raw.ios().size());
        for (int i = 0; i < text.ios().size(); i++) {
            IoRecord t = text.ios().get(i);
            IoRecord r = raw.ios().get(i);
            // The text prints µs, rounded (the kernel's ns2usecs); the pages hold ns.
            assertEquals(t.issueNs, micros(r.issueNs) * 1000, "issue time of IO " + i);
            assertEquals(t.completeNs, micros(r.completeNs) * 1000, "completion time of IO " + i);
            assertEquals(List.of(t.op, t.offsetBytes, t.lengthBytes, t.stream, t.process),
                    List.of(r.op, r.offsetBytes, r.lengthBytes, r.stream, r.process), "IO " + i);
        }
    }

    @Test
    void timesKeepTheirNanosecondsAndTimeExtendsAddUp() {
        Decoded raw = raw("mixed", UnaryOperator.identity(), format("block_rq_issue"));
        long subMicro = raw.ios().stream().filter(r -> r.issueNs % 1000 != 0).count();
        assertTrue(subMicro > raw.ios().size() / 2, subMicro + " of " + raw.ios().size() + " issue times with ns");
        long extended = 0;
        for (int i = 1; i < raw.ios().size(); i++) {
            extended += raw.ios().get(i).issueNs - raw.ios().get(i - 1).issueNs > (1L << 27) ? 1 : 0;
        }
        assertTrue(extended > 5, "gaps above 2^27 ns (a time extend each): " + extended);
    }

    /**
     * The recorder decodes every event it records: an issue's process name was a new String each time (some 60 bytes an
     * issue, nearly all the recording thread allocated, a young collection every few seconds at 60,000 IOs/s); a name
     * seen before is now its String again, found from the page's bytes.
     */
    @Test
    void aProcessSeenBeforeIsDecodedWithoutAllocating() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        RawEventDecoder decoder = decoder(format("block_rq_issue"));
        int issueType = FormatFile.parse("issue", format("block_rq_issue")).id();
        List<ByteBuffer> pages = pages("full.cpu0.raw");
        RingBufferPage cursor = layout();
        TracefsEvent into = new TracefsEvent();
        String[] process = new String[1];
        long issues = decodeIssues(decoder, issueType, pages, cursor, into, process);
        String first = process[0];
        int rounds = 20;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int round = 0; round < rounds; round++) {
            decodeIssues(decoder, issueType, pages, cursor, into, process);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(issues * rounds > 1000, "issues decoded: " + issues * rounds);
        assertTrue(allocated < issues * rounds, "bytes allocated decoding " + issues * rounds + " issues: " + allocated);
        assertSame(first, process[0]);
    }

    @Test
    void aMarkerLongerThanAHeaderCanSayHasItsLengthInAWordOfItsOwn() {
        List<String> markers = raw("mixed", UnaryOperator.identity(), format("block_rq_issue")).markers();
        assertTrue(markers.stream().anyMatch(m -> m.length() > 112 + 20 && m.endsWith("00000000")), markers.toString());
    }

    @Test
    void aPageAfterOverwrittenEventsSaysSoAndHowManyWhenThereWasRoom() {
        RingBufferPage page = layout();
        page.start(pages("missed.cpu0.raw").get(0), 0);
        assertEquals(overrun("missed.cpu0.stats"), page.missedEvents());
        page.start(pages("missed.cpu1.raw").get(0), 0);
        // A full page has no room for the count.
        assertEquals(RingBufferPage.UNKNOWN_COUNT, page.missedEvents());
        page.start(pages("missed.cpu0.raw").get(1), 0);
        assertEquals(0, page.missedEvents());
    }

    @Test
    void aLossIsAnEventOfEachCpuBeforeItsFirstEvent() {
        RawEventStream stream = stream("missed", UnaryOperator.identity(), format("block_rq_issue"));
        TracefsEvent e = new TracefsEvent();
        List<TracefsEvent.Kind> kinds = new ArrayList<>();
        while (stream.next(e, Long.MAX_VALUE)) {
            kinds.add(e.kind);
        }
        assertEquals(2, kinds.stream().filter(k -> k == TracefsEvent.Kind.LOST).count());
        assertEquals(TracefsEvent.Kind.LOST, kinds.get(0));
        assertEquals(0, stream.heldPages());
    }

    @Test
    void onlyEventsOlderThanTheLimitAreReleasedInTimeOrderAndTheirPagesGivenBack() {
        List<Long> all = new ArrayList<>();
        TracefsEvent e = new TracefsEvent();
        RawEventStream whole = stream("full", UnaryOperator.identity(), format("block_rq_issue"));
        long pages = whole.heldPages();
        while (whole.next(e, Long.MAX_VALUE)) {
            all.add(e.timeNs);
        }
        assertEquals(all.stream().sorted().toList(), all, "merged in time order");
        long limit = all.get(all.size() / 2);
        RawEventStream held = stream("full", UnaryOperator.identity(), format("block_rq_issue"));
        List<Long> released = new ArrayList<>();
        while (held.next(e, limit)) {
            released.add(e.timeNs);
        }
        assertEquals(all.subList(0, all.indexOf(limit)), released);
        assertTrue(held.heldPages() < pages && held.heldPages() > 0, held.heldPages() + " of " + pages + " pages held");
        while (held.next(e, Long.MAX_VALUE)) {
            released.add(e.timeNs);
        }
        assertEquals(all, released);
        assertEquals(0, held.heldPages());
    }

    @Test
    void aDiscardedEventIsSkippedAndItsDeltaCounts() {
        // The second event of CPU 0's page (after an issue), discarded as the kernel discards: padding over its bytes.
        UnaryOperator<ByteBuffer> discard = page -> {
            int header = page.getInt(DATA + ISSUE_BYTES);
            page.putInt(DATA + ISSUE_BYTES, (header & ~TYPE_MASK) | PADDING);
            page.putInt(DATA + ISSUE_BYTES + 4, (header & TYPE_MASK) * 4);
            return page;
        };
        List<Long> before = times("mixed.cpu0.raw", UnaryOperator.identity());
        List<Long> after = times("mixed.cpu0.raw", discard);
        assertEquals(before.size() - 1, after.size());
        assertEquals(before.get(0), after.get(0));
        assertEquals(before.subList(2, before.size()), after.subList(1, after.size()));
    }

    @Test
    void paddingWithoutADeltaEndsThePage() {
        UnaryOperator<ByteBuffer> end = page -> page.putInt(DATA + ISSUE_BYTES, PADDING);
        assertEquals(1, times("mixed.cpu0.raw", end).size());
    }

    @Test
    void fieldsAreReadWhereTheFormatFilePutsThem() {
        // nr_sector (24) and bytes (28) of every issue swapped, in the pages and in the format file.
        String moved = format("block_rq_issue").replace("nr_sector;\toffset:24;", "nr_sector;\toffset:28;")
                .replace("bytes;\toffset:28;", "bytes;\toffset:24;");
        assertNotEquals(format("block_rq_issue"), moved);
        UnaryOperator<ByteBuffer> swap = page -> {
            RingBufferPage cursor = layout();
            cursor.start(page, 0);
            while (cursor.next()) {
                int at = cursor.dataOffset();
                if (page.getShort(at) == FormatFile.parse("f", moved).id()) {
                    int sectors = page.getInt(at + 24);
                    page.putInt(at + 24, page.getInt(at + 28));
                    page.putInt(at + 28, sectors);
                }
            }
            return page;
        };
        List<IoRecord> expected = text("mixed").ios();
        List<IoRecord> movedIos = raw("mixed", swap, moved).ios();
        assertEquals(expected.stream().map(r -> r.lengthBytes).toList(), movedIos.stream().map(r -> r.lengthBytes).toList());
        // The format file is what says where: read with the kernel's own, the swapped pages give other lengths.
        List<IoRecord> misread = raw("mixed", swap, format("block_rq_issue")).ios();
        assertNotEquals(expected.stream().map(r -> r.lengthBytes).toList(), misread.stream().map(r -> r.lengthBytes).toList());
    }

    @Test
    void aFormatWithoutAFieldTheEventsNeedIsRefusedNamingIt() {
        String noRwbs = format("block_rq_issue").replace("char rwbs[10];", "char flags[10];");
        SbenchException e = assertThrows(SbenchException.class, () -> new RawEventDecoder(FormatFile.parse("issue/format", noRwbs),
                FormatFile.parse("c", format("block_rq_complete")), null, FormatFile.parse("p", format("print"))));
        assertTrue(e.getMessage().startsWith("issue/format: no field 'rwbs' (fields: common_type,"), e.getMessage());
    }

    /** A comm wider than a process name may be (a damaged or hostile format file): every record would keep that much. */
    @Test
    void aFormatWhoseCommIsWiderThanAProcessNameIsRefused() {
        String wide = format("block_rq_issue").replace("char comm[16];\toffset:44;\tsize:16;", "char comm[257];\toffset:44;\tsize:257;");
        SbenchException e = assertThrows(SbenchException.class, () -> new RawEventDecoder(FormatFile.parse("issue/format", wide),
                FormatFile.parse("c", format("block_rq_complete")), null, FormatFile.parse("p", format("print"))));
        assertEquals("issue/format: field 'comm' of 257 bytes: expected a process name of at most 256 bytes", e.getMessage());
        String widest = format("block_rq_issue").replace("char comm[16];\toffset:44;\tsize:16;", "char comm[256];\toffset:44;\tsize:256;");
        new RawEventDecoder(FormatFile.parse("issue/format", widest), FormatFile.parse("c", format("block_rq_complete")), null,
                FormatFile.parse("p", format("print")));
    }

    /** A damaged format line (up to 1 MiB in a trace.dat, with no newline) is quoted as a found value is, not put whole into the message. */
    @Test
    void aDamagedFieldLineIsQuotedShortNotWhole() {
        String line = "field:" + "x".repeat(10_000);
        SbenchException e = assertThrows(SbenchException.class, () -> FormatFile.parse("f", "name: x\n" + line + "\n"));
        assertEquals("f: 'field:" + "x".repeat(54) + "...' (10006 characters): expected 'field:TYPE NAME; offset:N; size:N; signed:N;'",
                e.getMessage());
        String number = "field:int x;\toffset:" + "9".repeat(10_000) + ";\tsize:4;\tsigned:1;";
        e = assertThrows(SbenchException.class, () -> FormatFile.parse("f", number));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }

    @Test
    void aCommitLargerThanThePageIsABadPage() {
        ByteBuffer page = pages("mixed.cpu0.raw").get(0);
        page.putLong(8, PAGE);
        SbenchException e = assertThrows(SbenchException.class, () -> layout().start(page, 0));
        assertEquals("trace_pipe_raw: ring-buffer page with a commit of 4096 bytes, more than the page's 4080", e.getMessage());
    }

    @Test
    void anEventRunningPastTheCommitIsABadPage() {
        ByteBuffer page = pages("mixed.cpu0.raw").get(0);
        page.putLong(8, ISSUE_BYTES + 8);
        RingBufferPage cursor = layout();
        cursor.start(page, 0);
        assertTrue(cursor.next());
        assertThrows(SbenchException.class, cursor::next);
    }

    /** A length word near 2^31 (a long data event's, a discarded event's) is an event past the commit, not a sum that wraps. */
    @ParameterizedTest
    @ValueSource(ints = {0, PADDING + (2 << 5)})
    void anEventLengthNear2To31IsABadPageNotAWrappedOffset(int header) {
        ByteBuffer page = pages("mixed.cpu0.raw").get(0).order(ByteOrder.LITTLE_ENDIAN);
        page.putInt(DATA, header).putInt(DATA + 4, Integer.MAX_VALUE);
        RingBufferPage cursor = layout();
        cursor.start(page, 0);
        SbenchException e = assertThrows(SbenchException.class, cursor::next);
        assertTrue(e.getMessage().startsWith("trace_pipe_raw: ring-buffer page with an event of "), e.getMessage());
    }

    @Test
    void anEventShorterThanItsFormatsFieldsIsABadEventNotFieldsReadFromTheNextOne() {
        // The page's first event is an issue of 68 data bytes; its header made to say 4 bytes (type_len 1).
        ByteBuffer page = pages("mixed.cpu0.raw").get(0);
        int header = page.getInt(DATA);
        page.putInt(DATA, (header & ~TYPE_MASK) | 1);
        RingBufferPage cursor = layout();
        cursor.start(page, 0);
        assertTrue(cursor.next());
        SbenchException e = assertThrows(SbenchException.class, () -> decoder(format("block_rq_issue"))
                .decode(page, cursor.dataOffset(), cursor.dataLength(), cursor.timeNs(), new TracefsEvent()));
        assertTrue(e.getMessage().startsWith("trace_pipe_raw: an event with the "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" bytes its format's fields take, found 4"), e.getMessage());
    }

    private static long micros(long ns) {
        return (ns + 500) / 1000;
    }

    private static List<Long> times(String file, UnaryOperator<ByteBuffer> change) {
        RingBufferPage cursor = layout();
        cursor.start(change.apply(pages(file).get(0)), 0);
        List<Long> times = new ArrayList<>();
        while (cursor.next()) {
            times.add(cursor.timeNs());
        }
        return times;
    }

    private static Decoded text(String capture) {
        List<String> markers = new ArrayList<>();
        TraceInput input = TraceInput.live(capture + ".trace", new ByteArrayInputStream(resource(capture + ".trace")));
        try (TraceReader reader = TracefsReader.live(input, ReadOptions.DEFAULTS, (timeNs, text) -> {
            markers.add(micros(timeNs) + " " + text);
            return false;
        })) {
            return new Decoded(readAll(reader), markers);
        }
    }

    private static Decoded raw(String capture, UnaryOperator<ByteBuffer> change, String issueFormat) {
        RawEventStream stream = stream(capture, change, issueFormat);
        List<String> markers = new ArrayList<>();
        TracefsEventReader reader = new TracefsEventReader(into -> stream.next(into, Long.MAX_VALUE), (timeNs, text) -> {
            markers.add(micros(timeNs) + " " + text);
            return false;
        });
        return new Decoded(readAll(reader), markers);
    }

    private static RawEventStream stream(String capture, UnaryOperator<ByteBuffer> change, String issueFormat) {
        RawEventStream stream = new RawEventStream(layout(), decoder(issueFormat), CPUS);
        for (int cpu = 0; cpu < CPUS; cpu++) {
            for (ByteBuffer page : pages(capture + ".cpu" + cpu + ".raw")) {
                ByteBuffer into = stream.freePage();
                into.put(change.apply(page).rewind()).flip();
                stream.add(cpu, into);
            }
        }
        return stream;
    }

    private static RawEventDecoder decoder(String issueFormat) {
        return new RawEventDecoder(FormatFile.parse("issue", issueFormat), FormatFile.parse("complete", format("block_rq_complete")),
                FormatFile.parse("requeue", format("block_rq_requeue")), FormatFile.parse("print", format("print")));
    }

    private static List<IoRecord> readAll(TraceReader reader) {
        List<IoRecord> ios = new ArrayList<>();
        IoRecord r = new IoRecord();
        while (reader.next(r)) {
            IoRecord copy = new IoRecord();
            copy.copyFrom(r);
            ios.add(copy);
        }
        return ios;
    }

    /** Decodes the issues of {@code pages} (markers are text, a String each): how many, the last one's process in {@code process[0]}. */
    private static long decodeIssues(RawEventDecoder decoder, int issueType, List<ByteBuffer> pages, RingBufferPage cursor,
            TracefsEvent into, String[] process) {
        long issues = 0;
        for (ByteBuffer page : pages) {
            cursor.start(page, 0);
            while (cursor.next()) {
                if (page.getShort(cursor.dataOffset()) == issueType) {
                    decoder.decode(page, cursor.dataOffset(), cursor.dataLength(), cursor.timeNs(), into);
                    issues++;
                    process[0] = into.process;
                }
            }
        }
        return issues;
    }

    private static RingBufferPage layout() {
        return RingBufferPage.of(FormatFile.parse("header_page", new String(resource("header_page"), StandardCharsets.US_ASCII)));
    }

    private static String format(String event) {
        return new String(resource(event + ".format"), StandardCharsets.US_ASCII);
    }

    private static long overrun(String stats) {
        for (String line : new String(resource(stats), StandardCharsets.US_ASCII).split("\n")) {
            if (line.startsWith("overrun:")) {
                return Long.parseLong(line.substring("overrun:".length()).strip());
            }
        }
        throw new AssertionError("no overrun in " + stats);
    }

    private static List<ByteBuffer> pages(String file) {
        byte[] bytes = resource(file);
        List<ByteBuffer> pages = new ArrayList<>();
        for (int at = 0; at < bytes.length; at += PAGE) {
            pages.add(ByteBuffer.wrap(bytes, at, PAGE).slice().order(ByteOrder.LITTLE_ENDIAN));
        }
        assertFalse(pages.isEmpty(), file);
        return pages;
    }

    private static byte[] resource(String name) {
        try (InputStream in = RawEventDecoderTest.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new AssertionError("no test resource " + DIR + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
