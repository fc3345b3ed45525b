package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripedTarget;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;

class DeviceQueueTest {
    /** A loop device's queue: 1280 KiB a request, 128 segments of up to 64 KiB. */
    private static final SplitGeometry LOOP = new SplitGeometry(1280 * 1024, 128, 65536, 0, 512, 0);

    @Test
    void theLimitIsTheQueuesRequestsDividedByTheRequestsTheLargestIoTakes() {
        assertEquals(16, DeviceQueue.ioLimit(16, LOOP.wholeBytes(false), 64 * 1024));
        assertEquals(8, DeviceQueue.ioLimit(16, LOOP.wholeBytes(false), 1 << 20), "1 MiB over 4 KiB pages: 128 segments of 4 KiB, two requests");
        assertEquals(16, DeviceQueue.ioLimit(16, LOOP.wholeBytes(true), 1 << 20), "huge pages: 64 KiB segments, 1280 KiB whole");
        assertEquals(4, DeviceQueue.ioLimit(16, LOOP.wholeBytes(true), 5 << 20), "5 MiB in 1280 KiB requests: 4 requests");
        assertEquals(3, DeviceQueue.ioLimit(16, LOOP.wholeBytes(true), (5 << 20) + 4096), "a little more: 5 requests");
        assertEquals(1, DeviceQueue.ioLimit(16, LOOP.wholeBytes(true), 1L << 30), "never below one IO");
    }

    @Test
    void aTargetWithoutADeviceQueueHasNoLimit() {
        assertEquals(0, DeviceQueue.ioLimit(0, 0, 1 << 20));
        assertEquals(0, DeviceQueue.requests(java.util.Map.of()));
    }

    @Test
    void anEngineLeavingRequestsFreeGetsTheRestButNeverNone() {
        assertEquals(15, DeviceQueue.usable(16, 1));
        assertEquals(16, DeviceQueue.usable(16, 0));
        assertEquals(1, DeviceQueue.usable(1, 1), "a queue of one request still takes one IO");
        assertEquals(0, DeviceQueue.usable(0, 1), "no device queue: no limit");
    }

    @Test
    void fileMembersTakeWhatTheDepthCanPutOnThem(@TempDir Path dir) {
        String spec = "stripe:64K:" + dir.resolve("a") + "," + dir.resolve("b");
        try (StripedTarget t = (StripedTarget) Targets.open(spec, TargetSettings.DEFAULTS.withSizeBytes(4 << 20))) {
            // 1 MiB touches 17 chunks at most, 9 on one member: 8 IOs in flight put 72 there.
            assertArrayEquals(new int[] {72, 72}, DeviceQueue.memberLimits(t, t.layout(), 8, 1 << 20, true, true, 0));
            assertArrayEquals(new int[] {8, 8}, DeviceQueue.memberLimits(t, t.layout(), 8, 4096, true, true, 0), "4 KiB: one chunk, or two");
        }
    }

    @Test
    void noMemberGetsMoreThanSbenchKeepsInFlight(@TempDir Path dir) {
        String spec = "stripe:4K:" + dir.resolve("a") + "," + dir.resolve("b");
        try (StripedTarget t = (StripedTarget) Targets.open(spec, TargetSettings.DEFAULTS.withSizeBytes(4 << 20))) {
            // 32 MiB in chunks of 4 KiB: 8193 member IOs, 4097 on one member; they go out as slots come free.
            assertArrayEquals(new int[] {4096, 4096}, DeviceQueue.memberLimits(t, t.layout(), 1, 32 << 20, true, true, 0));
        }
    }
}
