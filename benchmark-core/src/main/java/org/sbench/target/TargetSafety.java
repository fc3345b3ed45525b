package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * Decides whether sbench may write to a block device or an existing file, before it is opened for
 * writing.
 *
 * <p>Refused always, with no override: the device or one of its partitions is mounted (matched by
 * device number in {@code /proc/self/mountinfo}, or by the mount source's device node), is active
 * swap ({@code /proc/swaps}), or is held by another driver (device-mapper, LVM, md: a non-empty
 * {@code /sys/class/block/NAME/holders}, for the device and each partition). Refused unless the
 * user says so: any write without {@code --allow-write}, and writes over a recognised partition
 * table or filesystem ({@link DiskSignatures}) without {@code --force}. Each refusal is an
 * {@link ErrorKind#UNSAFE_TARGET} exception whose one-line message says why and what would be
 * overwritten. Reads need none of this. The exclusive open that follows ({@link BlockDeviceTarget})
 * closes the gap to mounts made after the check and in other mount namespaces. An existing file
 * gets the same rules ({@link #checkWritableFile}); a file backing a loop device is refused.
 *
 * <p>The proc and sys roots are parameters so the in-use checks can be tested on a fake tree.
 */
public final class TargetSafety {
    /** The option that allows writes to a block device at all. */
    public static final String ALLOW_WRITE_OPTION = "--allow-write";
    /** The option that allows writes over a recognised partition table or filesystem. */
    public static final String FORCE_OPTION = "--force";

    private static final String[] DECIMAL_UNITS = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    private static final int THOUSAND = 1000;
    private static final int SWAPS_HEADER_LINES = 1;

    private final Path procRoot;
    private final Path sysRoot;

    /** Checks against the running system's /proc and /sys. */
    public TargetSafety() {
        this(Path.of("/proc"), Path.of("/sys"));
    }

    TargetSafety(Path procRoot, Path sysRoot) {
        this.procRoot = procRoot;
        this.sysRoot = sysRoot;
    }

    /**
     * All checks for writing to block device {@code device}, in the order a user fixes them: in
     * use (no override), then {@code allowWrite}, then {@code force} over a signature.
     *
     * @throws SbenchException {@link ErrorKind#UNSAFE_TARGET} naming the reason
     */
    public void checkWritable(Path device, boolean allowWrite, boolean force) {
        SysfsBlockDevice dev = SysfsBlockDevice.ofDeviceNode(device, sysRoot);
        checkNotInUse(device.toString(), dev);
        checkPermission(identify(device), signature(device), allowWrite, force, "");
    }

    /**
     * All checks for writing to {@code file}, an existing regular file (a file sbench creates needs
     * none), as for a device: refused with no override when the file backs a loop device (mounted
     * or not: sbench cannot keep a loop device from being mounted during the run, as it does a
     * device it opens exclusively), is active swap or is one of the command's
     * {@link TargetSettings#inputs}; then {@code allowWrite}, then {@code force} over a signature or
     * over user data that is no drive image ({@link FileContent}: a trace, a result, text). Files
     * are matched by device and inode number, not by path.
     *
     * @throws SbenchException {@link ErrorKind#UNSAFE_TARGET} naming the reason
     */
    public void checkWritableFile(Path file, TargetSettings settings) {
        FileKey key = FileKey.of(file).orElseThrow(() -> new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot stat " + file));
        for (SysfsBlockDevice loop : SysfsBlockDevice.all(sysRoot)) {
            Optional<String> backing = loop.attribute("loop/backing_file");
            if (backing.isPresent() && FileKey.of(Path.of(backing.get())).equals(Optional.of(key))) {
                checkNotInUse(file + " backs " + loop.devPath() + ", which", loop);
                throw new SbenchException(ErrorKind.UNSAFE_TARGET, file + " backs loop device " + loop.devPath()
                        + ", which could be mounted during the run; sbench never writes to a file under a loop device:"
                        + " replay onto " + loop.devPath() + " instead, or detach it (losetup -d " + loop.devPath() + ")");
            }
        }
        for (String swap : swaps()) {
            if (FileKey.of(Path.of(swap)).equals(Optional.of(key))) {
                throw new SbenchException(ErrorKind.UNSAFE_TARGET, file + " is in use as swap (" + procRoot.resolve("swaps")
                        + "); sbench never writes to a swap file");
            }
        }
        for (Path input : settings.inputs()) {
            if (FileKey.of(input).equals(Optional.of(key))) {
                String same = input.equals(file) ? "" : " the same file as " + input + ",";
                throw new SbenchException(ErrorKind.UNSAFE_TARGET, file + " is" + same + " a file this command reads;"
                        + " writing destroys it: name another file as the target");
            }
        }
        long sizeBytes;
        try {
            sizeBytes = Files.size(file);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read the size of", file, e);
        }
        Optional<String> signature = DiskSignatures.read(file, sizeBytes).or(() -> FileContent.recognise(file));
        checkPermission("file " + file + " (" + decimalSize(sizeBytes) + ")", signature, settings.allowWrite(), settings.force(),
                "name a new file, or ");
    }

    /**
     * {@code allowWrite} for any write, and {@code force} as well over a signature, of the target
     * {@code identity}; over a signature {@code otherWay} comes before the advice to add the options
     * (a user who swapped trace and target is told to name a new file first, not to destroy it).
     */
    private static void checkPermission(String identity, Optional<String> signature, boolean allowWrite, boolean force,
            String otherWay) {
        if (!allowWrite) {
            String needed = signature.isPresent() && !force ? ALLOW_WRITE_OPTION + " " + FORCE_OPTION : ALLOW_WRITE_OPTION;
            String holds = signature.map(sig -> "carries " + sig).orElse("carries no recognised partition table or filesystem");
            throw new SbenchException(ErrorKind.UNSAFE_TARGET, "writing overwrites " + identity + ", which " + holds
                    + "; " + (signature.isPresent() ? otherWay : "") + "add " + needed + " to proceed");
        }
        if (signature.isPresent() && !force) {
            throw new SbenchException(ErrorKind.UNSAFE_TARGET, identity + " carries " + signature.get()
                    + "; writing destroys it; " + otherWay + "add " + FORCE_OPTION + " to proceed");
        }
    }

    /**
     * Refuses a device the kernel is using: mounted, swap, or held by another driver, itself or
     * through one of its partitions. There is no override.
     *
     * @throws SbenchException {@link ErrorKind#UNSAFE_TARGET} naming the first use found
     */
    void checkNotInUse(String shown, SysfsBlockDevice dev) {
        List<SysfsBlockDevice> all = new ArrayList<>();
        all.add(dev);
        all.addAll(dev.partitions());
        List<String> numbers = new ArrayList<>();
        for (SysfsBlockDevice d : all) {
            numbers.add(d.majorMinor());
        }
        for (MountTable.Mount m : MountTable.read(procRoot).mounts()) {
            int i = indexOf(all, numbers, m.majorMinor(), m.source());
            if (i >= 0) {
                throw refusal(shown, all, i, "mounted at " + m.mountPoint(), "a mounted device");
            }
        }
        for (String swap : swaps()) {
            int i = indexOf(all, numbers, null, swap);
            if (i >= 0) {
                throw refusal(shown, all, i, "in use as swap (" + procRoot.resolve("swaps") + ")", "a swap device");
            }
        }
        for (int i = 0; i < all.size(); i++) {
            SysfsBlockDevice d = all.get(i);
            List<String> holders = d.holders();
            if (!holders.isEmpty()) {
                List<String> named = new ArrayList<>();
                for (String h : holders) {
                    named.add(d.describeHolder(h));
                }
                throw refusal(shown, all, i, "held by " + String.join(", ", named) + " (device-mapper, LVM or md)",
                        "a device another driver uses");
            }
        }
    }

    /** Device {@code all.get(which)} is in use: the target itself (index 0) or one of its partitions. */
    private static SbenchException refusal(String shown, List<SysfsBlockDevice> all, int which, String use, String never) {
        String subject = which == 0 ? shown + " is " : shown + " has partition " + all.get(which).devPath() + " ";
        return new SbenchException(ErrorKind.UNSAFE_TARGET, subject + use + "; sbench never writes to " + never);
    }

    /**
     * Index in {@code all} of the device with number {@code majorMinor}, or whose node is
     * {@code source} (by name, or by the device number of the node it resolves to); -1 if none.
     */
    private static int indexOf(List<SysfsBlockDevice> all, List<String> numbers, String majorMinor, String source) {
        if (majorMinor != null) {
            int i = numbers.indexOf(majorMinor);
            if (i >= 0) {
                return i;
            }
        }
        if (source == null || !source.startsWith("/")) {
            return -1;
        }
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).devPath().equals(source)) {
                return i;
            }
        }
        Path node = Path.of(source);
        if (SysfsBlockDevice.isBlockDevice(node)) {
            return numbers.indexOf(SysfsBlockDevice.majorMinorOf(node));
        }
        return -1;
    }

    /** File names of active swap areas, from /proc/swaps. */
    private List<String> swaps() {
        Path file = procRoot.resolve("swaps");
        List<String> names = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
        for (String line : lines.subList(Math.min(SWAPS_HEADER_LINES, lines.size()), lines.size())) {
            String[] f = line.trim().split("\\s+");
            if (!f[0].isEmpty()) {
                names.add(MountTable.unescape(f[0]));
            }
        }
        return names;
    }

    /**
     * What {@code device} (a block device, or an image file) already holds, as a phrase:
     * "an ext4 filesystem", "a GPT partition table"; empty if nothing is recognised.
     */
    public Optional<String> signature(Path device) {
        long sizeBytes;
        if (SysfsBlockDevice.isBlockDevice(device)) {
            sizeBytes = SysfsBlockDevice.ofDeviceNode(device, sysRoot).sizeBytes();
        } else {
            try {
                sizeBytes = Files.size(device);
            } catch (IOException e) {
                throw SbenchException.ioFailure("read the size of", device, e);
            }
        }
        return DiskSignatures.read(device, sizeBytes);
    }

    /**
     * The device as a user recognises it: {@code device /dev/sdb (Samsung SSD 860, 500 GB)};
     * a loop device names its backing file.
     */
    public String identify(Path device) {
        SysfsBlockDevice dev = SysfsBlockDevice.ofDeviceNode(device, sysRoot);
        SysfsBlockDevice disk = dev.disk();
        List<String> parts = new ArrayList<>();
        disk.attribute("device/model").ifPresent(parts::add);
        disk.attribute("loop/backing_file").ifPresent(f -> parts.add("loop over " + f));
        parts.add(decimalSize(dev.sizeBytes()));
        String what = dev.isPartition() ? "partition " : "device ";
        return what + device + " (" + String.join(", ", parts) + ")";
    }

    /**
     * An opened target as a user recognises it: a block device as {@link #identify(Path)} names it,
     * a file by its path and capacity, {@code the null target (1.15 EB)}, a stripe by its geometry and
     * each member so.
     */
    public static String identify(Target target) {
        switch (target.kind()) {
            case BlockDeviceTarget.KIND: return new TargetSafety().identify(Path.of(target.path()));
            case FileTarget.KIND: return "file " + target.path() + " (" + decimalSize(target.capacityBytes()) + ")";
            case StripedTarget.KIND: return "the stripe " + target.describe().get(StripedTarget.KEY_STRIPE) + " of "
                    + target.members().stream().map(TargetSafety::identify).collect(Collectors.joining(" and "));
            default: return "the " + target.kind() + " target (" + decimalSize(target.capacityBytes()) + ")";
        }
    }

    /** Bytes in decimal units as drives are labelled, three significant digits: 500 GB, 67.1 MB. */
    public static String decimalSize(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= THOUSAND && unit < DECIMAL_UNITS.length - 1) {
            value /= THOUSAND;
            unit++;
        }
        String number;
        if (unit == 0 || value >= 100) {
            number = String.format(Locale.ROOT, "%.0f", value);
        } else if (value >= 10) {
            number = String.format(Locale.ROOT, "%.1f", value);
        } else {
            number = String.format(Locale.ROOT, "%.2f", value);
        }
        return number + " " + DECIMAL_UNITS[unit];
    }
}
