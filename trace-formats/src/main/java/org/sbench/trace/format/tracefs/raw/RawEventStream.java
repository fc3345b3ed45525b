// The events of every CPU's ring-buffer pages, merged into one stream in time order.
package org.sbench.trace.format.tracefs.raw;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import org.sbench.trace.format.tracefs.TracefsEvent;

/**
 * Merges the pages read from each CPU's {@code trace_pipe_raw} into one stream of events in time
 * order, as {@code trace_pipe} merges them into text. Each CPU's events are in time order already;
 * across CPUs the event with the earliest time goes first. An event may still be being written on
 * one CPU while a later one is already readable on another, so {@link #next} releases only events
 * older than a time its caller names (the start of its latest read of every CPU, less a margin);
 * pages are held until their last event is released, then reused ({@link #freePage}), so memory is
 * bounded by the events of that span, not by the trace. A page whose CPU lost events before it
 * (the ring buffer overran) gives a {@link TracefsEvent.Kind#LOST} event first, at its time, as
 * {@code trace_pipe} prints {@code CPU:N [LOST n EVENTS]} there. Not thread-safe.
 */
public final class RawEventStream {
    private final RawEventDecoder decoder;
    private final Cpu[] cpus;
    private final ArrayDeque<ByteBuffer> free = new ArrayDeque<>();
    private final int pageBytes;
    private long heldPages;
    private int lastCpu = -1;

    /** One CPU's pages: the head page's cursor stands on its next event. */
    private static final class Cpu {
        final ArrayDeque<ByteBuffer> pages = new ArrayDeque<>();
        final RingBufferPage cursor;
        /** True when the cursor stands on an event (or a loss) not yet released. */
        boolean current;
        boolean lostFirst;
        /** Events were lost before a page that held none: told with the CPU's next event. */
        boolean lossPending;

        Cpu(RingBufferPage cursor) {
            this.cursor = cursor;
        }
    }

    public RawEventStream(RingBufferPage layout, RawEventDecoder decoder, int cpuCount) {
        this.decoder = decoder;
        this.pageBytes = layout.pageBytes();
        this.cpus = new Cpu[cpuCount];
        for (int i = 0; i < cpuCount; i++) {
            cpus[i] = new Cpu(layout.copy());
        }
    }

    /** A buffer of a page's size to read a page into, then hand to {@link #add}. */
    public ByteBuffer freePage() {
        ByteBuffer b = free.poll();
        return b != null ? b.clear() : ByteBuffer.allocate(pageBytes);
    }

    /** Gives back a buffer from {@link #freePage} that was not filled. */
    public void unused(ByteBuffer page) {
        free.push(page);
    }

    /**
     * A page read from {@code cpu}'s {@code trace_pipe_raw} (the buffer from {@link #freePage}, filled from position 0).
     *
     * @return the page's time stamp: no event read from that CPU later is older
     */
    public long add(int cpu, ByteBuffer page) {
        Cpu c = cpus[cpu];
        c.pages.add(page);
        heldPages++;
        if (!c.current) {
            startHead(c);
        }
        return c.cursor.pageTimeNs(page, 0);
    }

    /** The CPU of the event {@link #next} last looked at (whose page a decoding error is about), -1 before any. */
    public int lastCpu() {
        return lastCpu;
    }

    /** Pages read and not yet released. */
    public long heldPages() {
        return heldPages;
    }

    /** Pages of {@code cpu} read and not yet released; the first of them is the one its next event is on. */
    public int heldPages(int cpu) {
        return cpus[cpu].pages.size();
    }

    /**
     * The next event in time order, if it is older than {@code releaseBeforeNs} (Long.MAX_VALUE: all held).
     *
     * @return false when no event held is old enough
     */
    public boolean next(TracefsEvent into, long releaseBeforeNs) {
        while (true) {
            Cpu first = null;
            for (int i = 0; i < cpus.length; i++) {
                Cpu c = cpus[i];
                if (c.current && (first == null || c.cursor.timeNs() < first.cursor.timeNs())) {
                    first = c;
                    lastCpu = i;
                }
            }
            if (first == null || first.cursor.timeNs() >= releaseBeforeNs) {
                return false;
            }
            if (first.lostFirst) {
                first.lostFirst = false;
                into.kind = TracefsEvent.Kind.LOST;
                into.timeNs = first.cursor.timeNs();
                return true;
            }
            RingBufferPage p = first.cursor;
            boolean decoded = decoder.decode(first.pages.peek(), p.dataOffset(), p.dataLength(), p.timeNs(), into);
            advance(first);
            if (decoded) {
                return true;
            }
        }
    }

    /** Moves the CPU's cursor past its current event, to the next page's first event when the page is done. */
    private void advance(Cpu c) {
        if (c.cursor.next()) {
            return;
        }
        free.push(c.pages.poll());
        heldPages--;
        startHead(c);
    }

    /** Stands the cursor on the first event of the first page that has one; a loss on a page comes before its events. */
    private void startHead(Cpu c) {
        boolean lost = c.lossPending;
        while (!c.pages.isEmpty()) {
            c.cursor.start(c.pages.peek(), 0);
            lost |= c.cursor.missed();
            if (c.cursor.next()) {
                c.current = true;
                c.lostFirst = lost;
                c.lossPending = false;
                return;
            }
            free.push(c.pages.poll());
            heldPages--;
        }
        c.current = false;
        c.lossPending = lost;
    }
}
