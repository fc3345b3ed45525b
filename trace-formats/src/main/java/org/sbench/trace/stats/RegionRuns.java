package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * The container of a sparsely touched region of {@link StreamBlocks}: its touched blocks as
 * sorted runs in a {@code char[]}: {@code [0]} the number of runs {@code n}, then {@code n} pairs
 * of first and last block (in the region, below 2^15), disjoint and not adjacent. A region of
 * {@value #MAX_RUNS} runs or fewer takes at most {@value #MAX_RUNS} x 4 bytes, against the bitmap's
 * 4 KiB; one with more is given a bitmap ({@link #add} says so). The limit is below the size
 * at which the runs would outgrow the bitmap (1,023 runs) so that an IO's search and shift of the
 * runs stay within a few cache lines: a densely touched region soon has the bitmap, whose bits the
 * batches of {@link BlockFootprint} set with their cache misses overlapped.
 */
final class RegionRuns {
    static final int MAX_RUNS = 64;

    private RegionRuns() {
    }

    /** An empty container with room for one run. */
    static char[] empty() {
        return new char[3];
    }

    static long bytes(char[] runs) {
        return HeapSizes.array(Character.BYTES, runs.length);
    }

    /**
     * Adds blocks {@code [from, to]} (in the region): returns the container holding the result,
     * {@code runs} itself or a larger copy, or null when the result would have more than
     * {@value #MAX_RUNS} runs ({@code runs} is then unchanged).
     */
    static char[] add(char[] runs, int from, int to) {
        int n = runs[0];
        // The first run that ends at or after from - 1: the first that touches [from, to] or lies after it.
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (runs[2 + 2 * mid] + 1 < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int first = from;
        int last = to;
        int after = lo;
        while (after < n && runs[1 + 2 * after] <= to + 1) {
            first = Math.min(first, runs[1 + 2 * after]);
            last = Math.max(last, runs[2 + 2 * after]);
            after++;
        }
        int count = n - (after - lo) + 1;
        if (count > MAX_RUNS) {
            return null;
        }
        char[] out = runs;
        if (1 + 2 * count > runs.length) {
            int capacity = Math.min(MAX_RUNS, 2 * ((runs.length - 1) / 2));
            out = Arrays.copyOf(runs, 1 + 2 * capacity);
        }
        System.arraycopy(out, 1 + 2 * after, out, 1 + 2 * (lo + 1), 2 * (n - after));
        out[1 + 2 * lo] = (char) first;
        out[2 + 2 * lo] = (char) last;
        out[0] = (char) count;
        return out;
    }

    static long count(char[] runs) {
        long blocks = 0;
        for (int i = 0; i < runs[0]; i++) {
            blocks += runs[2 + 2 * i] - runs[1 + 2 * i] + 1;
        }
        return blocks;
    }

    /** The same blocks as a bitmap. */
    static long[] toBitmap(char[] runs) {
        long[] bits = new long[RegionBitmap.WORDS];
        for (int i = 0; i < runs[0]; i++) {
            RegionBitmap.set(bits, runs[1 + 2 * i], runs[2 + 2 * i]);
        }
        return bits;
    }

    /** Writes the runs as intervals of blocks, the region starting at block {@code base}. */
    static void spill(char[] runs, long base, int slot, FootprintSpill to) {
        for (int i = 0; i < runs[0]; i++) {
            to.write(slot, base + runs[1 + 2 * i], base + runs[2 + 2 * i] + 1);
        }
    }
}
