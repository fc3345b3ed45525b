package org.sbench.step;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.Target;

/**
 * What a drive says of itself through sysfs, for the state log: its temperature (hwmon, where the
 * driver registers one: NVMe, and SATA with the drivetemp module) and the kernel's counters of the
 * device since boot (sectors written, discarded). Nothing for files and the null target. A striped
 * target's drives are its members: the hottest member's temperature, the counters summed over the
 * members and also each member's ({@code member0.kernelSectorsWritten}, ...).
 */
final class DriveState {
    private static final double MILLIDEGREES = 1000.0;
    private static final int SECTORS_WRITTEN = 6;
    private static final int SECTORS_DISCARDED = 13;
    private static final String WRITTEN = "kernelSectorsWritten";
    private static final String DISCARDED = "kernelSectorsDiscarded";

    /** Per member of the target, its disk's sysfs directory, or null when the member is no block device. */
    private final List<Path> disks;

    private DriveState(List<Path> disks) {
        this.disks = disks;
    }

    /** The state of {@code target}'s disks (its members'), of nothing where a member is no block device. */
    static DriveState of(Target target, Path sysBlock) {
        List<Path> disks = new ArrayList<>();
        for (Target member : target.members()) {
            String device = member.describe().get(BlockDeviceTarget.KEY_PARTITION_OF);
            if (device == null) {
                device = member.describe().get(BlockDeviceTarget.KEY_DEVICE);
            }
            disks.add(device == null ? null : sysBlock.resolve(Path.of(device).getFileName()));
        }
        return new DriveState(disks);
    }

    /** The temperature in °C (the hottest member's), or null when none is exposed. */
    Double temperatureC() {
        Double hottest = null;
        for (Path disk : disks) {
            Double t = temperatureC(disk);
            if (t != null && (hottest == null || t > hottest)) {
                hottest = t;
            }
        }
        return hottest;
    }

    private static Double temperatureC(Path disk) {
        if (disk == null) {
            return null;
        }
        for (String glob : new String[] {"device/hwmon*", "device/hwmon/hwmon*"}) {
            Double t = firstTemperature(disk, glob);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private static Double firstTemperature(Path disk, String glob) {
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

    /**
     * The kernel's counters of the disk since boot, by name; for several members their sums, then each
     * member's by {@code memberN.} and name; empty when there are none.
     */
    Map<String, String> health() {
        if (disks.size() == 1) {
            return counters(disks.get(0));
        }
        Map<String, String> each = new LinkedHashMap<>();
        Map<String, Long> sums = new LinkedHashMap<>();
        for (int m = 0; m < disks.size(); m++) {
            for (Map.Entry<String, String> c : counters(disks.get(m)).entrySet()) {
                each.put("member" + m + "." + c.getKey(), c.getValue());
                sums.merge(c.getKey(), Long.parseLong(c.getValue()), Long::sum);
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        sums.forEach((k, v) -> out.put(k, Long.toString(v)));
        out.putAll(each);
        return out;
    }

    private static Map<String, String> counters(Path disk) {
        Map<String, String> out = new LinkedHashMap<>();
        if (disk == null) {
            return out;
        }
        try {
            String[] f = Files.readString(disk.resolve("stat")).trim().split("\\s+");
            out.put(WRITTEN, f[SECTORS_WRITTEN]);
            if (f.length > SECTORS_DISCARDED) {
                out.put(DISCARDED, f[SECTORS_DISCARDED]);
            }
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return out;
        }
        return out;
    }
}
