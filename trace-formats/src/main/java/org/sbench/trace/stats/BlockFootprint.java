package org.sbench.trace.stats;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts distinct 4 KiB blocks touched, exactly, per stream. A sparse bitmap: one 4 KiB page of
 * bits per 128 MiB region touched, so memory grows with the footprint (32 MiB per TiB touched),
 * never with the number of IOs.
 */
public final class BlockFootprint {
    static final int BLOCK_SHIFT = 12;
    private static final int PAGE_BITS_SHIFT = 15;
    private static final int WORDS_PER_PAGE = (1 << PAGE_BITS_SHIFT) / 64;
    private static final int STREAM_SHIFT = 36;

    private final Map<Long, long[]> pages = new HashMap<>();
    private long distinct;
    private long cachedKey = -1;
    private long[] cachedBits;

    /** Marks the blocks overlapped by [offsetBytes, offsetBytes + lengthBytes) of {@code stream}. */
    public void add(int stream, long offsetBytes, long lengthBytes) {
        if (lengthBytes <= 0) {
            return;
        }
        long first = offsetBytes >>> BLOCK_SHIFT;
        long last = (offsetBytes + lengthBytes - 1) >>> BLOCK_SHIFT;
        long streamKey = (long) (stream + 1) << STREAM_SHIFT;
        long block = first;
        while (block <= last) {
            long page = block >>> PAGE_BITS_SHIFT;
            long pageEnd = Math.min(last, ((page + 1) << PAGE_BITS_SHIFT) - 1);
            long[] bits = page(streamKey | page);
            setRange(bits, (int) (block & ((1 << PAGE_BITS_SHIFT) - 1)), (int) (pageEnd & ((1 << PAGE_BITS_SHIFT) - 1)));
            block = pageEnd + 1;
        }
    }

    private long[] page(long key) {
        if (key != cachedKey) {
            cachedBits = pages.computeIfAbsent(key, k -> new long[WORDS_PER_PAGE]);
            cachedKey = key;
        }
        return cachedBits;
    }

    private void setRange(long[] bits, int from, int toInclusive) {
        int w0 = from >>> 6;
        int w1 = toInclusive >>> 6;
        for (int w = w0; w <= w1; w++) {
            long mask = -1L;
            if (w == w0) {
                mask &= -1L << (from & 63);
            }
            if (w == w1) {
                mask &= -1L >>> (63 - (toInclusive & 63));
            }
            long before = bits[w];
            bits[w] = before | mask;
            distinct += Long.bitCount(bits[w]) - Long.bitCount(before);
        }
    }

    public long distinctBlocks() {
        return distinct;
    }
}
