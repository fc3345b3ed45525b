package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;

/** The way out QueueSettings names when a change cannot be made, on a disk of a made-up sysfs. Needs no root. */
class QueueSettingsTest {
    @TempDir
    Path dir;

    /** Disk {@code sdz} of a sysfs under {@code dir}: merging on (0), writeback throttling at 2000 µs. */
    private SysfsBlockDevice disk() throws IOException {
        Path device = Files.createDirectories(dir.resolve("sys/devices/virtual/block/sdz/queue"));
        Files.writeString(device.resolve("nomerges"), "0\n");
        Files.writeString(device.resolve("wbt_lat_usec"), "2000\n");
        Files.writeString(device.resolve("scheduler"), "[none]\n");
        Files.createDirectories(dir.resolve("sys/class/block"));
        Files.createSymbolicLink(dir.resolve("sys/class/block/sdz"), device.getParent());
        return SysfsBlockDevice.named("sdz", dir.resolve("sys"));
    }

    /** The refusal of a run whose note of the settings cannot be written (its part file's name is taken by a directory). */
    private SbenchException refused(boolean allowMerges, boolean discards) throws IOException {
        SysfsBlockDevice disk = disk();
        Path note = dir.resolve("run/block-8:400.settings");
        Files.createDirectories(dir.resolve("run/block-8:400.settings.part"));
        return assertThrows(SbenchException.class, () -> QueueSettings.apply(disk, allowMerges, discards, new QueueSettingsNote(note)));
    }

    @Test
    void allowMergesIsOfferedOnlyWhereItIsAWayOut() throws IOException {
        String noDiscards = refused(false, false).getMessage();
        assertTrue(noDiscards.endsWith("; run as root or add --allow-merges"), "a read-only run, a fill: " + noDiscards);
    }

    @Test
    void aRunThatSendsDiscardsNeedsRootEvenWithAllowMerges() throws IOException {
        SbenchException e = refused(false, true);
        assertTrue(e.getMessage().endsWith("; run as root"), "--allow-merges leaves writeback throttling to turn off: "
                + e.getMessage());
    }

    /**
     * A run that cannot put back what a killed run left says so: its own options (--allow-merges here) change
     * nothing, and the user is not left wondering why it sets nomerges. The attribute that refuses even root is a
     * real read-only one of sysfs, whose value the killed run's note says it left.
     */
    @Test
    void aSettingAKilledRunLeftThatCannotBePutBackIsNamedAsSuch() throws IOException {
        SysfsBlockDevice disk = disk();
        Path readOnly = Path.of("/sys/devices/system/cpu/possible");
        Path queue = dir.resolve("sys/devices/virtual/block/sdz/queue");
        Files.delete(queue.resolve("nomerges"));
        Files.createSymbolicLink(queue.resolve("nomerges"), readOnly);
        Path note = dir.resolve("run/block-8:400.settings");
        Files.createDirectories(note.getParent());
        Files.writeString(note, "queue/nomerges 0 " + Files.readString(readOnly).trim() + "\n");
        SbenchException e = assertThrows(SbenchException.class, () -> QueueSettings.apply(disk, true, false, new QueueSettingsNote(note)));
        assertTrue(e.getMessage().endsWith("; run as root to put back what a killed run left (noted in " + note + ")"), e.getMessage());
    }
}
