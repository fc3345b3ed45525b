package org.sbench.trace.stats;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Counts distinct 4 KiB blocks touched, exactly, per stream, in memory bounded by a budget and at
 * a cost per IO that does not grow with the IO's length. Each stream's blocks are kept as
 * {@link StreamBlocks} describes: runs of whole 128 MiB regions as intervals, a partly touched
 * region's blocks as a few sorted runs (24 to 280 bytes) or, past {@value RegionRuns#MAX_RUNS}
 * runs, a 4 KiB bitmap.
 *
 * <p>What the streams' blocks take on the heap (as {@link HeapSizes} estimates it) never exceeds
 * the budget (by default a quarter of the JVM's heap, at least {@value #MIN_DEFAULT_BUDGET_BYTES}
 * bytes: {@link #defaultBudgetBytes()}): before an IO that could take them
 * past it, every stream's blocks are written as intervals to a temporary file
 * ({@link FootprintSpill}) and dropped. Once that has happened, {@link #distinctBlocks()} writes
 * what is held too and counts the union of the intervals by an external sort and one sweep,
 * holding {@code budget / }{@value #SORTED_INTERVAL_BYTES} intervals in memory. Besides the
 * budget: a few bytes per stream (its slot, and 16 while counting a spill) and the spill's file
 * buffers (1 MiB per file written, 64 KiB per file read: about 6 MiB at most, while the sort
 * merges). {@link #close()} deletes the temporary files, whatever happened before, and so does the
 * JVM's shutdown if it comes first.
 *
 * <p>The bitmaps of a trace's random IOs are spread over tens of MiB, so setting an IO's bits is
 * a cache and TLB miss. The bits of IOs inside one region are therefore set {@value #BATCH} IOs at
 * a time, in a loop short enough for the processor to have many of those misses in flight at once
 * (measured on random 4 KiB-128 KiB IOs over 4 x 256 GiB: half the CPU time of one IO after
 * another), all their words read first and then written; counting and spilling set the waiting
 * bits first. Not thread-safe.
 */
public final class BlockFootprint implements AutoCloseable {
    /** The least default budget, 64 MiB: the bitmaps of 2 TiB touched by random IOs. */
    public static final long MIN_DEFAULT_BUDGET_BYTES = 64L << 20;
    /** The share of the JVM's heap the default budget is, 1 / 2^HEAP_SHARE_SHIFT. */
    private static final int HEAP_SHARE_SHIFT = 2;
    /** The smallest budget: room for a new stream's first IO. */
    public static final long MIN_BUDGET_BYTES = 16L << 10;
    static final int BLOCK_SHIFT = 12;
    /** IOs whose bits wait to be set together. */
    static final int BATCH = 256;
    /** What the sort of a spill counts per interval held: a record (64 to 88 bytes) and its places in the sort's arrays. */
    static final long SORTED_INTERVAL_BYTES = 128;

    private final long budget;
    private final FootprintSpill spill;
    private final StreamSlots slots = StreamSlots.unbounded();
    /** Each stream's blocks, by slot; null for a stream not seen since the last spill. */
    private StreamBlocks[] streams = new StreamBlocks[slots.capacity()];
    /** The slots whose blocks are held, so that a spill does not visit every stream of the trace. */
    private int[] heldSlots = new int[slots.capacity()];
    private int heldStreams;
    /** What the streams' blocks take, as {@link StreamBlocks#bytes()} says. */
    private long held;
    // The waiting IOs: the bitmap of each one's region and its first and last block in it.
    private final long[][] batchBits = new long[BATCH][];
    private final int[] batchFrom = new int[BATCH];
    private final int[] batchTo = new int[BATCH];
    private int batched;
    /** What {@link #setBatched()}'s first pass read, kept only so that its loads are not dropped. */
    private long loaded;

    /** A footprint with the default budget, spilling to {@code java.io.tmpdir}. */
    public BlockFootprint() {
        this(defaultBudgetBytes(), Path.of(System.getProperty("java.io.tmpdir")));
    }

    /**
     * A quarter of the JVM's heap ({@code -Xmx}), at least {@value #MIN_DEFAULT_BUDGET_BYTES}
     * bytes: a trace's footprint is counted in memory when the heap has room for it (a multi-volume
     * archive's random IOs over TBs take hundreds of MiB of bitmaps; spilling them cost 2.5 times
     * the CPU of counting them in memory), and past it on disk, within the heap whatever the trace.
     */
    public static long defaultBudgetBytes() {
        return Math.max(MIN_DEFAULT_BUDGET_BYTES, Runtime.getRuntime().maxMemory() >> HEAP_SHARE_SHIFT);
    }

    /**
     * @param budgetBytes what the streams' blocks may take on the heap, at least {@link #MIN_BUDGET_BYTES}
     * @param tempDir     where intervals go beyond the budget (a directory of their own is made in it)
     */
    public BlockFootprint(long budgetBytes, Path tempDir) {
        if (budgetBytes < MIN_BUDGET_BYTES) {
            throw new IllegalArgumentException("budget below " + MIN_BUDGET_BYTES + " bytes");
        }
        this.budget = budgetBytes;
        this.spill = new FootprintSpill(tempDir, (int) Math.min(Integer.MAX_VALUE, budgetBytes / SORTED_INTERVAL_BYTES));
    }

    /** Marks the blocks overlapped by [offsetBytes, offsetBytes + lengthBytes) of {@code stream}. */
    public void add(int stream, long offsetBytes, long lengthBytes) {
        if (lengthBytes <= 0) {
            return;
        }
        int slot = slots.slotOf(stream);
        if (slot >= streams.length) {
            streams = Arrays.copyOf(streams, slots.capacity());
        }
        StreamBlocks s = streams[slot];
        if (s == null) {
            s = newStream(slot);
        } else if (held > budget - s.mostAddedByOneIo()) {
            spill();
            s = newStream(slot);
        }
        long before = s.bytes();
        long first = offsetBytes >>> BLOCK_SHIFT;
        long last = (offsetBytes + lengthBytes - 1) >>> BLOCK_SHIFT;
        long region = first >>> StreamBlocks.REGION_SHIFT;
        if (region == last >>> StreamBlocks.REGION_SHIFT) {
            int from = (int) (first & StreamBlocks.IN_REGION);
            int to = (int) (last & StreamBlocks.IN_REGION);
            long[] bits = s.addInRegion(region, from, to);
            if (bits != null) {
                batchBits[batched] = bits;
                batchFrom[batched] = from;
                batchTo[batched] = to;
                if (++batched == BATCH) {
                    setBatched();
                }
            }
        } else {
            s.addAcrossRegions(first, last);
        }
        held += s.bytes() - before;
    }

    private StreamBlocks newStream(int slot) {
        if (held > budget - StreamBlocks.mostAfterFirstIo()) {
            spill();
        }
        StreamBlocks s = new StreamBlocks();
        streams[slot] = s;
        if (heldStreams == heldSlots.length) {
            heldSlots = Arrays.copyOf(heldSlots, 2 * heldStreams);
        }
        heldSlots[heldStreams++] = slot;
        held += s.bytes() + Integer.BYTES;
        return s;
    }

    /** Writes every stream's blocks to the spill and drops them. */
    private void spill() {
        setBatched();
        for (int i = 0; i < heldStreams; i++) {
            int slot = heldSlots[i];
            streams[slot].spill(slot, spill);
            streams[slot] = null;
        }
        heldStreams = 0;
        held = 0;
    }

    /** The distinct blocks touched so far; more may be added after. */
    public long distinctBlocks() {
        if (spill.used()) {
            spill();
            return spill.union(slots.used());
        }
        setBatched();
        long blocks = 0;
        for (int i = 0; i < heldStreams; i++) {
            blocks += streams[heldSlots[i]].count();
        }
        return blocks;
    }

    /** Deletes the temporary files of a spill, if any. */
    @Override
    public void close() {
        spill.close();
    }

    private void setBatched() {
        // Each waiting IO's first word is read before any is written: loads alone have many more
        // misses in flight than read-modify-writes, whose stores queue behind their misses
        // (bench/stats-cost.sh, random IOs over 4 x 256 GiB: 48-49 against 56-57 ns an IO). The
        // sum is kept so that the compiler keeps the loads.
        long sum = 0;
        for (int k = 0; k < batched; k++) {
            sum += batchBits[k][batchFrom[k] >>> 6];
        }
        loaded = sum;
        for (int k = 0; k < batched; k++) {
            RegionBitmap.set(batchBits[k], batchFrom[k], batchTo[k]);
            batchBits[k] = null;
        }
        batched = 0;
    }
}
