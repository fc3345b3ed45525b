package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drive's temperature and counters read from sysfs trees laid out as the kernel lays them out
 * (directories and symbolic links under a root of the test's), one layout per driver.
 */
class DriveStateTest {
    /** {@code sys/block/DISK/device} linked to {@code sys/devices/DEVICE}, as sysfs links a disk to its device. */
    private static Path disk(Path sys, String disk, String device) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("block").resolve(disk));
        Path target = Files.createDirectories(sys.resolve("devices").resolve(device));
        Files.createSymbolicLink(dir.resolve("device"), dir.relativize(target));
        return target;
    }

    private static void sensor(Path dir, long millidegrees) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("temp1_input"), millidegrees + "\n");
        Files.writeString(dir.resolve("name"), "nvme\n");
    }

    private static DriveState state(Path sys, String... devices) {
        return DriveState.ofDevices(Arrays.asList(devices), sys.resolve("block"));
    }

    @Test
    void anNvmeControllersOwnSensorIsTheTemperature(@TempDir Path sys) throws Exception {
        Path controller = disk(sys, "nvme0n1", "pci0000:00/0000:00:04.0/nvme/nvme0");
        sensor(controller.resolve("hwmon2"), 38_850);
        assertEquals(38.85, state(sys, "/dev/nvme0n1").temperatureC());
    }

    @Test
    void withNativeMultipathTheSensorIsFoundThroughTheSubsystemsControllers(@TempDir Path sys) throws Exception {
        Path subsystem = disk(sys, "nvme0n1", "virtual/nvme-subsystem/nvme-subsys0");
        Files.createDirectories(subsystem.resolve("nvme0n1"));
        for (int c = 0; c < 2; c++) {
            Path controller = Files.createDirectories(sys.resolve("devices/pci0000:00/0000:00:0" + (4 + c) + ".0/nvme/nvme" + c));
            Files.createSymbolicLink(subsystem.resolve("nvme" + c), subsystem.relativize(controller));
            sensor(controller.resolve("hwmon" + (3 + c)), 41_000 + 1_000 * c);
        }
        assertEquals(42.0, state(sys, "/dev/nvme0n1").temperatureC(), "the hotter path's controller of the one drive");
    }

    @Test
    void aSataDrivetempSensorAndAnOlderKernelsNvmeSensorOnThePciDeviceAreFound(@TempDir Path sys) throws Exception {
        Path sata = disk(sys, "sda", "pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0");
        sensor(sata.resolve("hwmon/hwmon1"), 35_000);
        Path pci = Files.createDirectories(sys.resolve("devices/pci0000:00/0000:00:05.0"));
        Path controller = disk(sys, "nvme1n1", "pci0000:00/0000:00:05.0/nvme/nvme1");
        Files.createSymbolicLink(controller.resolve("device"), controller.relativize(pci));
        sensor(pci.resolve("hwmon/hwmon0"), 51_500);
        assertEquals(35.0, state(sys, "/dev/sda").temperatureC());
        assertEquals(51.5, state(sys, "/dev/nvme1n1").temperatureC());
        assertEquals(51.5, state(sys, "/dev/sda", "/dev/nvme1n1").temperatureC(), "a stripe's hottest member");
    }

    @Test
    void noSensorNoDeviceOrNoDiskGivesNoTemperatureAndTheCountersComeFromStat(@TempDir Path sys) throws Exception {
        disk(sys, "vda", "pci0000:00/0000:00:03.0/virtio1");
        Files.writeString(sys.resolve("block/vda/stat"), "  100 0 800 5 40 0 2048 9 0 12 14 3 0 4096 1 0 0\n");
        assertNull(state(sys, "/dev/vda").temperatureC());
        assertNull(state(sys, (String) null).temperatureC(), "a member that is a file");
        assertNull(state(sys, "/dev/sdz").temperatureC(), "a disk sysfs does not show");
        assertEquals(Map.of("kernelSectorsWritten", "2048", "kernelSectorsDiscarded", "4096"), state(sys, "/dev/vda").health());
        assertEquals(List.of(), List.copyOf(state(sys, "/dev/sdz").health().keySet()));
    }
}
