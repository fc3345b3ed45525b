package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sbench.target.BlockDeviceTarget;

class DeviceQueueTest {
    private static final Map<String, String> LOOP = Map.of(BlockDeviceTarget.KEY_NR_REQUESTS, "16",
            BlockDeviceTarget.KEY_MAX_SECTORS_KB, "1280", BlockDeviceTarget.KEY_MAX_SEGMENTS, "128",
            BlockDeviceTarget.KEY_MAX_SEGMENT_SIZE, "65536");

    @Test
    void theLimitIsTheQueuesRequestsDividedByTheRequestsTheLargestIoTakes() {
        assertEquals(16, DeviceQueue.ioLimit(LOOP, 64 * 1024, false));
        assertEquals(8, DeviceQueue.ioLimit(LOOP, 1 << 20, false), "1 MiB over 4 KiB pages: 128 segments of 4 KiB, two requests");
        assertEquals(16, DeviceQueue.ioLimit(LOOP, 1 << 20, true), "huge pages: 64 KiB segments, 1280 KiB whole");
        assertEquals(4, DeviceQueue.ioLimit(LOOP, 5 << 20, true), "5 MiB in 1280 KiB requests: 4 requests");
        assertEquals(3, DeviceQueue.ioLimit(LOOP, (5 << 20) + 4096, true), "a little more: 5 requests");
        assertEquals(1, DeviceQueue.ioLimit(LOOP, 1L << 30, true), "never below one IO");
    }

    @Test
    void aTargetWithoutADeviceQueueHasNoLimit() {
        assertEquals(0, DeviceQueue.ioLimit(Map.of(), 1 << 20, false));
        assertEquals(0, DeviceQueue.requests(Map.of()));
    }
}
