// Whether the recorded devices are still the ones the recording began with.
package org.sbench.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The recorded devices as sysfs showed them at the start: each device's {@code MAJOR:MINOR} and
 * its disk's {@code diskseq} (Linux 5.15+), a number the kernel raises whenever a disk is made or
 * its media changes, a loop device's at every attach and detach. A device gone from sysfs, or
 * under another number or sequence number, is not the one being recorded: its device number may
 * be another device's already, whose requests the events could not tell from its own. Immutable.
 */
final class DevicePresence {
    private static final String DEV = "dev";
    private static final String DISKSEQ = "diskseq";

    private record Seen(RecordedDevice device, String majorMinor, Optional<String> diskSeq) {
    }

    private final Path sysRoot;
    private final List<Seen> seen;

    private DevicePresence(Path sysRoot, List<Seen> seen) {
        this.sysRoot = sysRoot;
        this.seen = List.copyOf(seen);
    }

    /** The devices of {@code devices} as they are now. */
    static DevicePresence of(DeviceSelection devices, Path sysRoot) {
        List<Seen> seen = new ArrayList<>();
        for (RecordedDevice d : devices.devices()) {
            seen.add(new Seen(d, attribute(sysRoot, d.name(), DEV).orElse(""), attribute(sysRoot, d.diskName(), DISKSEQ)));
        }
        return new DevicePresence(sysRoot, seen);
    }

    /** The first recorded device that is gone or replaced since {@link #of}, or empty. Reads sysfs. */
    Optional<RecordedDevice> gone() {
        for (Seen s : seen) {
            if (!attribute(sysRoot, s.device().name(), DEV).orElse("").equals(s.majorMinor())
                    || !attribute(sysRoot, s.device().diskName(), DISKSEQ).equals(s.diskSeq())) {
                return Optional.of(s.device());
            }
        }
        return Optional.empty();
    }

    /** {@code /sys/class/block/NAME/ATTRIBUTE}, trimmed; empty when the device or the attribute is not there. */
    private static Optional<String> attribute(Path sysRoot, String name, String attribute) {
        try {
            return Optional.of(Files.readString(sysRoot.resolve("class/block").resolve(name).resolve(attribute),
                    StandardCharsets.ISO_8859_1).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
