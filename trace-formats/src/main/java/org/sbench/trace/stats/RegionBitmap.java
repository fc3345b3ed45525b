package org.sbench.trace.stats;

/**
 * The container of a densely touched region of {@link StreamBlocks}: one bit per block of the
 * region, {@value #WORDS} words (4 KiB).
 */
final class RegionBitmap {
    static final int WORDS = (int) (StreamBlocks.REGION_BLOCKS / Long.SIZE);
    /** What a bitmap takes on the heap: the array's header and its words. */
    static final long BYTES = HeapSizes.array(Long.BYTES, WORDS);

    private RegionBitmap() {
    }

    /**
     * Sets bits {@code [from, toInclusive]}. The usual IO sets bits of one or two words, with no
     * branch to mispredict: the bitmaps' cache misses of the IOs set in a batch then overlap.
     */
    static void set(long[] bits, int from, int toInclusive) {
        int w0 = from >>> 6;
        int w1 = toInclusive >>> 6;
        long first = -1L << from; // shifts take the low 6 bits: from & 63
        long last = -1L >>> ~toInclusive; // and 63 - (toInclusive & 63)
        long both = first & last;
        boolean oneWord = w0 == w1;
        bits[w0] |= oneWord ? both : first;
        bits[w1] |= oneWord ? both : last;
        for (int w = w0 + 1; w < w1; w++) {
            bits[w] = -1L;
        }
    }

    static long count(long[] bits) {
        long n = 0;
        for (long w : bits) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** Writes the runs of set bits as intervals of blocks, the region starting at block {@code base}. */
    static void spill(long[] bits, long base, int slot, FootprintSpill to) {
        int bit = 0;
        int end = WORDS * Long.SIZE;
        while ((bit = nextBit(bits, bit, true)) < end) {
            int clear = nextBit(bits, bit, false);
            to.write(slot, base + bit, base + clear);
            bit = clear;
        }
    }

    /** The first bit at or after {@code from} that is {@code set} (or clear), or the bitmap's size. */
    private static int nextBit(long[] bits, int from, boolean set) {
        int w = from >>> 6;
        if (w == WORDS) {
            return from;
        }
        long word = (set ? bits[w] : ~bits[w]) & (-1L << (from & 63));
        while (word == 0) {
            if (++w == WORDS) {
                return WORDS * Long.SIZE;
            }
            word = set ? bits[w] : ~bits[w];
        }
        return w * Long.SIZE + Long.numberOfTrailingZeros(word);
    }
}
