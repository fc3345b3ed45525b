package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DiscardGeometryTest {
    private static final long KIB = 1024;
    private static final long GIB = 1L << 30;
    /** A loop device over tmpfs: 4 KiB granularity, discard_max_bytes 4 GiB less a sector. */
    private static final DiscardGeometry LOOP = new DiscardGeometry(4 * KIB, 4294966784L, 0);

    @Test
    void anAlignedTrimUpToTheRequestLimitIsOneRequest() {
        assertTrue(LOOP.oneRequest(0, 4 * KIB));
        assertTrue(LOOP.oneRequest(1 << 20, 1 << 20));
        assertTrue(LOOP.oneRequest(4 * KIB, 3 * GIB));
        // The largest multiple of 4 KiB a bio's u32 byte count takes is below discard_max_bytes.
        assertTrue(LOOP.oneRequest(0, 4294963200L));
        assertFalse(LOOP.oneRequest(0, 4294967296L));
    }

    @Test
    void aTrimThatStartsOffTheGranularityIsOneBioOnlyUpToTheNextMultiple() {
        assertTrue(LOOP.oneRequest(512, 3584), "ends on the granule's end");
        assertTrue(LOOP.oneRequest(512, 512));
        assertFalse(LOOP.oneRequest(512, 4 * KIB), "crosses into the next granule: two bios");
    }

    @Test
    void aLongerTrimThanTheDeviceTakesIsSeveralRequests() {
        DiscardGeometry small = new DiscardGeometry(512, 32 * KIB * KIB, 0);
        assertTrue(small.oneRequest(0, 32 * KIB * KIB));
        assertFalse(small.oneRequest(0, 32 * KIB * KIB + 512));
    }

    @Test
    void aPartitionCountsTheGranularityFromItsDisksStart() {
        DiscardGeometry partition = new DiscardGeometry(4 * KIB, GIB, 1024 * 512 + 512);
        assertFalse(partition.oneRequest(0, 4 * KIB), "offset 0 of the partition is a sector into a granule");
        assertTrue(partition.oneRequest(3584, 4 * KIB));
    }

    @Test
    void noneDiscardsNothing() {
        assertFalse(DiscardGeometry.NONE.discards());
        assertFalse(DiscardGeometry.NONE.oneRequest(0, 512));
        assertTrue(LOOP.discards());
        assertThrows(IllegalArgumentException.class, () -> new DiscardGeometry(0, 1, 0));
    }
}
