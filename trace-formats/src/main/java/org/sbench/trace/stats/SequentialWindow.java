package org.sbench.trace.stats;

import java.util.Arrays;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Decides whether an IO is sequential (docs/definitions.md): its offset equals the end offset of one of
 * the previous {@code window} IOs of the same stream. Each stream has its own window of its own
 * IOs, so IOs of other streams in between never push a stream's IOs out. Every IO with a range
 * (reads, writes, trims) enters its stream's window; flushes have no range and neither enter nor
 * count.
 *
 * <p>Memory is bounded: windows hold at most {@link #MAX_ENTRIES} end offsets in all (16 MiB),
 * that is {@code MAX_ENTRIES / window} streams (65,536 at the default window of 32). A trace with
 * more streams than that keeps the windows of the streams seen most recently; a stream not seen
 * for that long starts with an empty window again. Not thread-safe.
 */
public final class SequentialWindow {
    /** The window docs/definitions.md names as the default. */
    public static final int DEFAULT_WINDOW = 32;
    /** The largest window: each IO is compared with every end offset in its stream's window. */
    public static final int MAX_WINDOW = 1 << 16;
    /** End offsets kept over all streams at most. */
    public static final int MAX_ENTRIES = 1 << 21;

    private final int window;
    private final StreamSlots slots;
    /** Slot s's window is {@code ends[s * window, (s + 1) * window)}, a ring. */
    private long[] ends;
    private int[] filled;
    private int[] next;

    /**
     * The window a {@code --seq-window N} option gives, checked before any trace is read: a usage error outside
     * 1..MAX_WINDOW quoting the option as {@code typed}.
     */
    public static int option(int window, String typed) {
        if (window < 1 || window > MAX_WINDOW) {
            throw SbenchException.usage("--seq-window must be 1 to " + MAX_WINDOW + ", found " + typed);
        }
        return window;
    }

    public SequentialWindow(int window) {
        if (window < 1 || window > MAX_WINDOW) {
            throw new IllegalArgumentException("window outside 1.." + MAX_WINDOW);
        }
        this.window = window;
        this.slots = new StreamSlots(Math.max(1, MAX_ENTRIES / window));
        allocate(slots.capacity());
    }

    /** Records {@code r} and returns whether it continued one of the previous IOs of its stream. */
    public boolean accept(IoRecord r) {
        if (r.op == Op.FLUSH) {
            return false;
        }
        int slot = slots.slotOf(r.stream);
        if (slot >= filled.length) {
            allocate(slots.capacity());
        }
        if (slots.fresh()) {
            filled[slot] = 0;
            next[slot] = 0;
        }
        int base = slot * window;
        int n = filled[slot];
        long offset = r.offsetBytes;
        boolean sequential = false;
        for (int i = base; i < base + n; i++) {
            if (ends[i] == offset) {
                sequential = true;
                break;
            }
        }
        int at = next[slot];
        ends[base + at] = r.endOffsetBytes();
        next[slot] = at + 1 == window ? 0 : at + 1;
        if (n < window) {
            filled[slot] = n + 1;
        }
        return sequential;
    }

    /** Streams whose windows can be kept at once. */
    public int maxStreams() {
        return slots.maxSlots();
    }

    /** Streams whose windows are kept now. */
    public int streamsKept() {
        return slots.used();
    }

    private void allocate(int slotCount) {
        ends = ends == null ? new long[slotCount * window] : Arrays.copyOf(ends, slotCount * window);
        filled = filled == null ? new int[slotCount] : Arrays.copyOf(filled, slotCount);
        next = next == null ? new int[slotCount] : Arrays.copyOf(next, slotCount);
    }
}
