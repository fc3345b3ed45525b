// Which disks the IO to a file or block device reaches: partitions, device-mapper, md and loop followed down.
package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.sbench.SbenchException;

/**
 * The whole disks that writing to a file or a block device makes IO on: the device itself (a
 * partition counts as its disk), the members of a device-mapper or md device (sysfs
 * {@code slaves/}), and for a loop device the disks under its backing file, followed down
 * recursively; every disk on the way is included. A file is on the device its filesystem reports
 * ({@code st_dev}), or, for filesystems with an anonymous device number (btrfs, overlay), on the
 * mount source in {@code /proc/self/mountinfo}. Names are sysfs names ({@code sda},
 * {@code nvme0n1}, {@code loop3}, {@code dm-0}). Stateless and thread-safe.
 */
public final class BackingDisks {
    /** Stacks deeper than this (a loop over a file on a loop over ...) are not followed further. */
    private static final int MAX_DEPTH = 16;
    /** The major number of anonymous devices (tmpfs, btrfs subvolumes, overlay, NFS). */
    private static final String ANONYMOUS_MAJOR = "0:";

    private final Path procRoot;
    private final Path sysRoot;

    public BackingDisks(Path procRoot, Path sysRoot) {
        this.procRoot = procRoot;
        this.sysRoot = sysRoot;
    }

    /** The disks of this system ({@code /proc}, {@code /sys}). */
    public static BackingDisks system() {
        return new BackingDisks(Path.of("/proc"), Path.of("/sys"));
    }

    /**
     * The disks holding {@code path}, or its nearest existing ancestor when it does not exist yet
     * (an output file about to be written); empty when its filesystem is on no block device
     * (tmpfs, NFS, FUSE).
     */
    public Set<String> ofPath(Path path) {
        Set<String> disks = new TreeSet<>();
        addPath(path, disks, 0);
        return disks;
    }

    /** The disks under {@code device}, itself (or its disk, for a partition) included. */
    public Set<String> ofDevice(SysfsBlockDevice device) {
        Set<String> disks = new TreeSet<>();
        addDevice(device, disks, 0);
        return disks;
    }

    private void addPath(Path path, Set<String> disks, int depth) {
        Path existing = path.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || depth > MAX_DEPTH) {
            return;
        }
        Path real;
        long dev;
        try {
            real = existing.toRealPath();
            dev = (Long) Files.getAttribute(real, "unix:dev");
        } catch (IOException e) {
            throw SbenchException.ioFailure("stat", existing, e);
        }
        String majorMinor = SysfsBlockDevice.decode(dev);
        Optional<SysfsBlockDevice> device = majorMinor.startsWith(ANONYMOUS_MAJOR) ? Optional.empty()
                : SysfsBlockDevice.ofMajorMinor(majorMinor, sysRoot);
        if (device.isEmpty()) {
            device = mountSource(real);
        }
        device.ifPresent(d -> addDevice(d, disks, depth + 1));
    }

    /** The block device a mount names as its source, for filesystems whose st_dev is anonymous. */
    private Optional<SysfsBlockDevice> mountSource(Path real) {
        Optional<MountTable.Mount> mount = MountTable.read(procRoot).mountOf(real);
        if (mount.isEmpty() || !mount.get().source().startsWith("/")) {
            return Optional.empty();
        }
        Path source = Path.of(mount.get().source());
        if (!SysfsBlockDevice.isBlockDevice(source)) {
            return Optional.empty();
        }
        return SysfsBlockDevice.ofMajorMinor(SysfsBlockDevice.majorMinorOf(source), sysRoot);
    }

    private void addDevice(SysfsBlockDevice device, Set<String> disks, int depth) {
        SysfsBlockDevice disk = device.disk();
        if (depth > MAX_DEPTH || !disks.add(disk.name())) {
            return;
        }
        for (String member : disk.slaves()) {
            addDevice(SysfsBlockDevice.named(member, sysRoot), disks, depth + 1);
        }
        Optional<String> backingFile = disk.attribute("loop/backing_file");
        if (backingFile.isPresent() && backingFile.get().startsWith("/")) {
            // The kernel appends " (deleted)" to a backing file removed while attached: nothing to follow then.
            addPath(Path.of(backingFile.get()), disks, depth + 1);
        }
    }
}
