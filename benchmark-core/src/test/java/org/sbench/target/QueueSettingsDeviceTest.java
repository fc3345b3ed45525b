package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @TempDir
    Path lockDir;

    private QueueSettingsNote note() {
        return new QueueSettingsNote(lockDir.resolve("block.settings"));
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
            QueueSettings q = QueueSettings.apply(SysfsBlockDevice.named(loop.name(), Path.of("/sys")), false, false, note());
            assertEquals("2", read(nomerges(loop)));
            q.shutdownHook().run();
            assertEquals("0", read(nomerges(loop)));
            Files.writeString(nomerges(loop), "1");
            q.close();
            assertEquals("1", read(nomerges(loop)), "restored once only");
        }
    }

    @Test
    void writebackThrottlingIsOffDuringARunThatMaySendDiscardsAndComesBack() throws IOException {
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

    /** The kernel throttles discards alone, no O_DIRECT write: a run that writes but sends no discard leaves it, needing no root for it. */
    @Test
    void aRunThatSendsNoDiscardLeavesWritebackThrottling() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assumeTrue(Files.exists(loop.wbtFile()), "kernel without writeback throttling");
            Files.writeString(nomerges(loop), "0");
            Files.writeString(loop.wbtFile(), "2500");
            TargetSettings fill = WRITE.withAllowMerges(true).withSendsDiscards(false);
            try (BlockDeviceTarget t = (BlockDeviceTarget) Targets.open(loop.device(), fill)) {
                assertEquals("2500", read(loop.wbtFile()));
                assertEquals("2500", t.describe().get(BlockDeviceTarget.KEY_WBT_LAT_USEC));
                assertEquals("2500", t.describe().get(BlockDeviceTarget.KEY_WBT_LAT_USEC_BEFORE));
                assertNull(t.queueSettings().shutdownHook(), "nothing changed, nothing to restore");
            }
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
            QueueSettings q = QueueSettings.apply(SysfsBlockDevice.named(loop.name(), Path.of("/sys")), false, true, note());
            assertEquals("2", read(nomerges(loop)));
            assertEquals("0", read(loop.wbtFile()));
            q.shutdownHook().run();
            assertEquals("0", read(nomerges(loop)));
            assertEquals("2000", read(loop.wbtFile()));
            q.close();
        }
    }

    /**
     * A run killed with SIGKILL leaves nomerges 2 and wbt_lat_usec 0: the next run puts the device's
     * own values back first, records them as the values before, and restores them at its end (it
     * took the dead run's values for the device's and "restored" those).
     */
    @Test
    void theNextRunUndoesWhatAKilledRunLeft() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assumeTrue(Files.exists(loop.wbtFile()), "kernel without writeback throttling");
            SysfsBlockDevice device = SysfsBlockDevice.named(loop.name(), Path.of("/sys"));
            Files.writeString(nomerges(loop), "1");
            Files.writeString(loop.wbtFile(), "2000");
            QueueSettings killed = QueueSettings.apply(device, false, true, note());
            Runtime.getRuntime().removeShutdownHook(killed.shutdownHook()); // SIGKILL: no hook runs
            assertEquals("2", read(nomerges(loop)));
            assertEquals("0", read(loop.wbtFile()));

            try (QueueSettings next = QueueSettings.apply(device, false, true, note())) {
                assertEquals("1", next.nomergesBefore());
                assertEquals("2000", next.wbtBefore());
                assertEquals("2", read(nomerges(loop)));
            }
            assertEquals("1", read(nomerges(loop)));
            assertEquals("2000", read(loop.wbtFile()));
            assertTrue(Files.notExists(lockDir.resolve("block.settings")), "the note goes with the restore");

            killed = QueueSettings.apply(device, false, false, note());
            Runtime.getRuntime().removeShutdownHook(killed.shutdownHook());
            Files.writeString(nomerges(loop), "0"); // set by hand after the kill: the user's, kept
            try (QueueSettings next = QueueSettings.apply(device, true, false, note())) {
                assertEquals("0", next.nomergesBefore());
            }
            assertEquals("0", read(nomerges(loop)));
        }
    }

    @Test
    void aReadOnlyRunWithMergesAllowedStillUndoesAKilledRun() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            SysfsBlockDevice device = SysfsBlockDevice.named(loop.name(), Path.of("/sys"));
            Files.writeString(nomerges(loop), "0");
            QueueSettings killed = QueueSettings.apply(device, false, false, note());
            Runtime.getRuntime().removeShutdownHook(killed.shutdownHook());
            try (QueueSettings next = QueueSettings.apply(device, true, false, note())) {
                assertEquals("0", read(nomerges(loop)), "merging as the device had it, before this run's first IO");
                assertEquals("0", next.nomergesUsed());
            }
        }
    }
}
