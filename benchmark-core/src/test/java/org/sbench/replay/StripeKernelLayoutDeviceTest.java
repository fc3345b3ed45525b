package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.input.ReadOptions;

/**
 * sbench's stripe against the kernel's own: the same trace replayed onto a dm-stripe device over
 * two loop devices and onto sbench's stripe over two others leaves the members byte-identical.
 * Runs only where the kernel has device-mapper with the {@code striped} target and {@code dmsetup}
 * works; skipped, saying so, elsewhere (this project's build machine has no device-mapper: there
 * the mapping is checked against hand-worked vectors, {@code StripeLayoutTest}, and by placement,
 * {@code StripeDeviceTest}).
 */
@Tag("device")
class StripeKernelLayoutDeviceTest {
    private static final long K = 1024;
    private static final long MEMBER_BYTES = 16L << 20;
    private static final int SECTOR = 512;
    private static final String CHUNK_SECTORS = "128";

    /** True when dmsetup runs and the kernel lists the striped target. */
    private static boolean kernelStripes() {
        try {
            return LoopDevice.run("dmsetup", "targets").contains("striped");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static ReplayResult replay(Path trace, String target) {
        return ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target,
                TargetSettings.DEFAULTS.withAllowWrite(true), ReplaySettings.DEFAULTS.withFixedQd(4)), NanoClock.SYSTEM,
                ReplayListener.NONE, new ReplayControl(), "test");
    }

    @Test
    void membersMatchTheKernelsDmStripeByteForByte(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        assumeTrue(kernelStripes(), "needs dmsetup and a kernel with device-mapper's striped target (dm-stripe)");
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            // Non-overlapping slots of 512 KiB, IOs from 512 bytes to 224 KiB, starting anywhere in a chunk.
            trace.add(ReplayDeviceTest.io(i * 10L, i % 5 == 4 ? Op.READ : Op.WRITE, i * 512 * K + (i * 7 % 128) * SECTOR,
                    SECTOR * (1 + i * 37 % 448)));
        }
        Path t = ReplayDeviceTest.trace(dir, trace);
        String name = "sbench-stripe-test-" + ProcessHandle.current().pid();
        try (LoopDevice a0 = LoopDevice.create(MEMBER_BYTES); LoopDevice a1 = LoopDevice.create(MEMBER_BYTES);
             LoopDevice b0 = LoopDevice.create(MEMBER_BYTES); LoopDevice b1 = LoopDevice.create(MEMBER_BYTES)) {
            LoopDevice.run("dmsetup", "create", name, "--table", "0 " + 2 * MEMBER_BYTES / SECTOR + " striped 2 " + CHUNK_SECTORS
                    + " " + a0.path() + " 0 " + a1.path() + " 0");
            try {
                ReplayResult kernel = replay(t, "/dev/mapper/" + name);
                assertEquals(0, kernel.summary().errors(), "dm-stripe " + kernel.errors());
            } finally {
                LoopDevice.run("dmsetup", "remove", name);
            }
            ReplayResult ours = replay(t, "stripe:64K:" + b0.path() + "," + b1.path());
            assertEquals(0, ours.summary().errors(), "sbench " + ours.errors());
            assertArrayEquals(ReplayDeviceTest.readDevice(a0, 0, (int) MEMBER_BYTES), ReplayDeviceTest.readDevice(b0, 0,
                    (int) MEMBER_BYTES), "member 0");
            assertArrayEquals(ReplayDeviceTest.readDevice(a1, 0, (int) MEMBER_BYTES), ReplayDeviceTest.readDevice(b1, 0,
                    (int) MEMBER_BYTES), "member 1");
        }
    }
}
