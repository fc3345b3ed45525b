package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("device")
class QueueSettingsDeviceTest {
    private static final long SIZE = 16L << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private static Path nomerges(LoopDevice loop) {
        return loop.nomergesFile();
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file).trim();
    }

    @Test
    void mergesAreOffDuringTheRunAndTheOldValueComesBack() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Files.writeString(nomerges(loop), "1");
            try (BlockDeviceTarget t = (BlockDeviceTarget) Targets.open(loop.device(), WRITE)) {
                assertEquals("2", read(nomerges(loop)));
                assertEquals("2", t.queueSettings().nomergesUsed());
                assertEquals("1", t.queueSettings().nomergesBefore());
                assertEquals(KernelChoices.selected(
                        read(Path.of("/sys/class/block", loop.name(), "queue/scheduler"))), t.queueSettings().scheduler());
            }
            assertEquals("1", read(nomerges(loop)));
        }
    }

    @Test
    void allowMergesLeavesTheSetting() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Files.writeString(nomerges(loop), "0");
            if (Files.exists(loop.wbtFile())) {
                Files.writeString(loop.wbtFile(), "0"); // nothing else to change either
            }
            try (BlockDeviceTarget t = (BlockDeviceTarget) Targets.open(loop.device(), WRITE.withAllowMerges(true))) {
                assertEquals("0", read(nomerges(loop)));
                assertEquals("0", t.describe().get(BlockDeviceTarget.KEY_NOMERGES));
                assertNull(t.queueSettings().shutdownHook(), "nothing changed, nothing to restore");
            }
        }
    }

    @Test
    void theShutdownHookRestoresAndCloseAfterItIsHarmless() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Files.writeString(nomerges(loop), "0");
            QueueSettings q = QueueSettings.apply(SysfsBlockDevice.named(loop.name(), Path.of("/sys")), false, false);
            assertEquals("2", read(nomerges(loop)));
            q.shutdownHook().run();
            assertEquals("0", read(nomerges(loop)));
            Files.writeString(nomerges(loop), "1");
            q.close();
            assertEquals("1", read(nomerges(loop)), "restored once only");
        }
    }

    @Test
    void writebackThrottlingIsOffDuringARunThatWritesAndComesBack() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assumeTrue(Files.exists(loop.wbtFile()), "kernel without writeback throttling");
            Files.writeString(loop.wbtFile(), "3000");
            try (BlockDeviceTarget t = (BlockDeviceTarget) Targets.open(loop.device(), WRITE.withAllowMerges(true))) {
                assertEquals("0", read(loop.wbtFile()));
                assertEquals("0", t.describe().get(BlockDeviceTarget.KEY_WBT_LAT_USEC));
                assertEquals("3000", t.describe().get(BlockDeviceTarget.KEY_WBT_LAT_USEC_BEFORE));
                assertNotNull(t.queueSettings().shutdownHook(), "restored on Ctrl-C too");
            }
            assertEquals("3000", read(loop.wbtFile()));
        }
    }

    @Test
    void aReadOnlyRunLeavesWritebackThrottling() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assumeTrue(Files.exists(loop.wbtFile()), "kernel without writeback throttling");
            Files.writeString(loop.wbtFile(), "2500");
            try (BlockDeviceTarget t = (BlockDeviceTarget) Targets.open(loop.device(), TargetSettings.DEFAULTS.withReadOnly(true))) {
                assertEquals("2500", read(loop.wbtFile()));
                assertEquals("2500", t.describe().get(BlockDeviceTarget.KEY_WBT_LAT_USEC));
            }
        }
    }

    @Test
    void theShutdownHookRestoresMergesAndThrottlingTogether() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assumeTrue(Files.exists(loop.wbtFile()), "kernel without writeback throttling");
            Files.writeString(nomerges(loop), "0");
            Files.writeString(loop.wbtFile(), "2000");
            QueueSettings q = QueueSettings.apply(SysfsBlockDevice.named(loop.name(), Path.of("/sys")), false, true);
            assertEquals("2", read(nomerges(loop)));
            assertEquals("0", read(loop.wbtFile()));
            q.shutdownHook().run();
            assertEquals("0", read(nomerges(loop)));
            assertEquals("2000", read(loop.wbtFile()));
            q.close();
        }
    }
}
