// Which disks writing to a device or file reaches, on a fake /sys: partitions, device-mapper members, loop backing files.
package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fake tree: disk sdx (8:16) with partition sdx1, dm-0 (253:7) over sdx1, loop7 backed by a file in the test's directory. */
class BackingDisksTest {
    @TempDir
    Path root;
    private Path sys;
    private Path proc;
    private Path backingFile;

    @BeforeEach
    void fakeTree() throws IOException {
        sys = root.resolve("sys");
        proc = root.resolve("proc");
        Files.createDirectories(sys.resolve("class/block"));
        Files.createDirectories(sys.resolve("dev/block"));
        Path sdx = device("devices/pci0000:00/block/sdx", "sdx", "8:16");
        Path sdx1 = device("devices/pci0000:00/block/sdx/sdx1", "sdx1", "8:17");
        Files.writeString(sdx1.resolve("partition"), "1\n");
        Path dm = device("devices/virtual/block/dm-0", "dm-0", "253:7");
        Files.createDirectories(dm.resolve("slaves"));
        Files.createSymbolicLink(dm.resolve("slaves/sdx1"), sdx1);
        Path loop = device("devices/virtual/block/loop7", "loop7", "7:7");
        backingFile = Files.writeString(root.resolve("image"), "");
        Files.createDirectories(loop.resolve("loop"));
        Files.writeString(loop.resolve("loop/backing_file"), backingFile + "\n");
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("self/mountinfo"), "22 1 0:99 / / rw - tmpfs none rw\n");
        assertEquals(Set.of("sdx"), disks().ofDevice(SysfsBlockDevice.named("sdx", sys)), "sanity: " + sdx);
    }

    private Path device(String relative, String name, String majorMinor) throws IOException {
        Path dir = Files.createDirectories(sys.resolve(relative));
        Files.writeString(dir.resolve("dev"), majorMinor + "\n");
        Files.writeString(dir.resolve("size"), "2048\n");
        Files.createSymbolicLink(sys.resolve("class/block/" + name), dir);
        Files.createSymbolicLink(sys.resolve("dev/block/" + majorMinor), dir);
        return dir;
    }

    private BackingDisks disks() {
        return new BackingDisks(proc, sys);
    }

    @Test
    void partitionIsItsDisk() {
        assertEquals(Set.of("sdx"), disks().ofDevice(SysfsBlockDevice.named("sdx1", sys)));
    }

    @Test
    void deviceMapperReachesTheDisksOfItsMembers() {
        assertEquals(Set.of("dm-0", "sdx"), disks().ofDevice(SysfsBlockDevice.named("dm-0", sys)));
    }

    @Test
    void loopDeviceReachesTheDiskOfItsBackingFile() throws IOException {
        long dev = (Long) Files.getAttribute(root, "unix:dev");
        String majorMinor = SysfsBlockDevice.decode(dev);
        assumeFalse(majorMinor.startsWith("0:"), "the test directory is on an anonymous device (tmpfs)");
        // The test's own directory is on some real disk: let the fake tree say it is sdx.
        Files.createSymbolicLink(sys.resolve("dev/block/" + majorMinor), sys.resolve("devices/pci0000:00/block/sdx"));
        assertEquals(Set.of("loop7", "sdx"), disks().ofDevice(SysfsBlockDevice.named("loop7", sys)));
        assertEquals(Set.of("sdx"), disks().ofPath(root.resolve("not/yet/written.sbt")), "the nearest existing directory counts");
    }

    @Test
    void fileOnAnAnonymousDeviceWithoutABlockSourceIsOnNoDisk() throws IOException {
        long dev = (Long) Files.getAttribute(root, "unix:dev");
        String majorMinor = SysfsBlockDevice.decode(dev);
        // Not in the fake tree, and the fake mountinfo's source "none" is no block device.
        assumeFalse(Files.exists(sys.resolve("dev/block/" + majorMinor)));
        assertEquals(Set.of(), disks().ofPath(root.resolve("t.sbt")));
    }

    @Test
    void decodesGlibcDevT() {
        assertEquals("8:16", SysfsBlockDevice.decode(0x810));
        assertEquals("259:3", SysfsBlockDevice.decode((259L << 8) | 3));
        assertEquals("300:70000", SysfsBlockDevice.decode(makedev(300, 70000)));
    }

    /** glibc's makedev(3). */
    private static long makedev(long major, long minor) {
        return (major & 0xfffL) << 8 | (major & ~0xfffL) << 32 | (minor & 0xffL) | (minor & ~0xffL) << 12;
    }
}
