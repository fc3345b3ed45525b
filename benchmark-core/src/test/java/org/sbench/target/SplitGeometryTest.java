package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where the block layer cuts reads and writes (block/blk-merge.c, get_max_io_size), worked out by hand. */
class SplitGeometryTest {
    private static final long K = 1024;

    @Test
    void aDeviceTakesMaxSectorsWholeUnlessItsSegmentsRunOutFirst() {
        SplitGeometry loop = new SplitGeometry(1280 * K, 128, 64 * K, 0, 512, 0);
        assertEquals(512 * K, loop.wholeBytes(false), "128 segments of a 4 KiB page");
        assertEquals(1280 * K, loop.wholeBytes(true), "huge pages: 128 segments of 64 KiB, more than max_sectors_kb");
        SplitGeometry nvme = new SplitGeometry(512 * K, 33, 0, 0, 4096, 0);
        assertEquals(132 * K, nvme.wholeBytes(false));
        assertEquals(512 * K, nvme.wholeBytes(true), "no segment size: a huge page a segment");
        assertEquals(0, SplitGeometry.NONE.wholeBytes(true));
        assertFalse(SplitGeometry.NONE.cuts());
        assertTrue(loop.cuts());
    }

    @Test
    void anIoIsCutFromItsStartAtWhatTheDeviceTakesWhole() {
        SplitGeometry g = new SplitGeometry(128 * K, 0, 0, 0, 512, 0);
        assertEquals(128 * K, g.headBytes(7 * K, 300 * K, 128 * K), "not aligned to 128 KiB: cut 128 KiB after its start");
        assertEquals(44 * K, g.headBytes(263 * K, 44 * K, 128 * K));
        assertEquals(300 * K, g.headBytes(0, 300 * K, 0), "no limit");
        assertEquals(5 * K, SplitGeometry.NONE.headBytes(3 * K, 5 * K, 0));
    }

    @Test
    void noRequestCrossesAChunkOfTheDisk() {
        // chunk_sectors of 128 KiB on a partition starting 1 MiB + 4 KiB into its disk.
        SplitGeometry g = new SplitGeometry(1024 * K, 0, 0, 128 * K, 512, 1028 * K);
        assertEquals(120 * K, g.headBytes(4 * K, 200 * K, 1024 * K), "up to disk byte 1152 KiB");
        assertEquals(80 * K, g.headBytes(124 * K, 80 * K, 1024 * K), "it fits in the next chunk");
        assertEquals(8 * K, g.headBytes(0, 8 * K, 1024 * K));
    }

    @Test
    void aCutEndsOnAPhysicalBlockWhereOneIsInReach() {
        // 512-byte logical, 4 KiB physical blocks: an IO starting 1 KiB into a physical block.
        SplitGeometry g = new SplitGeometry(128 * K, 0, 0, 0, 4 * K, 0);
        assertEquals(127 * K, g.headBytes(K, 256 * K, 128 * K), "ends at 128 KiB");
        assertEquals(128 * K, g.headBytes(128 * K, 256 * K, 128 * K));
    }
}
