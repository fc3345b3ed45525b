package org.sbench.trace.stats;

import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Decides whether an IO is sequential (docs/definitions.md): its offset equals the end offset of one of
 * the previous {@code window} IOs of the same stream. Every IO with a range (reads, writes, trims)
 * enters the window; flushes have no range and neither enter nor count.
 */
public final class SequentialWindow {
    /** The window docs/definitions.md names as the default. */
    public static final int DEFAULT_WINDOW = 32;

    private final long[] ends;
    private final int[] streams;
    private int filled;
    private int next;

    public SequentialWindow(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window < 1");
        }
        ends = new long[window];
        streams = new int[window];
    }

    /** Records {@code r} and returns whether it continued one of the previous IOs. */
    public boolean accept(IoRecord r) {
        if (r.op == Op.FLUSH) {
            return false;
        }
        boolean sequential = false;
        for (int i = 0; i < filled; i++) {
            if (ends[i] == r.offsetBytes && streams[i] == r.stream) {
                sequential = true;
                break;
            }
        }
        ends[next] = r.endOffsetBytes();
        streams[next] = r.stream;
        next = (next + 1) % ends.length;
        if (filled < ends.length) {
            filled++;
        }
        return sequential;
    }
}
