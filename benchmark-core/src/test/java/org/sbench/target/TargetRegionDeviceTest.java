package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sbench.replay.DeviceQueue;

/** A region of a block device (what run --scale runs on) is cut and trimmed as the whole device is. */
@Tag("device")
class TargetRegionDeviceTest {
    private static final long SIZE = 64L << 20;

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    @Test
    void aRegionHasItsDevicesSplitAndDiscardGeometry() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE);
             Target whole = Targets.open(loop.device(), TargetSettings.DEFAULTS.withAllowWrite(true))) {
            Target region = new TargetRegion(whole, SIZE / 4);
            assertTrue(whole.splitGeometry().cuts(), "a loop device has a request size limit");
            assertEquals(whole.splitGeometry(), region.splitGeometry());
            assertEquals(whole.discardGeometry(), region.discardGeometry());
            long longerThanARequest = whole.splitGeometry().maxBytes() * 2;
            assertTrue(DeviceQueue.splits(region, longerThanARequest), "IOs longer than a request are cut on the region too");
        }
    }
}
