package org.sbench.step;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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
    /** An NVMe controller's name in its subsystem's directory (not a namespace's, {@code nvme0n1}). */
    private static final Pattern CONTROLLER = Pattern.compile("nvme[0-9]+");
    private static final Pattern HWMON = Pattern.compile("hwmon[0-9]+");

    /** Per member of the target, its disk's sysfs directory, or null when the member is no block device. */
    private final List<Path> disks;

    private DriveState(List<Path> disks) {
        this.disks = disks;
    }

    /** The state of {@code target}'s disks (its members'), of nothing where a member is no block device. */
    static DriveState of(Target target, Path sysBlock) {
        List<String> devices = new ArrayList<>();
        for (Target member : target.members()) {
            String device = member.describe().get(BlockDeviceTarget.KEY_PARTITION_OF);
            devices.add(device != null ? device : member.describe().get(BlockDeviceTarget.KEY_DEVICE));
        }
        return ofDevices(devices, sysBlock);
    }

    /** The state of the disks {@code devices} name ({@code /dev/nvme0n1}; null for a member that is none) under {@code sysBlock}. */
    static DriveState ofDevices(List<String> devices, Path sysBlock) {
        List<Path> disks = new ArrayList<>();
        for (String device : devices) {
            disks.add(device == null ? null : sysBlock.resolve(Path.of(device).getFileName()));
        }
        return new DriveState(disks);
    }

    /** The temperature in °C (the hottest member's), or null when none is exposed. */
    Double temperatureC() {
        Double hottest = null;
        for (Path disk : disks) {
            Double t = disk == null ? null : temperatureC(disk.resolve("device"));
            if (t != null && (hottest == null || t > hottest)) {
                hottest = t;
            }
        }
        return hottest;
    }

    /**
     * The hottest first sensor of the hwmon devices of {@code device} (a disk's {@code device}), where
     * drivers register them: under the device itself ({@code hwmonN}, an NVMe controller since Linux
     * 5.12 or so), in its {@code hwmon} class directory (SATA's drivetemp), or under its parent (an NVMe
     * controller's PCI device, older kernels). With NVMe native multipath a disk's {@code device} is
     * its subsystem, {@code nvme-subsysN}, which holds no sensor: its controllers ({@code nvmeN}) do.
     */
    private static Double temperatureC(Path device) {
        List<Path> holders = new ArrayList<>(List.of(device));
        holders.addAll(entries(device, "nvme[0-9]*", CONTROLLER));
        Double hottest = null;
        for (Path holder : holders) {
            for (Path hwmon : hwmons(holder)) {
                Double t = readMillidegrees(hwmon.resolve("temp1_input"));
                if (t != null && (hottest == null || t > hottest)) {
                    hottest = t;
                }
            }
        }
        return hottest;
    }

    private static List<Path> hwmons(Path holder) {
        List<Path> out = new ArrayList<>(entries(holder, "hwmon[0-9]*", HWMON));
        out.addAll(entries(holder.resolve("hwmon"), "hwmon[0-9]*", HWMON));
        out.addAll(entries(holder.resolve("device").resolve("hwmon"), "hwmon[0-9]*", HWMON));
        return out;
    }

    /** The directories in {@code dir} whose names match {@code glob} and {@code name}, in name order; none when it is no directory. */
    private static List<Path> entries(Path dir, String glob, Pattern name) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, glob)) {
            for (Path p : found) {
                if (name.matcher(p.getFileName().toString()).matches() && Files.isDirectory(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            return out;
        }
        out.sort(null);
        return out;
    }

    private static Double readMillidegrees(Path input) {
        try {
            return Long.parseLong(Files.readString(input).trim()) / MILLIDEGREES;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
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
