package org.sbench.trace.format.tracefs.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Event times on crafted pages of the layout Linux 6.18 states (src/test/resources/tracefs-raw/header_page). */
class RingBufferPageTest {
    private static final long PAGE_TIME = 1_000_000_000L;
    private static final int DATA = 16;
    private static final int PADDING = 29;
    private static final int TIME_EXTEND = 30;
    private static final int DATA_WORDS = 2;

    /**
     * A discarded event left on a page (a filtered event another was written behind before it was
     * rejected) keeps its time delta, and the next event's delta was taken from its time stamp: the writer
     * (ring_buffer.c __rb_reserve_next) measures each delta from the previous reservation's stamp, and a
     * discard that cannot take the event back (rb_try_to_discard) leaves that stamp. The kernel's own walk
     * of a page (rb_read_data_buffer, 6.12 to 6.18) and libtraceevent's kbuffer count it; rb_event_discard
     * writes 1 for a delta of 0, which rb_read_data_buffer takes as 0. (The kernel's consuming readers,
     * rb_update_read_stamp and rb_update_iter_read_stamp, skip it: the trace text of the later events is
     * earlier by it.)
     */
    @Test
    void aDiscardedEventsDeltaCountsAndItsDeltaOfOneStandsForZero() {
        ByteBuffer page = page(
                data(100),
                discarded(5_000),
                data(70),
                discarded(1),
                data(30),
                timeExtend((1L << 27) + 5),
                discarded(1),
                data(9));
        long first = PAGE_TIME + 100;
        long second = first + 5_000 + 70;
        long third = second + 30;
        assertEquals(List.of(first, second, third, third + (1L << 27) + 5 + 9), times(page));
    }

    private static List<Long> times(ByteBuffer page) {
        RingBufferPage cursor = RingBufferPage.of(FormatFile.parse("header_page", headerPage()));
        cursor.start(page, 0);
        List<Long> times = new ArrayList<>();
        while (cursor.next()) {
            times.add(cursor.timeNs());
        }
        return times;
    }

    private static ByteBuffer page(int[]... events) {
        ByteBuffer page = ByteBuffer.allocate(4096 + DATA).order(ByteOrder.LITTLE_ENDIAN);
        page.putLong(0, PAGE_TIME);
        page.position(DATA);
        for (int[] event : events) {
            for (int word : event) {
                page.putInt(word);
            }
        }
        page.putLong(8, page.position() - DATA);
        return page.clear();
    }

    /** An event of {@link #DATA_WORDS} words of data. */
    private static int[] data(int delta) {
        return new int[] {header(DATA_WORDS, delta), 0, 0};
    }

    /** What rb_event_discard leaves of {@link #data}: padding with its delta, the data's length over its first word. */
    private static int[] discarded(int delta) {
        return new int[] {header(PADDING, delta), DATA_WORDS * 4, 0};
    }

    private static int[] timeExtend(long ns) {
        return new int[] {header(TIME_EXTEND, (int) (ns & ((1 << 27) - 1))), (int) (ns >>> 27)};
    }

    private static int header(int typeLen, int delta) {
        return delta << 5 | typeLen;
    }

    private static String headerPage() {
        try (InputStream in = RingBufferPageTest.class.getResourceAsStream("/tracefs-raw/header_page")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
