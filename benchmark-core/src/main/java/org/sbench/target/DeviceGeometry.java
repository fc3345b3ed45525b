// How large a device (or file) is and in what blocks it takes IO, read without opening it.
package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.sbench.SbenchException;

/**
 * The capacity and logical block size of a block device (from sysfs: {@code size} and the disk's
 * {@code queue/logical_block_size}) or of a regular file (its size; blocks of
 * {@link FileTarget#BLOCK_SIZE}), read without opening it: for a trace that another tool will
 * replay there ({@code convert --fio-device}).
 */
public record DeviceGeometry(long capacityBytes, int logicalBlockBytes) {
    /** The block size assumed where the device is not here to ask: the smallest any drive has, so that no IO is widened. */
    public static final int UNKNOWN_BLOCK_BYTES = 512;

    /** The geometry of {@code path}; a usage error naming {@code option} when it is neither a block device nor a file here. */
    public static DeviceGeometry of(Path path, String option) {
        return here(path).orElseThrow(() -> notHere(path, option));
    }

    /**
     * The logical block size of {@code path} where it is a block device or a file here, else {@link #UNKNOWN_BLOCK_BYTES}
     * (a name another machine has, or a device with no blocks, /dev/null): for a capacity given, not read. A bare name
     * of a block device here ({@code sdb} for /dev/sdb), which a log would name as a file, is a usage error naming
     * {@code option}, as without a capacity.
     */
    public static int blockBytesOf(Path path, String option) {
        Optional<DeviceGeometry> geometry = here(path);
        if (geometry.isEmpty() && SysfsBlockDevice.namedWithoutDev(path.toString()).isPresent()) {
            throw notHere(path, option);
        }
        return geometry.map(DeviceGeometry::logicalBlockBytes).orElse(UNKNOWN_BLOCK_BYTES);
    }

    private static Optional<DeviceGeometry> here(Path path) {
        if (SysfsBlockDevice.isBlockDevice(path)) {
            SysfsBlockDevice dev = SysfsBlockDevice.ofDeviceNode(path, Path.of("/sys"));
            int block = Integer.parseInt(dev.disk().attribute("queue/logical_block_size").orElse(Integer.toString(UNKNOWN_BLOCK_BYTES)));
            return Optional.of(new DeviceGeometry(dev.sizeBytes(), block));
        }
        if (Files.isRegularFile(path)) {
            try {
                return Optional.of(new DeviceGeometry(Files.size(path), FileTarget.BLOCK_SIZE));
            } catch (IOException e) {
                throw SbenchException.ioFailure("read the size of", path, e);
            }
        }
        return Optional.empty();
    }

    private static SbenchException notHere(Path path, String option) {
        return SysfsBlockDevice.namedWithoutDev(path.toString())
                .map(device -> SbenchException.usage(option + " " + path + ": there is no such file here, and " + device
                        + " is a block device: name it so"))
                .orElseGet(() -> SbenchException.usage(option + " " + path + ": no block device or file of that name here; give"
                        + " its capacity with --capacity SIZE"));
    }
}
