package org.sbench.target;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.SbenchException;

/**
 * Opens the target a user names: {@code null} is the {@link NullTarget} (a file called "null" is
 * written {@code ./null}); a block device (or a symlink to one, e.g. under /dev/disk/by-id) is a
 * {@link BlockDeviceTarget}, checked by {@link TargetSafety} first unless the replay is read-only;
 * a regular file, or a path that does not exist yet, is a {@link FileTarget}.
 */
public final class Targets {
    private static final Path PROC = Path.of("/proc");
    private static final Path SYS = Path.of("/sys");

    private Targets() {
    }

    /**
     * Opens {@code spec} as {@code settings} say.
     *
     * @throws SbenchException UNSAFE_TARGET when writing to a block device is refused, USAGE for a
     *                         path that cannot be a target or a file without a size, SYSTEM_FAILURE
     *                         for a failed call
     */
    public static Target open(String spec, TargetSettings settings) {
        if (spec.equals(NullTarget.NAME)) {
            if (settings.sizeBytes().isPresent() && settings.sizeBytes().getAsLong() < NullTarget.BLOCK_SIZE) {
                throw SbenchException.usage("--size " + settings.sizeBytes().getAsLong()
                        + " for the null target: expected at least " + NullTarget.BLOCK_SIZE + " bytes");
            }
            return new NullTarget(settings.sizeBytes().orElse(NullTarget.DEFAULT_CAPACITY_BYTES));
        }
        Path path = Path.of(spec);
        if (SysfsBlockDevice.isBlockDevice(path)) {
            SysfsBlockDevice device = SysfsBlockDevice.ofDeviceNode(path, SYS);
            if (!settings.readOnly()) {
                new TargetSafety(PROC, SYS).checkWritable(path, settings.allowWrite(), settings.force());
            }
            return BlockDeviceTarget.open(spec, device, settings.readOnly(), settings.allowMerges());
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            String what = Files.isDirectory(path) ? "a directory" : "neither a regular file nor a block device";
            throw SbenchException.usage(spec + " is " + what + "; expected a block device, a file or null");
        }
        return FileTarget.open(path, settings.sizeBytes(), settings.readOnly(), PROC);
    }
}
