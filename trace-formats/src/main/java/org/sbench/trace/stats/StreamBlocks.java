package org.sbench.trace.stats;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The blocks one stream touched, for {@link BlockFootprint}. The block space is cut into 128 MiB
 * regions of 2^15 blocks. Runs of whole regions are kept as intervals; the blocks of a partly
 * touched region in a container found through an open-addressing table of region numbers (the
 * last one cached): sorted runs while the region has few ({@link RegionRuns}), then a bitmap
 * ({@link RegionBitmap}). An IO adds blocks to at most its first and last region and one
 * interval for the whole regions between, so its cost does not grow with its length.
 *
 * <p>Blocks are counted at the end ({@link #count()}): a region inside a run of whole regions
 * counts as whole, whatever its container holds (a container made before the run stays, and
 * takes what later IOs add, without effect). {@link #bytes()} is what this holds on the heap, as
 * {@link HeapSizes} estimates it; {@link #mostAddedByOneIo()} bounds what the next IO adds to it.
 * Not thread-safe.
 */
final class StreamBlocks {
    static final int REGION_SHIFT = 15;
    static final long REGION_BLOCKS = 1L << REGION_SHIFT;
    static final int IN_REGION = (int) REGION_BLOCKS - 1;
    /** The container of a region inside a run of whole regions: nothing to add. */
    static final long[] WHOLE = new long[0];
    /** This object: 4 references, 2 longs and 2 ints. */
    private static final long OWN_BYTES = HeapSizes.object(4 * HeapSizes.REFERENCE + 2 * Long.BYTES + 2 * Integer.BYTES);
    private static final int INITIAL_SLOTS = 4;
    /** A run of whole regions: a map entry (5 references and a flag) and its two boxed longs. */
    private static final long RUN_BYTES = HeapSizes.object(5 * HeapSizes.REFERENCE + 1) + 2 * HeapSizes.object(Long.BYTES);
    /** The map of runs: about 9 references and ints. */
    private static final long RUN_MAP_BYTES = HeapSizes.object(9 * HeapSizes.REFERENCE);
    /**
     * What one IO adds at most besides the table's growth: the containers of two regions each
     * made, grown or turned into a bitmap, a run and the map of runs.
     */
    private static final long MOST_ADDED_BESIDES_TABLE = 2 * RegionBitmap.BYTES + RUN_BYTES + RUN_MAP_BYTES;
    private static final long EMPTY = -1;

    // Region -> container: a bitmap (or WHOLE) or else runs; keys are region numbers, never negative.
    // Two arrays of containers, so that finding a region's bitmap never reads the bitmap itself
    // (whose cache miss is to come in the batch).
    private long[] keys = newKeys(INITIAL_SLOTS);
    private long[][] bitmaps = new long[INITIAL_SLOTS][];
    private char[][] runs = new char[INITIAL_SLOTS][];
    private int size;
    private long cachedRegion = EMPTY;
    private int cachedIndex;
    /** Runs of whole regions: first region -> region after the last; disjoint, not adjacent. Null until the first. */
    private TreeMap<Long, Long> wholeRuns;
    private long bytes = OWN_BYTES + tableBytes(INITIAL_SLOTS);

    /** What a new, empty one holds. */
    static long newBytes() {
        return OWN_BYTES + tableBytes(INITIAL_SLOTS);
    }

    /** What a new one holds after its first IO at most. */
    static long mostAfterFirstIo() {
        return newBytes() + tableBytes(2 * INITIAL_SLOTS) + MOST_ADDED_BESIDES_TABLE;
    }

    long bytes() {
        return bytes;
    }

    /** The most the next IO can add to {@link #bytes()}. */
    long mostAddedByOneIo() {
        long growth = 2 * (size + 2) > keys.length ? tableBytes(2 * keys.length) : 0;
        return growth + MOST_ADDED_BESIDES_TABLE;
    }

    /**
     * Adds blocks {@code [from, to]} of {@code region}, unless they belong in a bitmap: returns
     * the bitmap whose bits the caller is to set, or null when done.
     */
    long[] addInRegion(long region, int from, int to) {
        if (region != cachedRegion) {
            cachedIndex = indexOf(region);
            cachedRegion = region;
        }
        long[] bits = bitmaps[cachedIndex];
        if (bits != null) {
            return bits == WHOLE ? null : bits;
        }
        char[] held = runs[cachedIndex];
        char[] added = RegionRuns.add(held, from, to);
        if (added == null) {
            bits = RegionRuns.toBitmap(held);
            RegionBitmap.set(bits, from, to);
            bitmaps[cachedIndex] = bits;
            runs[cachedIndex] = null;
            bytes += RegionBitmap.BYTES - RegionRuns.bytes(held);
        } else if (added != held) {
            runs[cachedIndex] = added;
            bytes += RegionRuns.bytes(added) - RegionRuns.bytes(held);
        }
        return null;
    }

    /** Adds blocks {@code [first, last]} of two regions or more. */
    void addAcrossRegions(long first, long last) {
        long firstRegion = first >>> REGION_SHIFT;
        long lastRegion = last >>> REGION_SHIFT;
        long wholeFrom = firstRegion;
        long wholeTo = lastRegion + 1;
        if ((first & IN_REGION) != 0) {
            setNow(firstRegion, (int) (first & IN_REGION), IN_REGION);
            wholeFrom++;
        }
        if ((last & IN_REGION) != IN_REGION) {
            setNow(lastRegion, 0, (int) (last & IN_REGION));
            wholeTo--;
        }
        if (wholeFrom < wholeTo) {
            addWholeRegions(wholeFrom, wholeTo);
        }
    }

    private void setNow(long region, int from, int to) {
        long[] bits = addInRegion(region, from, to);
        if (bits != null) {
            RegionBitmap.set(bits, from, to);
        }
    }

    /** Regions {@code [from, to)} become whole: merged with the runs they overlap or touch. */
    private void addWholeRegions(long from, long to) {
        if (wholeRuns == null) {
            wholeRuns = new TreeMap<>();
            bytes += RUN_MAP_BYTES;
        }
        long start = from;
        long end = to;
        Map.Entry<Long, Long> before = wholeRuns.floorEntry(from);
        if (before != null && before.getValue() >= from) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
            wholeRuns.remove(before.getKey());
            bytes -= RUN_BYTES;
        }
        for (Iterator<Map.Entry<Long, Long>> it = wholeRuns.subMap(from, true, to, true).entrySet().iterator(); it.hasNext();) {
            end = Math.max(end, it.next().getValue());
            it.remove();
            bytes -= RUN_BYTES;
        }
        wholeRuns.put(start, end);
        bytes += RUN_BYTES;
    }

    /** The blocks touched. */
    long count() {
        long blocks = 0;
        if (wholeRuns != null) {
            for (Map.Entry<Long, Long> run : wholeRuns.entrySet()) {
                blocks += (run.getValue() - run.getKey()) << REGION_SHIFT;
            }
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && bitmaps[i] != WHOLE && !inWholeRun(keys[i])) {
                blocks += runs[i] != null ? RegionRuns.count(runs[i]) : RegionBitmap.count(bitmaps[i]);
            }
        }
        return blocks;
    }

    /** Writes every block touched to {@code spill} as intervals, with {@code slot} for the stream. */
    void spill(int slot, FootprintSpill spill) {
        if (wholeRuns != null) {
            for (Map.Entry<Long, Long> run : wholeRuns.entrySet()) {
                spill.write(slot, run.getKey() << REGION_SHIFT, run.getValue() << REGION_SHIFT);
            }
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && bitmaps[i] != WHOLE) {
                long base = keys[i] << REGION_SHIFT;
                if (runs[i] != null) {
                    RegionRuns.spill(runs[i], base, slot, spill);
                } else {
                    RegionBitmap.spill(bitmaps[i], base, slot, spill);
                }
            }
        }
    }

    private boolean inWholeRun(long region) {
        if (wholeRuns == null) {
            return false;
        }
        Map.Entry<Long, Long> run = wholeRuns.floorEntry(region);
        return run != null && run.getValue() > region;
    }

    /** The table index of {@code region}, its entry made on first use: WHOLE inside a run, else empty runs. */
    private int indexOf(long region) {
        int mask = keys.length - 1;
        int i = (int) (mix(region) & mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == region) {
                return i;
            }
            i = (i + 1) & mask;
        }
        if (2 * (size + 1) > keys.length) {
            grow();
            return indexOf(region);
        }
        keys[i] = region;
        if (inWholeRun(region)) {
            bitmaps[i] = WHOLE;
        } else {
            runs[i] = RegionRuns.empty();
            bytes += RegionRuns.bytes(runs[i]);
        }
        size++;
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[][] oldBitmaps = bitmaps;
        char[][] oldRuns = runs;
        keys = newKeys(oldKeys.length * 2);
        bitmaps = new long[keys.length][];
        runs = new char[keys.length][];
        bytes += tableBytes(keys.length) - tableBytes(oldKeys.length);
        cachedRegion = EMPTY;
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = (int) (mix(oldKeys[j]) & mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                bitmaps[i] = oldBitmaps[j];
                runs[i] = oldRuns[j];
            }
        }
    }

    private static long tableBytes(int slots) {
        return HeapSizes.array(Long.BYTES, slots) + 2 * HeapSizes.array(HeapSizes.REFERENCE, slots);
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
