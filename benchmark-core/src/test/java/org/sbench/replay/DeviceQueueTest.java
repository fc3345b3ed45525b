package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.StripedTarget;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;

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

    @Test
    void fileMembersTakeWhatTheDepthCanPutOnThem(@TempDir Path dir) {
        String spec = "stripe:64K:" + dir.resolve("a") + "," + dir.resolve("b");
        try (StripedTarget t = (StripedTarget) Targets.open(spec, TargetSettings.DEFAULTS.withSizeBytes(4 << 20))) {
            // 1 MiB touches 17 chunks at most, 9 on one member: 8 IOs in flight put 72 there.
            assertArrayEquals(new int[] {72, 72}, DeviceQueue.memberLimits(t, 8, 1 << 20, true));
            assertArrayEquals(new int[] {8, 8}, DeviceQueue.memberLimits(t, 8, 4096, true), "4 KiB: one chunk, or two");
        }
    }

    @Test
    void anIoOfMorePartsThanSbenchKeepsInFlightIsRefusedBeforeTheRun(@TempDir Path dir) {
        String spec = "stripe:4K:" + dir.resolve("a") + "," + dir.resolve("b");
        try (StripedTarget t = (StripedTarget) Targets.open(spec, TargetSettings.DEFAULTS.withSizeBytes(4 << 20))) {
            SbenchException e = assertThrows(SbenchException.class, () -> DeviceQueue.memberLimits(t, 1, 32 << 20, true));
            assertEquals("the largest IO (33554432 bytes) becomes 8193 member IOs in chunks of 4 KiB, more than the 4096 sbench keeps"
                    + " in flight: use a larger chunk", e.getMessage());
        }
    }
}
