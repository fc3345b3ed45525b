// A cursor over the events of one page of a tracefs ring buffer, as per_cpu/cpuN/trace_pipe_raw hands them out.
package org.sbench.trace.format.tracefs.raw;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sbench.SbenchException;

/**
 * Walks one ring-buffer page (a sub-buffer) of a CPU, whose layout the kernel states in
 * {@code events/header_page}: a u64 {@code timestamp} (the trace clock at the page's first event),
 * a {@code commit} word (the bytes of events that follow, with bit 31 set when events were lost
 * before this page and bit 30 when their count is stored, as a long, right after those bytes) and
 * the {@code data}. Each event there starts with a 32-bit header, {@code type_len:5} in the low
 * bits and {@code time_delta:27} above (the ns since the previous event):
 * <ul>
 * <li>type_len 1..28: a data event of {@code 4 * type_len} bytes after the header;</li>
 * <li>0: a data event whose length (counting that word) is the next 32-bit word;</li>
 * <li>29: padding; with time_delta 0 the rest of the page is empty, else a discarded event of
 *     {@code 4 +} the next word's bytes, whose time_delta counts (except 1, which stands for 0), as the
 *     kernel's own walk of a page counts it (rb_read_data_buffer): the next event's delta is measured
 *     from the discarded event's stamp;</li>
 * <li>30: a time extend, {@code (next word << 27) + time_delta} added to the time, 8 bytes;</li>
 * <li>31: an absolute time stamp, {@code (next word << 27) + time_delta}, 8 bytes (59 bits: the top
 *     5 bits of the time are kept).</li>
 * </ul>
 * (kernel/trace/ring_buffer.c). Words are little-endian: pages of a big-endian kernel are not read
 * ({@link #nativeLayout}). Not thread-safe.
 */
public final class RingBufferPage {
    /** {@link #missedEvents()} when the page says events were lost but not how many. */
    public static final long UNKNOWN_COUNT = -1;
    private static final long MISSED_EVENTS = 1L << 31;
    private static final long MISSED_STORED = 1L << 30;
    private static final long COMMIT_LENGTH = (1L << 30) - 1;
    private static final int TYPE_BITS = 5;
    private static final int TYPE_MASK = (1 << TYPE_BITS) - 1;
    private static final int PADDING = 29;
    private static final int TIME_EXTEND = 30;
    private static final int DELTA_SHIFT = 27;
    /** The time_delta a discarded event gets for a delta of 0, to tell it from the empty rest of a page. */
    private static final int DISCARDED_NO_DELTA = 1;
    private static final long TIME_STAMP_TOP = 0xf8L << 56;
    private static final int HEADER_BYTES = 4;
    private static final int WORD_BYTES = 4;
    private static final int LONG_BYTES = 8;

    private final int timestampOffset;
    private final int commitOffset;
    private final int commitSize;
    private final int dataOffset;
    private final int dataSize;

    private ByteBuffer page;
    private int pageStart;
    private int end;
    private int next;
    private long time;
    private long missed;
    private int eventOffset;
    private int eventLength;

    private RingBufferPage(int timestampOffset, int commitOffset, int commitSize, int dataOffset, int dataSize) {
        this.timestampOffset = timestampOffset;
        this.commitOffset = commitOffset;
        this.commitSize = commitSize;
        this.dataOffset = dataOffset;
        this.dataSize = dataSize;
    }

    /**
     * The layout {@code headerPage} ({@code events/header_page}) states.
     *
     * @throws SbenchException a bad input when a field is missing or not as wide as expected
     */
    public static RingBufferPage of(FormatFile headerPage) {
        FormatFile.Field timestamp = headerPage.required("timestamp");
        FormatFile.Field commit = headerPage.required("commit");
        FormatFile.Field data = headerPage.required("data");
        if (timestamp.size() != LONG_BYTES || (commit.size() != LONG_BYTES && commit.size() != WORD_BYTES)
                || !inHeader(timestamp, data) || !inHeader(commit, data) || overlap(timestamp, commit) || data.size() <= 0) {
            throw SbenchException.badInput(headerPage.source(), "expected a timestamp of 8 bytes and a commit of 4 or 8 bytes,"
                    + " apart, before a page's data; found " + place(timestamp) + ", " + place(commit) + ", " + place(data));
        }
        return new RingBufferPage(timestamp.offset(), commit.offset(), commit.size(), data.offset(), data.size());
    }

    /** A field of the page's header, read at its offset of every page: within the bytes before the data. */
    private static boolean inHeader(FormatFile.Field f, FormatFile.Field data) {
        return f.offset() >= 0 && (long) f.offset() + f.size() <= data.offset();
    }

    private static boolean overlap(FormatFile.Field a, FormatFile.Field b) {
        return a.offset() < b.offset() + b.size() && b.offset() < a.offset() + a.size();
    }

    /** {@code NAME of N bytes at O}. */
    private static String place(FormatFile.Field f) {
        return f.name() + " of " + f.size() + " bytes at " + f.offset();
    }

    /** True when this machine's byte order is the one these pages are read in (little-endian). */
    public static boolean nativeLayout() {
        return ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    }

    /** A cursor of the same layout, for another CPU. */
    public RingBufferPage copy() {
        return new RingBufferPage(timestampOffset, commitOffset, commitSize, dataOffset, dataSize);
    }

    /** Bytes of a page with its header: what one read of {@code trace_pipe_raw} returns. */
    public int pageBytes() {
        return dataOffset + dataSize;
    }

    /**
     * Starts on the page at {@code at} of {@code buffer} (set to little-endian), before its first event.
     *
     * @throws SbenchException a bad input when its commit is larger than a page
     */
    public void start(ByteBuffer buffer, int at) {
        page = buffer.order(ByteOrder.LITTLE_ENDIAN);
        pageStart = at;
        long commit = commitSize == LONG_BYTES ? page.getLong(at + commitOffset) : page.getInt(at + commitOffset);
        int length = (int) (commit & COMMIT_LENGTH);
        if (length > dataSize) {
            throw corrupt("a commit of " + length + " bytes, more than the page's " + dataSize);
        }
        end = at + dataOffset + length;
        next = at + dataOffset;
        time = page.getLong(at + timestampOffset);
        if ((commit & MISSED_EVENTS) == 0) {
            missed = 0;
        } else if ((commit & MISSED_STORED) != 0 && end + LONG_BYTES <= at + pageBytes()) {
            missed = page.getLong(end);
        } else {
            missed = UNKNOWN_COUNT;
        }
    }

    /** Events lost on this CPU before this page: 0 for none, {@link #UNKNOWN_COUNT} when the count was not kept. */
    public long missedEvents() {
        return missed;
    }

    /** True when the kernel lost events of this CPU before this page. */
    public boolean missed() {
        return missed != 0;
    }

    /** The time stamp of the page at {@code at} of {@code buffer}: its first event's time. */
    public long pageTimeNs(ByteBuffer buffer, int at) {
        return buffer.order(ByteOrder.LITTLE_ENDIAN).getLong(at + timestampOffset);
    }

    /**
     * Moves to the next data event of the page.
     *
     * @return false at the end of the page's events
     * @throws SbenchException a bad input when an event runs past the page's commit
     */
    public boolean next() {
        while (next + HEADER_BYTES <= end) {
            int header = page.getInt(next);
            int type = header & TYPE_MASK;
            long delta = header >>> TYPE_BITS;
            int at = next;
            if (type == PADDING && delta == 0) {
                next = end;
                return false;
            }
            if (type >= TIME_EXTEND) {
                requireWithin(at, LONG_BYTES);
                long stamp = ((page.getInt(at + HEADER_BYTES) & 0xffffffffL) << DELTA_SHIFT) + delta;
                time = type == TIME_EXTEND ? time + stamp : (stamp & ~TIME_STAMP_TOP) | (time & TIME_STAMP_TOP);
                next = at + LONG_BYTES;
                continue;
            }
            int dataAt;
            int length;
            if (type == 0 || type == PADDING) {
                requireWithin(at, LONG_BYTES);
                int word = page.getInt(at + HEADER_BYTES);
                // A long data event's word counts itself; a discarded event's does not.
                length = type == 0 ? word - WORD_BYTES : word;
                dataAt = type == 0 ? at + LONG_BYTES : at + HEADER_BYTES;
            } else {
                length = type * WORD_BYTES;
                dataAt = at + HEADER_BYTES;
            }
            if (length < 0) {
                throw corrupt("an event of " + length + " bytes at " + (at - pageStart));
            }
            requireWithin(at, (long) dataAt - at + length);
            next = dataAt + length;
            if (type == PADDING) {
                time += delta == DISCARDED_NO_DELTA ? 0 : delta;
                continue;
            }
            time += delta;
            eventOffset = dataAt;
            eventLength = length;
            return true;
        }
        return false;
    }

    /** In longs: a length word near 2^31 would wrap an int sum to before the end. */
    private void requireWithin(int at, long bytes) {
        if (at + bytes > end) {
            throw corrupt("an event of " + bytes + " bytes at " + (at - pageStart) + " past the page's "
                    + (end - pageStart - dataOffset) + " bytes of events");
        }
    }

    private static SbenchException corrupt(String what) {
        return SbenchException.badInput("trace_pipe_raw", "ring-buffer page with " + what);
    }

    /** The current event's time, the trace clock's ns. */
    public long timeNs() {
        return time;
    }

    /** Where the current event's data (its {@code common_type} first) starts in the buffer. */
    public int dataOffset() {
        return eventOffset;
    }

    /** The current event's data bytes (rounded up to 4). */
    public int dataLength() {
        return eventLength;
    }
}
