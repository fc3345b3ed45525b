package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class BlockFootprintTest {
    private static final long BLOCK = 4096;
    /** Blocks of one bitmap region (128 MiB). */
    private static final long REGION_BLOCKS = 1 << 15;

    @Test
    void countsEachBlockOnce() {
        BlockFootprint f = new BlockFootprint();
        f.add(0, 0, 1);
        f.add(0, 4095, 2);               // touches blocks 0 and 1
        f.add(0, (1L << 27) - 4096, 8192); // crosses a 128 MiB region boundary
        f.add(1, 0, 4096);               // another stream
        assertEquals(2 + 2 + 1, f.distinctBlocks());
    }

    @Test
    void aHugeIoCostsNoMoreThanASmallOne() {
        BlockFootprint f = new BlockFootprint();
        f.add(0, 0, 1L << 55);                       // 2^43 blocks: walking them would never end
        assertEquals(1L << 43, f.distinctBlocks());
        f.add(0, 12345 * BLOCK, 8 * BLOCK);          // inside: nothing new
        f.add(0, (1L << 55) - BLOCK, 2 * BLOCK);     // one block past the end is new
        assertEquals((1L << 43) + 1, f.distinctBlocks());
        f.add(0, 1L << 56, 1L << 55);                // a second huge range, apart from the first
        f.add(0, (1L << 55) + 5 * BLOCK, 1L << 56);  // and one bridging the gap and overlapping the second
        // [0, 2^43 + 1) and [2^43 + 5, 3 * 2^43 + 5), which holds the second range [2^44, 3 * 2^43)
        assertEquals(3 * (1L << 43) + 1, f.distinctBlocks());
    }

    @Test
    void blocksCountedBeforeAHugeIoCoversThemAreNotCountedTwice() {
        BlockFootprint f = new BlockFootprint();
        f.add(0, 3 * BLOCK, BLOCK);                                  // region 0
        f.add(0, REGION_BLOCKS * BLOCK + 7 * BLOCK, 2 * BLOCK);      // region 1
        f.add(0, 10 * REGION_BLOCKS * BLOCK, BLOCK);                 // region 10, outside the range below
        f.add(0, 0, 4 * REGION_BLOCKS * BLOCK);                      // regions 0-3 whole
        assertEquals(4 * REGION_BLOCKS + 1, f.distinctBlocks());
        f.add(0, 2 * REGION_BLOCKS * BLOCK + 99 * BLOCK, 5 * BLOCK); // inside a whole region: nothing new
        assertEquals(4 * REGION_BLOCKS + 1, f.distinctBlocks());
    }

    @Test
    void streamsFarApartAreKeptApart() {
        BlockFootprint f = new BlockFootprint();
        f.add(0, 0, BLOCK);
        f.add(1 << 28, 0, BLOCK);
        f.add(Integer.MAX_VALUE, 0, BLOCK);
        f.add(-1, 0, BLOCK);
        assertEquals(4, f.distinctBlocks());
    }

    /** The footprint of random IOs, small and spanning regions, equals a plain bitmap's count of the same blocks. */
    @Property(tries = 40)
    void matchesABitmapOfEveryBlock(@ForAll long seed) {
        Random rnd = new Random(seed);
        int regions = 6;
        long blocks = regions * REGION_BLOCKS;
        BitSet reference = new BitSet((int) blocks);
        BlockFootprint f = new BlockFootprint();
        for (int i = 0; i < 300; i++) {
            long first = rnd.nextInt((int) blocks);
            long n = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt((int) (3 * REGION_BLOCKS)) : 1 + rnd.nextInt(64);
            n = Math.min(n, blocks - first);
            // A byte range starting and ending inside blocks touches every block it overlaps.
            long startInBlock = rnd.nextInt((int) BLOCK);
            long endInBlock = n == 1 ? startInBlock + 1 + rnd.nextInt((int) (BLOCK - startInBlock)) : 1 + rnd.nextInt((int) BLOCK);
            long offset = first * BLOCK + startInBlock;
            long end = (first + n - 1) * BLOCK + endInBlock;
            f.add(0, offset, end - offset);
            reference.set((int) first, (int) (first + n));
            assertEquals(reference.cardinality(), f.distinctBlocks(), "after IO " + i);
        }
    }
}
