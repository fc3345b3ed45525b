package org.sbench.trace.stats;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts distinct 4 KiB blocks touched, exactly, per stream, at a cost per IO that does not grow
 * with the IO's length. The block space is cut into 128 MiB regions of 2^15 blocks. Ranges of
 * whole regions are kept as intervals; the blocks of a partly touched region as a bitmap (one
 * 4 KiB page per region). An IO sets bits in at most its first and last region and adds one
 * interval for the whole regions between; an interval that swallows regions with bitmaps counts
 * their blocks once and drops the bitmaps (each bitmap is dropped at most once).
 *
 * <p>Memory grows with the regions touched by IOs shorter than a region (4 KiB per 128 MiB
 * region, 32 MiB per TiB touched) and with the runs of whole regions, never with the number of
 * IOs or their length. Bitmaps are found through an open-addressing table of primitive keys with
 * the last one cached, so counting an IO allocates nothing unless it reaches a new region.
 *
 * <p>The bitmaps of a trace's random IOs are spread over tens of MiB, so setting an IO's bits is
 * a cache and TLB miss. The bits of IOs inside one region are therefore set {@value #BATCH} IOs at
 * a time, in a loop short enough for the processor to have many of those misses in flight at once
 * (measured on random 4 KiB-128 KiB IOs over 4 x 256 GiB: half the CPU time of one IO after
 * another); an IO across regions, whose run of whole regions may drop bitmaps, and
 * {@link #distinctBlocks()} set the waiting bits first. Not thread-safe.
 */
public final class BlockFootprint {
    static final int BLOCK_SHIFT = 12;
    private static final int REGION_SHIFT = 15;
    private static final long REGION_BLOCKS = 1L << REGION_SHIFT;
    private static final int IN_REGION = (1 << REGION_SHIFT) - 1;
    /** IOs whose bits wait to be set together. */
    static final int BATCH = 256;

    private final StreamSlots slots = StreamSlots.unbounded();
    private StreamBlocks[] streams = new StreamBlocks[slots.capacity()];
    // The waiting IOs: the bitmap of each one's region and its first and last block in it.
    private final long[][] batchBits = new long[BATCH][];
    private final int[] batchFrom = new int[BATCH];
    private final int[] batchTo = new int[BATCH];
    private int batched;
    private long distinct;

    /** Marks the blocks overlapped by [offsetBytes, offsetBytes + lengthBytes) of {@code stream}. */
    public void add(int stream, long offsetBytes, long lengthBytes) {
        if (lengthBytes <= 0) {
            return;
        }
        int slot = slots.slotOf(stream);
        if (slots.fresh()) {
            if (slot >= streams.length) {
                streams = Arrays.copyOf(streams, slots.capacity());
            }
            streams[slot] = new StreamBlocks();
        }
        long first = offsetBytes >>> BLOCK_SHIFT;
        long last = (offsetBytes + lengthBytes - 1) >>> BLOCK_SHIFT;
        long region = first >>> REGION_SHIFT;
        if (region != last >>> REGION_SHIFT) {
            setBatched();
            distinct += streams[slot].addAcrossRegions(first, last);
            return;
        }
        long[] bits = streams[slot].bitmap(region);
        if (bits != StreamBlocks.WHOLE) {
            batchBits[batched] = bits;
            batchFrom[batched] = (int) (first & IN_REGION);
            batchTo[batched] = (int) (last & IN_REGION);
            if (++batched == BATCH) {
                setBatched();
            }
        }
    }

    public long distinctBlocks() {
        setBatched();
        return distinct;
    }

    private void setBatched() {
        long added = 0;
        for (int k = 0; k < batched; k++) {
            added += setBits(batchBits[k], batchFrom[k], batchTo[k]);
            batchBits[k] = null;
        }
        batched = 0;
        distinct += added;
    }

    /** Sets bits {@code [from, toInclusive]} of a region's bitmap; returns how many were not set before. */
    private static long setBits(long[] bits, int from, int toInclusive) {
        long added = 0;
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
            added += Long.bitCount(mask & ~before);
        }
        return added;
    }

    /** The blocks of one stream. */
    private static final class StreamBlocks {
        private static final int INITIAL_SLOTS = 64;
        private static final long EMPTY = -1;
        /** The bitmap entry of a region inside a run of whole regions: nothing left to set. */
        static final long[] WHOLE = new long[0];
        private static final int WORDS_PER_REGION = (int) (REGION_BLOCKS / Long.SIZE);

        // Region -> bitmap (or WHOLE), open addressing; keys are region numbers, never negative.
        private long[] keys = newKeys(INITIAL_SLOTS);
        private long[][] values = new long[INITIAL_SLOTS][];
        private int size;
        private long cachedRegion = EMPTY;
        private long[] cachedBits;
        /** The regions that have a bitmap, for the runs that swallow them. */
        private final TreeMap<Long, long[]> bitmapsByRegion = new TreeMap<>();
        /** Runs of whole regions: first region -> region after the last; disjoint, not adjacent. */
        private final TreeMap<Long, Long> wholeRuns = new TreeMap<>();

        /** Marks blocks {@code [first, last]} of two regions or more; returns how many were not marked before. */
        long addAcrossRegions(long first, long last) {
            long firstRegion = first >>> REGION_SHIFT;
            long lastRegion = last >>> REGION_SHIFT;
            long added = 0;
            long wholeFrom = firstRegion;
            long wholeTo = lastRegion + 1;
            if ((first & IN_REGION) != 0) {
                added += setBitsUnlessWhole(firstRegion, (int) (first & IN_REGION), IN_REGION);
                wholeFrom++;
            }
            if ((last & IN_REGION) != IN_REGION) {
                added += setBitsUnlessWhole(lastRegion, 0, (int) (last & IN_REGION));
                wholeTo--;
            }
            return wholeFrom < wholeTo ? added + addWholeRegions(wholeFrom, wholeTo) : added;
        }

        private long setBitsUnlessWhole(long region, int from, int toInclusive) {
            long[] bits = bitmap(region);
            return bits == WHOLE ? 0 : setBits(bits, from, toInclusive);
        }

        /**
         * Regions {@code [from, to)} become whole: returns their blocks not marked before (the
         * regions outside runs, less the blocks their bitmaps held), merges the runs and drops the
         * bitmaps.
         */
        private long addWholeRegions(long from, long to) {
            long start = from;
            long end = to;
            long covered = 0;
            Map.Entry<Long, Long> before = wholeRuns.floorEntry(from);
            if (before != null && before.getValue() >= from) {
                start = before.getKey();
                end = Math.max(end, before.getValue());
                covered += Math.min(to, before.getValue()) - from;
                wholeRuns.remove(before.getKey());
            }
            for (Iterator<Map.Entry<Long, Long>> it = wholeRuns.subMap(from, true, to, true).entrySet().iterator(); it.hasNext();) {
                Map.Entry<Long, Long> run = it.next();
                covered += Math.min(to, run.getValue()) - run.getKey();
                end = Math.max(end, run.getValue());
                it.remove();
            }
            wholeRuns.put(start, end);
            long added = (to - from - covered) * REGION_BLOCKS;
            for (Iterator<Map.Entry<Long, long[]>> it = bitmapsByRegion.subMap(from, true, to, false).entrySet().iterator();
                    it.hasNext();) {
                Map.Entry<Long, long[]> e = it.next();
                added -= bitCount(e.getValue());
                put(e.getKey(), WHOLE);
                it.remove();
            }
            return added;
        }

        private static long bitCount(long[] bits) {
            long n = 0;
            for (long w : bits) {
                n += Long.bitCount(w);
            }
            return n;
        }

        /** The bitmap of {@code region}, made on first use, or {@link #WHOLE} inside a run. */
        long[] bitmap(long region) {
            if (region != cachedRegion) {
                cachedBits = lookup(region);
                cachedRegion = region;
            }
            return cachedBits;
        }

        private long[] lookup(long region) {
            int mask = keys.length - 1;
            int i = (int) (mix(region) & mask);
            while (keys[i] != EMPTY) {
                if (keys[i] == region) {
                    return values[i];
                }
                i = (i + 1) & mask;
            }
            Map.Entry<Long, Long> run = wholeRuns.floorEntry(region);
            long[] bits;
            if (run != null && run.getValue() > region) {
                bits = WHOLE;
            } else {
                bits = new long[WORDS_PER_REGION];
                bitmapsByRegion.put(region, bits);
            }
            put(region, bits);
            return bits;
        }

        /** Sets the entry of {@code region}, adding it if new. */
        private void put(long region, long[] bits) {
            if (region == cachedRegion) {
                cachedBits = bits;
            }
            int mask = keys.length - 1;
            int i = (int) (mix(region) & mask);
            while (keys[i] != EMPTY) {
                if (keys[i] == region) {
                    values[i] = bits;
                    return;
                }
                i = (i + 1) & mask;
            }
            if (2 * (size + 1) > keys.length) {
                grow();
                put(region, bits);
                return;
            }
            keys[i] = region;
            values[i] = bits;
            size++;
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
    }
}
