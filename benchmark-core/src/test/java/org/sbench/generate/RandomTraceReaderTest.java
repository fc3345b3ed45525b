package org.sbench.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

class RandomTraceReaderTest {
    private static final int KIB = 1024;

    private static List<Long> offsets(long region, int block, long count, long seed) {
        RandomTraceReader r = new RandomTraceReader("t", Op.READ, region, block, count, seed);
        IoRecord rec = new IoRecord();
        List<Long> out = new ArrayList<>();
        while (r.next(rec)) {
            assertEquals(Op.READ, rec.op);
            assertEquals(block, rec.lengthBytes);
            out.add(rec.offsetBytes);
        }
        return out;
    }

    @Test
    void producesCountAlignedOffsetsInsideTheRegion() {
        // 1 MiB + 100 KiB: 2 whole 512 KiB blocks, and 281 whole 4 KiB blocks.
        long region = 1024 * KIB + 100 * KIB;
        for (int block : new int[] {4 * KIB, 512 * KIB}) {
            List<Long> o = offsets(region, block, 5000, 1);
            assertEquals(5000, o.size());
            Set<Long> distinct = new HashSet<>();
            for (long offset : o) {
                assertEquals(0, offset % block, "aligned");
                assertTrue(offset >= 0 && offset + block <= region, "inside the region: " + offset);
                distinct.add(offset);
            }
            // 5000 draws from 281 (or 2) blocks reach every one of them.
            assertEquals(region / block, distinct.size());
        }
    }

    @Test
    void theSeedDecidesTheOffsets() {
        long region = 64L * 1024 * KIB;
        assertEquals(offsets(region, 4 * KIB, 100, 7), offsets(region, 4 * KIB, 100, 7));
        assertNotEquals(offsets(region, 4 * KIB, 100, 7), offsets(region, 4 * KIB, 100, 8));
    }

    @Test
    void aOneBlockRegionAlwaysGivesZeroAndACountEndsIt() {
        RandomTraceReader r = new RandomTraceReader("t", Op.WRITE, 4 * KIB, 4 * KIB, 3, 1);
        IoRecord rec = new IoRecord();
        for (int i = 0; i < 3; i++) {
            assertTrue(r.next(rec));
            assertEquals(0, rec.offsetBytes);
            assertEquals(Op.WRITE, rec.op);
        }
        assertFalse(r.next(rec));
    }
}
