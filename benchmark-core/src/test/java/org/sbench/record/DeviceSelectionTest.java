// The devices of a recording as filters and streams, on hand-made devices (no root, no sysfs).
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.SteadyListing;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

class DeviceSelectionTest {
    private static final long MIB = 1 << 20;
    private static final int SDA = 8 << 20;
    private static final int NVME = 259 << 20;
    /** sda: 1 GB disk; sda1 from 1 MiB to 101 MiB, sda2 from 101 MiB to the end. */
    private static final RecordedDevice SDA1 = new RecordedDevice(0, "/dev/sda1", "sda1", "sda", SDA, "8:0", true, MIB, 101 * MIB, 1_000_000_000L);
    private static final RecordedDevice SDA2 = new RecordedDevice(1, "/dev/sda2", "sda2", "sda", SDA, "8:0", true, 101 * MIB, 1_000_000_000L,
            1_000_000_000L);
    private static final RecordedDevice NVME0 = new RecordedDevice(2, "/dev/nvme0n1", "nvme0n1", "nvme0n1", NVME, "259:0", false, 0,
            2_000_000_000L, 2_000_000_000L);

    @Test
    void wholeDiskFilterIsItsDeviceNumber() {
        DeviceSelection one = new DeviceSelection(List.of(new RecordedDevice(0, "/dev/nvme0n1", "nvme0n1", "nvme0n1", NVME, "259:0",
                false, 0, 2_000_000_000L, 2_000_000_000L)));
        assertEquals("dev == 271581184", one.completeFilter());
        assertEquals("dev == 271581184", one.issueFilter(0));
        assertEquals("dev == 271581184 && common_pid != 4321", one.issueFilter(4321));
    }

    @Test
    void partitionFilterIsItsDisksNumberAndSectorRangeOrNoSectors() {
        DeviceSelection sel = new DeviceSelection(List.of(SDA1, SDA2, NVME0));
        String sda1 = "(dev == 8388608 && (nr_sector == 0 || (sector >= 2048 && sector < 206848)))";
        String sda2 = "(dev == 8388608 && (nr_sector == 0 || (sector >= 206848 && sector < 1953125)))";
        assertEquals(sda1 + " || " + sda2 + " || dev == 271581184", sel.completeFilter());
        assertEquals("(" + sda1 + " || " + sda2 + " || dev == 271581184) && common_pid != 7", sel.issueFilter(7));
        assertEquals(Set.of("sda", "nvme0n1"), sel.diskNames());
    }

    @Test
    void requestsGoToTheStreamOfTheirDeviceAndFlushesToTheFirstOfTheirDisk() {
        DeviceSelection sel = new DeviceSelection(List.of(SDA1, SDA2, NVME0));
        assertEquals(0, sel.streamOf(io(SDA, MIB, Op.READ)));
        assertEquals(0, sel.streamOf(io(SDA, 101 * MIB - 512, Op.WRITE)));
        assertEquals(1, sel.streamOf(io(SDA, 101 * MIB, Op.WRITE)));
        assertEquals(-1, sel.streamOf(io(SDA, 0, Op.READ)), "the partition table, outside both partitions");
        assertEquals(0, sel.streamOf(io(SDA, 0, Op.FLUSH)));
        assertEquals(2, sel.streamOf(io(NVME, 0, Op.READ)));
        assertEquals(-1, sel.streamOf(io(SDA | 16, 0, Op.READ)), "another disk");
    }

    @Test
    void missingPathAndPlainFileAreUsageErrors(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertUsage(dir.resolve("nope"), ": no such device; ");
        assertUsage(file, " is not a block device; expected a disk or partition; ");
    }

    /** {@code path} refused as "--device PATH" + {@code why} + the block devices there are. */
    private static void assertUsage(Path path, String why) {
        SteadyListing.Taken<SbenchException> e = SteadyListing.around(() -> assertThrows(SbenchException.class,
                () -> DeviceSelection.resolve(List.of(path.toString()), Path.of("/sys"))));
        assertEquals(ErrorKind.USAGE, e.result().kind());
        assertEquals("--device " + path + why + e.listing(), e.result().getMessage());
    }

    @Test
    void kernelDevNumberHasTwentyMinorBits() {
        assertEquals((259 << 20) | 3, RecordedDevice.kernelDev("259:3"));
        assertEquals(7 << 20, RecordedDevice.kernelDev("7:0"));
    }

    @Test
    void descriptionsSayWhatOffsetsMean() {
        assertEquals("/dev/sda1 (partition sda1 of /dev/sda 8:0, bytes 1048576 to 105906176; offsets are relative to the whole disk)",
                SDA1.describe());
        assertEquals("/dev/nvme0n1 (259:0, 2000.0 MB)", NVME0.describe());
    }

    private static IoRecord io(int dev, long offset, Op op) {
        IoRecord r = new IoRecord();
        r.stream = dev;
        r.offsetBytes = op == Op.FLUSH ? 0 : offset;
        r.lengthBytes = op == Op.FLUSH ? 0 : 4096;
        r.op = op;
        return r;
    }
}
