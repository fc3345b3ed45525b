// Whether the recorded disks are still the ones the recording began with.
package org.sbench.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The disks of the recorded devices as sysfs showed them at the start: each one's
 * {@code MAJOR:MINOR} and {@code diskseq} (Linux 5.15+), a number the kernel raises whenever a
 * disk is made or its media changes, a loop device's at every attach and detach. A disk gone from
 * sysfs, or under another number or sequence number, is not the one being recorded: its device
 * number may be another disk's already, whose requests the events could not tell from its own.
 * Partitions are not looked at: their requests are the disk's, in a sector range fixed at the
 * start, and a partition table read again (partx, udev after a write to the whole disk) deletes
 * and adds them without changing the disk. Immutable.
 */
final class DevicePresence {
    private static final String DEV = "dev";
    private static final String DISKSEQ = "diskseq";

    private record Seen(RecordedDevice device, Optional<String> majorMinor, Optional<String> diskSeq) {
    }

    private final Path sysRoot;
    private final List<Seen> seen;

    private DevicePresence(Path sysRoot, List<Seen> seen) {
        this.sysRoot = sysRoot;
        this.seen = List.copyOf(seen);
    }

    /** The disks of {@code devices} as they are now, in {@code sysRoot} ({@code /sys}). */
    static DevicePresence of(DeviceSelection devices, Path sysRoot) {
        List<Seen> seen = new ArrayList<>();
        for (RecordedDevice d : devices.devices()) {
            seen.add(new Seen(d, attribute(sysRoot, d.diskName(), DEV), attribute(sysRoot, d.diskName(), DISKSEQ)));
        }
        return new DevicePresence(sysRoot, seen);
    }

    /** The first recorded device whose disk is gone or replaced since {@link #of}, or empty. Reads sysfs. */
    Optional<RecordedDevice> gone() {
        for (Seen s : seen) {
            Optional<String> dev = attribute(sysRoot, s.device().diskName(), DEV);
            if (dev.isEmpty() || !dev.equals(s.majorMinor()) || !attribute(sysRoot, s.device().diskName(), DISKSEQ).equals(s.diskSeq())) {
                return Optional.of(s.device());
            }
        }
        return Optional.empty();
    }

    /** {@code SYSROOT/class/block/NAME/ATTRIBUTE}, trimmed; empty when the disk or the attribute is not there. */
    private static Optional<String> attribute(Path sysRoot, String name, String attribute) {
        try {
            return Optional.of(Files.readString(sysRoot.resolve("class/block").resolve(name).resolve(attribute),
                    StandardCharsets.ISO_8859_1).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
