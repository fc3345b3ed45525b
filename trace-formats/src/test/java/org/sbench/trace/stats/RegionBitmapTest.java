package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RegionBitmapTest {
    @Test
    void setsExactlyTheRangeInOneTwoOrManyWords() {
        SplittableRandom random = new SplittableRandom(11);
        int bitsInRegion = RegionBitmap.WORDS * Long.SIZE;
        for (int k = 0; k < 20000; k++) {
            long[] bits = new long[RegionBitmap.WORDS];
            BitSet expected = new BitSet(bitsInRegion);
            for (int io = 0; io < 3; io++) {
                int from = random.nextInt(bitsInRegion);
                int span = k % 4 == 0 ? random.nextInt(bitsInRegion - from) : random.nextInt(Math.min(130, bitsInRegion - from));
                RegionBitmap.set(bits, from, from + span);
                expected.set(from, from + span + 1);
            }
            assertArrayEquals(java.util.Arrays.copyOf(expected.toLongArray(), RegionBitmap.WORDS), bits);
            assertEquals(expected.cardinality(), RegionBitmap.count(bits));
        }
    }
}
