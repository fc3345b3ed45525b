// One device being recorded: where its requests appear (the disk's queue) and which sectors are its own.
package org.sbench.record;

import java.util.Locale;
import org.sbench.trace.DeviceNumbers;
import org.sbench.trace.format.blockevents.BlockEventFields;

/**
 * One {@code --device} of a recording. The block request events are raised on a whole disk's
 * request queue, with the disk's device number and sectors counted from the start of the disk; so
 * a partition is recorded as its disk's events within the partition's sector range, and its
 * offsets stay relative to the whole disk.
 *
 * @param stream        position among the recorded devices (the trace's stream when there are several)
 * @param path          the path the user gave ({@code /dev/sda1}, a /dev/disk/by-id link)
 * @param name          sysfs name ({@code sda1})
 * @param diskName      the whole disk's sysfs name ({@code sda}; the same as name for a disk)
 * @param diskDev       the disk's device number as the kernel's events carry it, {@code (major << 20) | minor}
 * @param diskMajorMinor the disk's {@code MAJOR:MINOR}
 * @param partition     whether this is a partition of {@code diskName}
 * @param startBytes    first byte of the device on the disk (0 for a disk)
 * @param endBytes      end (exclusive) of the device on the disk
 * @param diskBytes     capacity of the whole disk
 */
public record RecordedDevice(int stream, String path, String name, String diskName, int diskDev, String diskMajorMinor,
        boolean partition, long startBytes, long endBytes, long diskBytes) {

    /** The kernel's internal dev_t of sysfs {@code MAJOR:MINOR}, as the block events' {@code dev} field holds it. */
    static int kernelDev(String majorMinor) {
        int colon = majorMinor.indexOf(':');
        return DeviceNumbers.of(Long.parseLong(majorMinor.substring(0, colon)), Long.parseLong(majorMinor.substring(colon + 1)));
    }

    /** True if the range [offsetBytes, offsetBytes + lengthBytes) starts on this device. */
    boolean holds(long offsetBytes) {
        return offsetBytes >= startBytes && offsetBytes < endBytes;
    }

    /**
     * The tracefs filter selecting this device's requests: the disk's number, and for a partition
     * its sector range or no sectors at all (flushes, which belong to the whole disk).
     */
    String filter() {
        String dev = "dev == " + diskDev;
        if (!partition) {
            return dev;
        }
        return "(" + dev + " && (nr_sector == 0 || (sector >= " + startBytes / BlockEventFields.SECTOR_BYTES
                + " && sector < " + endBytes / BlockEventFields.SECTOR_BYTES + ")))";
    }

    /** One line for people: {@code /dev/sda1 (partition 2 of /dev/sda, 8:0, from byte 1048576, 512.0 MB)}. */
    String describe() {
        if (!partition) {
            return path + " (" + diskMajorMinor + ", " + String.format(Locale.ROOT, "%.1f MB", diskBytes / 1e6) + ")";
        }
        return path + " (partition " + name + " of /dev/" + diskName + " " + diskMajorMinor + ", bytes " + startBytes
                + " to " + endBytes + "; offsets are relative to the whole disk)";
    }
}
