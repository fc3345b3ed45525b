package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * Counts distinct 4 KiB blocks touched, exactly, per stream. A sparse bitmap: one 4 KiB page of
 * bits per 128 MiB region touched, so memory grows with the footprint (32 MiB per TiB touched),
 * never with the number of IOs. Pages are found through an open-addressing table of primitive
 * keys, so counting an IO allocates nothing unless it reaches a new region.
 */
public final class BlockFootprint {
    static final int BLOCK_SHIFT = 12;
    private static final int PAGE_BITS_SHIFT = 15;
    private static final int WORDS_PER_PAGE = (1 << PAGE_BITS_SHIFT) / 64;
    private static final int STREAM_SHIFT = 36;

    private static final int INITIAL_SLOTS = 64;
    private static final long EMPTY = -1;

    private long[] keys = newKeys(INITIAL_SLOTS);
    private long[][] values = new long[INITIAL_SLOTS][];
    private int size;
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
            cachedBits = lookup(key);
            cachedKey = key;
        }
        return cachedBits;
    }

    /** The page of {@code key} (keys are never negative), made on first use. */
    private long[] lookup(long key) {
        int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        if (2 * (size + 1) > keys.length) {
            grow();
            return lookup(key);
        }
        keys[i] = key;
        values[i] = new long[WORDS_PER_PAGE];
        size++;
        return values[i];
    }

    private void grow() {
        long[] oldKeys = keys;
        long[][] oldValues = values;
        keys = newKeys(oldKeys.length * 2);
        values = new long[keys.length][];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = (int) (mix(oldKeys[j]) & mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    private static long[] newKeys(int n) {
        long[] k = new long[n];
        Arrays.fill(k, EMPTY);
        return k;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
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
