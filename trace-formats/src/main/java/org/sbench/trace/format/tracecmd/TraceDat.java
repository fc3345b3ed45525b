// What a trace-cmd trace.dat (version 6 or 7) says before its events: byte order, page layout, event formats, clock, CPU data.
package org.sbench.trace.format.tracecmd;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import org.sbench.SbenchException;
import org.sbench.trace.format.tracefs.raw.FormatFile;
import org.sbench.trace.input.TraceInput;

/**
 * The metadata of a trace.dat as trace-cmd writes it (its man pages {@code trace-cmd.dat.v6(5)} and
 * {@code trace-cmd.dat.v7(5)}): the magic {@code \x17\x08\x44tracing}, the version, the byte order, the
 * user space's long size and the page size; then the ring buffer's {@code header_page}, the ftrace
 * event formats (of which {@code print} is kept), the event formats by system (of which
 * {@code block/block_rq_issue}, {@code block_rq_complete} and {@code block_rq_requeue} are kept),
 * kallsyms, printk formats and saved command lines (passed over), and each CPU's data: where in the
 * file, how many bytes. Version 6 lays these out one after another, the CPU table after the word
 * {@code flyrecord}, the clock ({@code [local]}) after it; version 7 names a compression and the
 * offset of its first options section, whose options give the other sections' offsets and, in the
 * top instance's {@code BUFFER} option, the clock and the CPU table. A version 7 section may be
 * compressed (zstd or zlib); the CPU data of a compressed file comes in compressed chunks
 * ({@link CpuPages}). Sections are read by reopening the input at their offset, which seeks: a pipe or
 * compressed file is read from a copy ({@link DatSpool}).
 */
final class TraceDat {
    static final String MAGIC = "\u0017\u0008\u0044tracing";
    /** One CPU's data: its number, the file byte it starts at and its bytes (compressed bytes when compressed). */
    record CpuData(int cpu, long offset, long size) {
    }

    private static final long MAX_FORMAT = 1 << 20;
    private static final long MAX_SECTION = 1 << 30;
    /** The most a compressed section may hold once decompressed (event formats are a few MB): memory taken before it is read. */
    private static final long MAX_DECOMPRESSED = 1 << 28;
    private static final int MAX_CPUS = 1 << 16;
    private static final int MAX_OPTIONS_SECTIONS = 1024;
    private static final int SECTION_COMPRESSED = 1;
    private static final int OPTIONS_SECTION = 0;
    private static final int BUFFER_SECTION = 3;
    private static final int HEADER_INFO_SECTION = 16;
    private static final int FTRACE_SECTION = 17;
    private static final int EVENTS_SECTION = 18;
    private static final int OPTION_DONE = 0;
    private static final int OPTION_BUFFER = 3;
    private static final String FLYRECORD = "flyrecord\0";
    private static final String OPTIONS = "options  \0";
    private static final String LATENCY = "latency  \0";
    private static final int LABEL_BYTES = FLYRECORD.length();

    final String file;
    int version;
    ByteOrder order;
    int pageSize;
    /** The compression of sections and CPU data (version 7), null for none. */
    Codec codec;
    /** True when the CPU data comes in compressed chunks. */
    boolean dataCompressed;
    FormatFile headerPage;
    FormatFile issue;
    FormatFile complete;
    FormatFile requeue;
    FormatFile print;
    /** The trace clock the file names ({@code local}), or null. */
    String clock;
    final List<CpuData> cpus = new ArrayList<>();

    private final TraceInput input;
    private final List<InputStream> opened = new ArrayList<>();

    private TraceDat(TraceInput input) {
        this.input = input;
        this.file = input.displayName();
    }

    /**
     * Reads the metadata of {@code input}.
     *
     * @throws SbenchException a bad input naming the file and byte of what is not as trace-cmd writes it
     */
    static TraceDat read(TraceInput input) {
        TraceDat dat = new TraceDat(input);
        try {
            dat.readAll();
        } finally {
            dat.closeOpened();
        }
        return dat;
    }

    private void readAll() {
        DatReader r = new DatReader(open(), file, 0, null, ByteOrder.LITTLE_ENDIAN);
        r.expect(MAGIC, "the trace-cmd magic \\x17\\x08\\x44tracing");
        long at = r.position();
        String v = r.string("the file version");
        if (!v.equals("6") && !v.equals("7")) {
            throw r.bad(at, "file version 6 or 7", SbenchException.quoted(v));
        }
        version = Integer.parseInt(v);
        at = r.position();
        int endian = r.u8("the byte order");
        if (endian > 1) {
            throw r.bad(at, "the byte order, 0 (little endian) or 1 (big endian)", Integer.toString(endian));
        }
        order = endian == 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        r.order(order);
        at = r.position();
        int longSize = r.u8("the size of a long");
        if (longSize != Integer.BYTES && longSize != Long.BYTES) {
            throw r.bad(at, "the size of a long, 4 or 8", Integer.toString(longSize));
        }
        at = r.position();
        pageSize = r.size32(MAX_FORMAT, "the page size");
        if (pageSize < 1024 || Integer.bitCount(pageSize) != 1) {
            throw r.bad(at, "a page size, a power of 2 of at least 1024", Integer.toString(pageSize));
        }
        if (version == 6) {
            readVersion6(r);
        } else {
            readVersion7(r);
        }
        if (headerPage == null || issue == null || complete == null || print == null) {
            throw SbenchException.badInput(file, "no format of " + missing() + " in the file (record with -e block:block_rq_issue"
                    + " -e block:block_rq_complete)");
        }
    }

    private String missing() {
        List<String> m = new ArrayList<>();
        if (headerPage == null) {
            m.add("header_page");
        }
        if (issue == null) {
            m.add("block/block_rq_issue");
        }
        if (complete == null) {
            m.add("block/block_rq_complete");
        }
        if (print == null) {
            m.add("ftrace/print");
        }
        return String.join(", ", m);
    }

    private void readVersion6(DatReader r) {
        headerInfo(r);
        ftraceFormats(r);
        eventFormats(r);
        r.skip(r.size32(MAX_SECTION, "the size of kallsyms"), "kallsyms");
        r.skip(r.size32(MAX_SECTION, "the size of the printk formats"), "the printk formats");
        r.skip(r.size64(MAX_SECTION, "the size of the saved command lines"), "the saved command lines");
        int count = r.size32(MAX_CPUS, "the number of CPUs");
        long at = r.position();
        String label = r.text(LABEL_BYTES, "'options', 'latency' or 'flyrecord'");
        if (label.equals(OPTIONS)) {
            for (int id = r.u16("an option's id"); id != OPTION_DONE; id = r.u16("an option's id")) {
                r.skip(r.u32("an option's size"), "an option");
            }
            at = r.position();
            label = r.text(LABEL_BYTES, "'latency' or 'flyrecord'");
        }
        if (label.equals(LATENCY)) {
            throw SbenchException.badInput(file, "byte " + at + ": a latency trace (the text of a tracer), not recorded"
                    + " events (flyrecord); record with trace-cmd record -e block:block_rq_issue -e block:block_rq_complete");
        }
        if (!label.equals(FLYRECORD)) {
            throw r.bad(at, "'flyrecord'", SbenchException.quoted(label.replace("\0", "")));
        }
        for (int cpu = 0; cpu < count; cpu++) {
            cpus.add(new CpuData(cpu, r.u64("CPU " + cpu + "'s data offset"), r.u64("CPU " + cpu + "'s data size")));
        }
        // The clock follows as the trace_clock file's text with the clock in use bracketed ([local] global ...).
        int clockBytes = r.size64(MAX_FORMAT, "the size of the trace clock");
        String text = r.text(clockBytes, "the trace clock");
        int open = text.indexOf('[');
        int close = text.indexOf(']', open + 1);
        String named = open >= 0 && close > open ? text.substring(open + 1, close) : text.strip();
        clock = named.isEmpty() ? null : named;
    }

    private void readVersion7(DatReader r) {
        long at = r.position();
        codec = Codec.named(r.string("the compression's name"), r, at);
        r.string("the compression's version");
        long options = r.u64("the offset of the first options section");
        long headerInfo = -1;
        long ftrace = -1;
        long events = -1;
        long buffer = -1;
        for (int sections = 0; options != 0; sections++) {
            if (sections == MAX_OPTIONS_SECTIONS) {
                throw SbenchException.badInput(file, "more than " + MAX_OPTIONS_SECTIONS + " options sections (a loop of offsets?)");
            }
            DatReader o = section(options, OPTIONS_SECTION, "options");
            options = 0;
            for (int id = o.u16("an option's id"); ; id = o.u16("an option's id")) {
                long size = o.u32("an option's size");
                long start = o.position();
                if (id == OPTION_DONE) {
                    options = o.u64("the offset of the next options section");
                    break;
                }
                switch (id) {
                    case HEADER_INFO_SECTION -> headerInfo = o.u64("the header info offset");
                    case FTRACE_SECTION -> ftrace = o.u64("the ftrace formats offset");
                    case EVENTS_SECTION -> events = o.u64("the event formats offset");
                    case OPTION_BUFFER -> {
                        long data = buffer(o);
                        if (data >= 0) {
                            buffer = data;
                        }
                    }
                    default -> { }
                }
                o.skipTo(start + size, "an option");
            }
            // Each section's stream (and the header's) closed once read: a chain of 1,024 holds one read buffer, not 1,024.
            closeOpened();
        }
        if (headerInfo >= 0) {
            headerInfo(section(headerInfo, HEADER_INFO_SECTION, "header info"));
        }
        if (ftrace >= 0) {
            ftraceFormats(section(ftrace, FTRACE_SECTION, "ftrace formats"));
        }
        if (events >= 0) {
            eventFormats(section(events, EVENTS_SECTION, "event formats"));
        }
        if (buffer < 0) {
            throw SbenchException.badInput(file, "no BUFFER option for the top instance: no recorded events (flyrecord) to read");
        }
        DatReader b = new DatReader(open(), file, 0, null, order);
        b.skip(buffer, "the flyrecord section");
        sectionHeader(b, BUFFER_SECTION, "flyrecord");
    }

    /** A BUFFER option: the top instance's clock and CPU table; the flyrecord section's offset, or -1 for another instance. */
    private long buffer(DatReader o) {
        long section = o.u64("the flyrecord section's offset");
        String instance = o.string("the instance's name");
        String clockName = o.string("the trace clock");
        o.u32("the page size");
        int count = o.size32(MAX_CPUS, "the number of CPUs");
        if (!instance.isEmpty()) {
            return -1;
        }
        clock = clockName;
        for (int i = 0; i < count; i++) {
            int cpu = (int) o.u32("a CPU's number");
            cpus.add(new CpuData(cpu, o.u64("CPU " + cpu + "'s data offset"), o.u64("CPU " + cpu + "'s data size")));
        }
        return section;
    }

    /**
     * The content of the version 7 section at {@code offset}: read from the file, or decompressed
     * (positions then count in the decompressed bytes, which errors say).
     */
    private DatReader section(long offset, int id, String what) {
        DatReader r = new DatReader(open(), file, 0, null, order);
        r.skip(offset, "the " + what + " section");
        if (!sectionHeader(r, id, what)) {
            return r;
        }
        long at = r.position();
        int compressed = r.size32(MAX_SECTION, "the compressed size");
        int size = r.size32(MAX_DECOMPRESSED, "the uncompressed size");
        byte[] data = r.bytes(compressed, "the compressed " + what + " section");
        return new DatReader(new ByteArrayInputStream(decompress(r, at, data, size)), file, 0,
                " of the decompressed " + what + " section at byte " + offset, order);
    }

    /** Reads a section's header; true when its content is compressed. */
    private boolean sectionHeader(DatReader r, int id, String what) {
        long at = r.position();
        int found = r.u16("a section id");
        if (found != id) {
            throw r.bad(at, "the " + what + " section (id " + id + ")", "a section of id " + found);
        }
        int flags = r.u16("the section's flags");
        r.u32("the section's description");
        r.u64("the section's size");
        boolean compressed = (flags & SECTION_COMPRESSED) != 0;
        if (compressed && codec == null) {
            throw r.bad(at, "an uncompressed section (the file names no compression)", "a compressed one");
        }
        if (id == BUFFER_SECTION) {
            dataCompressed = compressed;
        }
        return compressed;
    }

    /** {@code data} decompressed to its {@code size} bytes, else an error naming the byte of its sizes. */
    byte[] decompress(DatReader r, long at, byte[] data, int size) {
        byte[] out = new byte[size];
        decompress(r, at, data, data.length, out, size);
        return out;
    }

    /** The first {@code length} bytes of {@code data} decompressed into the first {@code size} of {@code into}, as {@link #decompress(DatReader, long, byte[], int)}. */
    void decompress(DatReader r, long at, byte[] data, int length, byte[] into, int size) {
        try {
            codec.decompress(data, length, into, size);
        } catch (DataFormatException e) {
            throw r.bad(at, length + " bytes of " + codec.word() + " data that decompress to " + size, e.getMessage());
        }
    }

    private void headerInfo(DatReader r) {
        r.expect("header_page\0", "'header_page'");
        long at = r.position();
        int size = r.size64(MAX_FORMAT, "the size of header_page");
        headerPage = format(r, at, size, "header_page");
        r.expect("header_event\0", "'header_event'");
        r.skip(r.size64(MAX_FORMAT, "the size of header_event"), "header_event");
    }

    private void ftraceFormats(DatReader r) {
        int count = r.size32(MAX_CPUS, "the number of ftrace formats");
        for (int i = 0; i < count; i++) {
            long at = r.position();
            int size = r.size64(MAX_FORMAT, "the size of an ftrace format");
            String text = r.text(size, "an ftrace format");
            if ("print".equals(nameOf(text))) {
                print = parse(r, at, text, "ftrace/print");
            }
        }
    }

    private void eventFormats(DatReader r) {
        int systems = r.size32(MAX_CPUS, "the number of event systems");
        for (int s = 0; s < systems; s++) {
            String system = r.string("an event system's name");
            // The file's bytes, quoted as a found value is: a damaged name may hold a newline or 4 KiB.
            String named = SbenchException.quoted(system);
            int count = r.size32(MAX_CPUS, "the number of " + named + " events");
            for (int i = 0; i < count; i++) {
                long at = r.position();
                int size = r.size64(MAX_FORMAT, "the size of a " + named + " event format");
                if (!system.equals("block")) {
                    r.skip(size, "a " + named + " event format");
                    continue;
                }
                String text = r.text(size, "a block event format");
                String name = nameOf(text);
                if ("block_rq_issue".equals(name)) {
                    issue = parse(r, at, text, "block/block_rq_issue");
                } else if ("block_rq_complete".equals(name)) {
                    complete = parse(r, at, text, "block/block_rq_complete");
                } else if ("block_rq_requeue".equals(name)) {
                    requeue = parse(r, at, text, "block/block_rq_requeue");
                }
            }
        }
    }

    private FormatFile format(DatReader r, long at, int size, String what) {
        return parse(r, at, r.text(size, what), what);
    }

    private FormatFile parse(DatReader r, long at, String text, String what) {
        return FormatFile.parse(file + ": " + r.where(at) + " (the " + what + " format)", text);
    }

    /** The {@code name:} of a format file, or null. */
    private static String nameOf(String text) {
        int start = text.startsWith("name:") ? 0 : text.indexOf("\nname:") + 1;
        if (start < 0 || !text.startsWith("name:", start)) {
            return null;
        }
        int end = text.indexOf('\n', start);
        return text.substring(start + "name:".length(), end < 0 ? text.length() : end).strip();
    }

    /** A new stream of the input from its first byte, closed when the metadata has been read. */
    private InputStream open() {
        InputStream in = input.openStream();
        opened.add(in);
        return in;
    }

    private void closeOpened() {
        opened.forEach(TraceInput::close);
        opened.clear();
    }
}
