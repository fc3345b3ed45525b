package org.sbench.step;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.Target;

/**
 * What a drive says of itself through sysfs, for the state log: its temperature (hwmon, where the
 * driver registers one: NVMe, and SATA with the drivetemp module) and the kernel's counters of the
 * device since boot (sectors written, discarded). Nothing for files and the null target.
 */
final class DriveState {
    private static final double MILLIDEGREES = 1000.0;
    private static final int SECTORS_WRITTEN = 6;
    private static final int SECTORS_DISCARDED = 13;

    private final Path disk;

    private DriveState(Path disk) {
        this.disk = disk;
    }

    /** The state of {@code target}'s disk, or of nothing when it is no block device. */
    static DriveState of(Target target, Path sysBlock) {
        String device = target.describe().get(BlockDeviceTarget.KEY_PARTITION_OF);
        if (device == null) {
            device = target.describe().get(BlockDeviceTarget.KEY_DEVICE);
        }
        return new DriveState(device == null ? null : sysBlock.resolve(Path.of(device).getFileName()));
    }

    /** The temperature in °C, or null when none is exposed. */
    Double temperatureC() {
        if (disk == null) {
            return null;
        }
        for (String glob : new String[] {"device/hwmon*", "device/hwmon/hwmon*"}) {
            Double t = firstTemperature(glob);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private Double firstTemperature(String glob) {
        Path parent = disk.resolve(glob).getParent();
        if (!Files.isDirectory(parent)) {
            return null;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, disk.resolve(glob).getFileName().toString())) {
            for (Path hwmon : dirs) {
                Path input = hwmon.resolve("temp1_input");
                if (Files.isReadable(input)) {
                    return Long.parseLong(Files.readString(input).trim()) / MILLIDEGREES;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** The kernel's counters of the disk since boot, by name; empty when there are none. */
    Map<String, String> health() {
        Map<String, String> out = new LinkedHashMap<>();
        if (disk == null) {
            return out;
        }
        try {
            String[] f = Files.readString(disk.resolve("stat")).trim().split("\\s+");
            out.put("kernelSectorsWritten", f[SECTORS_WRITTEN]);
            if (f.length > SECTORS_DISCARDED) {
                out.put("kernelSectorsDiscarded", f[SECTORS_DISCARDED]);
            }
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return out;
        }
        return out;
    }
}
