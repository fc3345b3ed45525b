// Which recorded disks went away, on a sysfs made by the test (no root).
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevicePresenceTest {
    private static final long MIB = 1 << 20;
    private static final RecordedDevice LOOP3 = new RecordedDevice(0, "/dev/loop3", "loop3", "loop3", 7 << 20 | 3, "7:3", false, 0,
            64 * MIB, 64 * MIB);
    private static final RecordedDevice SDB1 = new RecordedDevice(1, "/dev/sdb1", "sdb1", "sdb", 8 << 20 | 16, "8:16", true, MIB,
            32 * MIB, 64 * MIB);

    @TempDir
    Path sys;

    @Test
    void aDiskRemovedOrGivenANewSequenceNumberIsGoneAndAPartitionTableReadAgainIsNot() throws Exception {
        disk("loop3", "7:3", "41");
        disk("sdb", "8:16", "42");
        Files.createDirectories(sys.resolve("class/block/sdb1"));
        DevicePresence presence = DevicePresence.of(new DeviceSelection(List.of(LOOP3, SDB1)), sys);
        assertEquals(Optional.empty(), presence.gone());
        Files.delete(sys.resolve("class/block/sdb1"));
        assertEquals(Optional.empty(), presence.gone(), "a partition deleted and added again by a rescan");
        disk("loop3", "7:3", "43");
        assertEquals(Optional.of(LOOP3), presence.gone(), "detached or attached anew");
        disk("loop3", "7:3", "41");
        Files.delete(sys.resolve("class/block/sdb/dev"));
        assertEquals(Optional.of(SDB1), presence.gone(), "removed");
    }

    private void disk(String name, String majorMinor, String diskSeq) throws Exception {
        Path dir = Files.createDirectories(sys.resolve("class/block").resolve(name));
        Files.writeString(dir.resolve("dev"), majorMinor + "\n");
        Files.writeString(dir.resolve("diskseq"), diskSeq + "\n");
    }
}
