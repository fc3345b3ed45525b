package org.sbench.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

class SequentialTraceReaderTest {
    private static final int MIB = 1 << 20;

    @Test
    void sweepsTheRegionInBlocksAndWrapsAtItsLastWholeBlock() {
        // 3.5 MiB holds three whole 1 MiB blocks: the fourth IO wraps to 0.
        long region = 3 * MIB + MIB / 2;
        SequentialTraceReader r = new SequentialTraceReader("t", Op.WRITE, region, MIB, 7);
        IoRecord rec = new IoRecord();
        long[] expected = {0, MIB, 2L * MIB, 0, MIB, 2L * MIB, 0};
        for (long offset : expected) {
            assertTrue(r.next(rec));
            assertEquals(Op.WRITE, rec.op);
            assertEquals(offset, rec.offsetBytes);
            assertEquals(MIB, rec.lengthBytes);
            assertTrue(rec.endOffsetBytes() <= region);
        }
        assertFalse(r.next(rec));
        assertEquals("t", r.info().name());
        assertEquals("generated", r.info().sourceFormat());
    }

    @Test
    void oneSweepIsTheRegionOnce() {
        long region = 8L * MIB;
        long count = SequentialTraceReader.sweep(region, MIB);
        assertEquals(8, count);
        SequentialTraceReader r = new SequentialTraceReader("t", Op.READ, region, MIB, count);
        IoRecord rec = new IoRecord();
        long next = 0;
        while (r.next(rec)) {
            assertEquals(next, rec.offsetBytes);
            next += rec.lengthBytes;
        }
        assertEquals(region, next);
    }

    @Test
    void withoutACountItNeverEnds() {
        SequentialTraceReader r = new SequentialTraceReader("t", Op.READ, MIB, 4096, Long.MAX_VALUE);
        IoRecord rec = new IoRecord();
        for (int i = 0; i < 1000; i++) {
            assertTrue(r.next(rec));
            assertEquals((long) i % 256 * 4096, rec.offsetBytes);
        }
    }
}
