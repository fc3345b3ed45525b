package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * One block device as sysfs shows it, {@code /sys/class/block/NAME}: a whole disk, or a partition
 * whose queue and device attributes live on its parent disk. The sysfs root is a parameter so tests
 * can run against a fake tree. Immutable; attributes are read when asked for.
 */
public final class SysfsBlockDevice {
    /** sysfs counts {@code size} in 512-byte units whatever the device's sector size. */
    static final int SYSFS_SECTOR_BYTES = 512;
    /** File type bits of st_mode, and the block-device type (sys/stat.h). */
    static final int S_IFMT = 0170000;
    static final int S_IFBLK = 0060000;
    private static final Path DEV = Path.of("/dev");
    /**
     * How the kernel names block devices and their partitions: sdb, sdb1, vda, xvdf, nvme0n1p2, mmcblk0p1, loop3, md0,
     * dm-2; at most three letters after sd, so that sdcard or vdisk stay names of files.
     */
    private static final Pattern KERNEL_NAME = Pattern.compile(
            "(?:[shv]d|xvd)[a-z]{1,3}\\d*|(?:nvme\\d+n\\d+|mmcblk\\d+|loop\\d+|md\\d+|nbd\\d+)(?:p\\d+)?|(?:dm-|zram|sr)\\d+");

    private final Path sysRoot;
    private final String name;
    private final Path dir;
    private final String parentName;

    private SysfsBlockDevice(Path sysRoot, String name, Path dir, String parentName) {
        this.sysRoot = sysRoot;
        this.name = name;
        this.dir = dir;
        this.parentName = parentName;
    }

    /**
     * The device a {@code /dev} path (or a symlink to one, e.g. under /dev/disk/by-id) names, found
     * through its device number and {@code /sys/dev/block/MAJOR:MINOR}.
     */
    public static SysfsBlockDevice ofDeviceNode(Path device, Path sysRoot) {
        String majorMinor = majorMinorOf(device);
        return ofMajorMinor(majorMinor, sysRoot).orElseThrow(() -> new SbenchException(ErrorKind.SYSTEM_FAILURE,
                device + " is block device " + majorMinor + " but " + sysRoot.resolve("dev/block/" + majorMinor)
                + " does not describe it"));
    }

    /** The device numbered {@code MAJOR:MINOR}, from {@code /sys/dev/block/MAJOR:MINOR}; empty if there is none. */
    public static Optional<SysfsBlockDevice> ofMajorMinor(String majorMinor, Path sysRoot) {
        try {
            return Optional.of(at(sysRoot, sysRoot.resolve("dev/block/" + majorMinor).toRealPath()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The device sysfs calls {@code name} (e.g. {@code sdb}, {@code loop0p1}). */
    public static SysfsBlockDevice named(String name, Path sysRoot) {
        Path link = sysRoot.resolve("class/block/" + name);
        try {
            return at(sysRoot, link.toRealPath());
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "no block device " + name + " in " + link.getParent(), e);
        }
    }

    /** Every block device sysfs lists ({@code /sys/class/block}), disks and partitions, by name. */
    static List<SysfsBlockDevice> all(Path sysRoot) {
        Path dir = sysRoot.resolve("class/block");
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("list", dir, e);
        }
        names.sort(null);
        List<SysfsBlockDevice> devices = new ArrayList<>();
        for (String n : names) {
            devices.add(named(n, sysRoot));
        }
        return devices;
    }

    /**
     * The block devices that hold something (size above 0: not an unbound loop device or an empty
     * drive), for a message about a device that is not there: {@code block devices here: /dev/vda
     * (275 GB), /dev/vda1 (274 GB)}, or {@code no block devices here}.
     */
    public static String listing(Path sysRoot) {
        List<String> present = new ArrayList<>();
        for (SysfsBlockDevice d : all(sysRoot)) {
            long bytes = d.sizeBytes();
            if (bytes > 0) {
                present.add(d.devPath() + " (" + TargetSafety.decimalSize(bytes) + ")");
            }
        }
        return present.isEmpty() ? "no block devices here" : "block devices here: " + String.join(", ", present);
    }

    private static SysfsBlockDevice at(Path sysRoot, Path realDir) {
        String name = realDir.getFileName().toString();
        // A partition is a subdirectory of its disk's directory and has a "partition" attribute.
        String parent = Files.exists(realDir.resolve("partition")) ? realDir.getParent().getFileName().toString() : null;
        return new SysfsBlockDevice(sysRoot, name, sysRoot.resolve("class/block/" + name), parent);
    }

    /**
     * The device {@code name} was meant to be, named without {@code /dev} ({@code sdb}): {@code /dev/NAME}
     * when {@code name} is a bare name, no file here, and that is a block device; else empty.
     */
    public static Optional<Path> namedWithoutDev(String name) {
        if (name.contains("/") || Files.exists(Path.of(name), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Path device = DEV.resolve(name);
        return isBlockDevice(device) ? Optional.of(device) : Optional.empty();
    }

    /**
     * True when {@code name} is a bare name, no file here, shaped as the kernel names a block device or a partition
     * ({@code sdb}, {@code nvme0n1p2}), whether /dev has it or not: a device meant, not a new file.
     */
    public static boolean namedAsADevice(String name) {
        return !name.contains("/") && !Files.exists(Path.of(name), LinkOption.NOFOLLOW_LINKS) && KERNEL_NAME.matcher(name).matches();
    }

    /** True if {@code path} is a block device node (following symlinks). */
    public static boolean isBlockDevice(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            return (mode & S_IFMT) == S_IFBLK;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** {@code MAJOR:MINOR} of a block device node, decoded from glibc's 64-bit dev_t. */
    static String majorMinorOf(Path device) {
        long rdev;
        try {
            rdev = (Long) Files.getAttribute(device, "unix:rdev");
        } catch (IOException e) {
            throw SbenchException.ioFailure("stat", device, e);
        }
        return decode(rdev);
    }

    /** {@code MAJOR:MINOR} of a glibc 64-bit dev_t (st_dev or st_rdev). */
    static String decode(long dev) {
        long major = ((dev >>> 32) & 0xfffff000L) | ((dev >>> 8) & 0xfffL);
        long minor = ((dev >>> 12) & 0xffffff00L) | (dev & 0xffL);
        return major + ":" + minor;
    }

    public String name() {
        return name;
    }

    /** {@code /dev/NAME}, the node udev makes for it. */
    public String devPath() {
        return "/dev/" + name;
    }

    public boolean isPartition() {
        return parentName != null;
    }

    /** The whole disk: this device, or a partition's parent. */
    public SysfsBlockDevice disk() {
        return parentName == null ? this : named(parentName, sysRoot);
    }

    /** {@code MAJOR:MINOR} from the {@code dev} attribute. */
    public String majorMinor() {
        return attribute("dev").orElseThrow(() -> new SbenchException(ErrorKind.SYSTEM_FAILURE,
                "cannot read " + dir.resolve("dev")));
    }

    /** Size from the {@code size} attribute, in bytes. */
    public long sizeBytes() {
        return Long.parseLong(attribute("size").orElse("0")) * SYSFS_SECTOR_BYTES;
    }

    /**
     * True if this disk's driver takes block requests (blk-mq: sysfs has an {@code mq} directory
     * for it); false for a bio-based one (device-mapper but multipath, md, zram, brd), which
     * passes IO on without requests, so that no {@code block_rq_*} event names it.
     */
    public boolean requestBased() {
        return Files.isDirectory(dir.resolve("mq"));
    }

    /**
     * True if this disk's driver takes a bio of any length whole: a bio-based disk made of no other
     * device ({@code slaves/} empty) and of no hardware ({@code device} absent), as zram and brd are,
     * handles each bio itself, segment by segment, and the block layer splits nothing by
     * {@code max_sectors_kb} (a 256 KiB pwrite on zram with max_sectors_kb 124 is one write in its
     * {@code stat}). Device-mapper and md (members below) and NVMe multipath (a controller) do split.
     */
    public boolean takesBiosWhole() {
        return !requestBased() && slaves().isEmpty() && !Files.exists(dir.resolve("device"));
    }

    /** Path of attribute {@code relative} (e.g. {@code queue/nomerges}) under this device's directory. */
    Path attributePath(String relative) {
        return dir.resolve(relative);
    }

    /** The trimmed text of an attribute, or empty when absent, unreadable or blank. */
    public Optional<String> attribute(String relative) {
        try {
            String text = Files.readString(dir.resolve(relative), StandardCharsets.ISO_8859_1).trim();
            return text.isEmpty() ? Optional.empty() : Optional.of(text);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The partitions of a whole disk (empty for a partition). */
    List<SysfsBlockDevice> partitions() {
        List<SysfsBlockDevice> parts = new ArrayList<>();
        if (isPartition()) {
            return parts;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir.toRealPath())) {
            for (Path entry : entries) {
                if (Files.exists(entry.resolve("partition"))) {
                    String partName = entry.getFileName().toString();
                    parts.add(new SysfsBlockDevice(sysRoot, partName, sysRoot.resolve("class/block/" + partName), name));
                }
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("list", dir, e);
        }
        parts.sort((a, b) -> a.name.compareTo(b.name));
        return parts;
    }

    /**
     * Names of the devices this one is made of (a device-mapper or md device's members), from
     * {@code slaves/}; empty for a disk or partition.
     */
    public List<String> slaves() {
        return listNames("slaves");
    }

    /** Names of the devices holding this one (device-mapper, md, bcache), from {@code holders/}. */
    List<String> holders() {
        return listNames("holders");
    }

    private List<String> listNames(String subdirectory) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir.resolve(subdirectory))) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        } catch (NoSuchFileException e) {
            return names;
        } catch (IOException e) {
            throw SbenchException.ioFailure("list", dir.resolve(subdirectory), e);
        }
        names.sort(null);
        return names;
    }

    /** A holder's friendly name where it has one: {@code dm-0 (vg0-data)}, {@code md0}. */
    String describeHolder(String holder) {
        try {
            String dmName = Files.readString(sysRoot.resolve("class/block/" + holder + "/dm/name"),
                    StandardCharsets.ISO_8859_1).trim();
            return dmName.isEmpty() ? holder : holder + " (" + dmName + ")";
        } catch (IOException e) {
            return holder;
        }
    }

    @Override
    public String toString() {
        return devPath();
    }
}
