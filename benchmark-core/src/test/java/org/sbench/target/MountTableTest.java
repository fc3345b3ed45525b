package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MountTableTest {

    private static MountTable table(Path proc, String mountinfo) throws IOException {
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("self/mountinfo"), mountinfo);
        return MountTable.read(proc);
    }

    @Test
    void readsNumbersPointsTypesAndSourcesPastOptionalFields(@TempDir Path proc) throws IOException {
        MountTable t = table(proc, ""
                + "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
                + "36 22 7:0 / /mnt/my\\040disk rw,noatime shared:5 master:1 - xfs /dev/loop0 rw,attr2\n"
                + "37 22 0:25 / /sys rw - sysfs sysfs rw\n");
        assertEquals(3, t.mounts().size());
        assertEquals(new MountTable.Mount("7:0", "/mnt/my disk", "xfs", "/dev/loop0"), t.mounts().get(1));
        assertEquals(new MountTable.Mount("0:25", "/sys", "sysfs", "sysfs"), t.mounts().get(2));
    }

    @Test
    void aFileBelongsToTheLongestMatchingMountPointTheLaterOneWhenStacked(@TempDir Path proc) throws IOException {
        MountTable t = table(proc, ""
                + "22 1 254:0 / / rw - ext4 /dev/vda rw\n"
                + "30 22 8:1 / /data rw - ext4 /dev/sda1 rw\n"
                + "31 30 8:17 / /data rw - xfs /dev/sdb1 rw\n"
                + "32 22 8:33 / /dat rw - btrfs /dev/sdc1 rw\n");
        assertEquals("xfs", t.mountOf(Path.of("/data/x/y.img")).get().fsType());
        assertEquals("ext4", t.mountOf(Path.of("/database/y.img")).get().fsType());
        assertTrue(t.mountOf(Path.of("/dat/z")).get().source().equals("/dev/sdc1"));
    }

    @Test
    void unescapesOctalOnly() {
        assertEquals("a b\tc\\d", MountTable.unescape("a\\040b\\011c\\134d"));
        assertEquals("a\\9x", MountTable.unescape("a\\9x"));
        assertEquals("end\\04", MountTable.unescape("end\\04"));
    }
}
