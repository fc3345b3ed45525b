package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.input.DevDirectory;

/**
 * Opens the target a user names: {@code null} is the {@link NullTarget} (a file called "null" is
 * written {@code ./null}); a block device (or a symlink to one, e.g. under /dev/disk/by-id) is a
 * {@link BlockDeviceTarget}, checked by {@link TargetSafety} first unless the replay is read-only;
 * a regular file, or a path that does not exist yet, is a {@link FileTarget}, checked likewise
 * when it exists; {@code stripe:CHUNK:MEMBER,...} ({@link StripeSpec}) is a {@link StripedTarget}
 * whose members are each opened as here. Any other path under /dev (a mistyped device) is refused, naming the block
 * devices there are: a file made there would fill RAM and be replayed on as if it were a drive.
 * Every target is locked for the run ({@link TargetLock}) before it is checked or changed, so a
 * second sbench process is refused before it touches anything.
 */
public final class Targets {
    private static final Path PROC = Path.of("/proc");
    static final Path SYS = Path.of("/sys");
    /** File type bits of st_mode (sys/stat.h) that {@link #kindOf} names. */
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFSOCK = 0140000;

    private Targets() {
    }

    /**
     * Opens {@code spec} as {@code settings} say.
     *
     * @throws SbenchException UNSAFE_TARGET when writing is refused, TARGET_IN_USE when another sbench
     *                         process holds the target, USAGE for a path that cannot be a target or a
     *                         file without a size, SYSTEM_FAILURE for a failed call
     */
    public static Target open(String spec, TargetSettings settings) {
        checkSizeOption(spec, settings);
        if (StripeSpec.names(spec)) {
            return StripedTarget.open(spec, StripeSpec.parse(spec), settings, Targets::openOne, Targets::checkMembers);
        }
        return openOne(spec, settings);
    }

    /**
     * The refusals of {@link #open} that need no trace, made before a command spends time on one (a
     * bundled workload made, a trace planned): a path that cannot be a target, a device or file this
     * run may not write or read, a read-only run of a file that is not there or too small for
     * {@code --size}, a new file in a directory that is not there or not writable. Changes and locks
     * nothing; {@link #open} checks again. The size a new file gets from the trace is not known yet.
     *
     * @throws SbenchException as {@link #open}
     */
    public static void check(String spec, TargetSettings settings) {
        checkSizeOption(spec, settings);
        if (StripeSpec.names(spec)) {
            StripedTarget.check(spec, StripeSpec.parse(spec), settings, Targets::checkOne);
        } else {
            checkOne(spec, settings);
        }
    }

    private static void checkSizeOption(String spec, TargetSettings settings) {
        if (settings.sizeBytes().isPresent() && usedWhole(spec)) {
            // Taken as "use the first SIZE bytes" it would be ignored, and the whole device written.
            throw SbenchException.usage(StripeSpec.names(spec)
                    ? "--size sizes a file target, a stripe's file members or the null target; " + spec + " is a stripe of block"
                            + " devices, used whole: leave out --size"
                    : "--size sizes a file target or the null target; " + spec + " is a block device, used whole: leave out --size");
        }
    }

    /**
     * True when {@code spec} is a block device, or a stripe of block devices only: a target that
     * {@code --size} cannot size, used whole.
     *
     * @throws SbenchException a usage error for a stripe spelled wrong ({@link StripeSpec#parse})
     */
    public static boolean usedWhole(String spec) {
        if (StripeSpec.names(spec)) {
            return StripeSpec.parse(spec).members().stream().allMatch(Targets::usedWhole);
        }
        return SysfsBlockDevice.isBlockDevice(Path.of(spec));
    }

    /** {@link #open} of one target, or one member of a stripe (whose file members get their share of --size). */
    private static Target openOne(String spec, TargetSettings settings) {
        if (spec.equals(NullTarget.NAME)) {
            return new NullTarget(nullCapacity(settings));
        }
        Path path = Path.of(spec);
        TargetSafety safety = new TargetSafety(PROC, SYS);
        if (SysfsBlockDevice.isBlockDevice(path)) {
            return openDevice(spec, path, settings, safety);
        }
        checkFilePath(spec, path);
        return FileTarget.open(path, settings, safety, PROC);
    }

    /**
     * Before a stripe's members are opened: each file member passes {@link #checkOne} as it would be opened, then their
     * room is checked together ({@link FileTarget#checkMembersRoom}). A file this run may not write is refused as that, as
     * one file is, not for room: a user who made room would only then learn that it holds what the run would destroy.
     * Devices, which need no room, are checked as they are opened: checked here too, their signatures would be read twice.
     */
    private static void checkMembers(List<String> members, TargetSettings each) {
        members.stream().filter(member -> !member.equals(NullTarget.NAME) && !SysfsBlockDevice.isBlockDevice(Path.of(member)))
                .forEach(member -> checkOne(member, each));
        FileTarget.checkMembersRoom(members, each);
    }

    /** {@link #check} of one target, or one member of a stripe. */
    private static void checkOne(String spec, TargetSettings settings) {
        if (spec.equals(NullTarget.NAME)) {
            nullCapacity(settings);
            return;
        }
        Path path = Path.of(spec);
        TargetSafety safety = new TargetSafety(PROC, SYS);
        if (SysfsBlockDevice.isBlockDevice(path)) {
            checkDevice(spec, path, SysfsBlockDevice.ofDeviceNode(path, SYS), settings, safety);
            FileTarget.checkAccess(path, settings.readOnly());
            return;
        }
        checkFilePath(spec, path);
        FileTarget.check(path, settings, safety, PROC);
    }

    /** The null target's capacity: {@code --size}, else what the trace reaches, else the default. */
    private static long nullCapacity(TargetSettings settings) {
        if (settings.sizeBytes().isPresent() && settings.sizeBytes().getAsLong() < NullTarget.BLOCK_SIZE) {
            throw SbenchException.usage("--size " + settings.sizeWritten() + " for the null target: expected at least "
                    + NullTarget.BLOCK_SIZE + " bytes");
        }
        long fallback = Math.max(NullTarget.BLOCK_SIZE, settings.defaultSizeBytes().orElse(NullTarget.DEFAULT_CAPACITY_BYTES));
        return settings.sizeBytes().orElse(fallback);
    }

    /**
     * Refuses a path, not a block device, that cannot be a file target: under /dev, not a regular
     * file, a dangling link, or a bare name that is no file here but a device in /dev
     * ({@code --target sdb}) or named as the kernel names one, of which a new file of that name would be made,
     * as large as the trace.
     */
    private static void checkFilePath(String spec, Path path) {
        SysfsBlockDevice.namedWithoutDev(spec).ifPresent(device -> {
            throw SbenchException.usage(spec + ": there is no such file here, and " + device + " is a block device:"
                    + " name it so, or ./" + spec + " for a new file of that name");
        });
        if (SysfsBlockDevice.namedAsADevice(spec)) {
            throw SbenchException.usage(spec + ": there is no such file here, and no block device /dev/" + spec + " ("
                    + SysfsBlockDevice.listing(SYS) + "); name one of them, or ./" + spec + " for a new file of that name");
        }
        if (DevDirectory.contains(path)) {
            String what = Files.exists(path) ? "it is " + kindOf(path) : "there is no such device";
            throw SbenchException.usage(spec + " is not a block device (" + what + "); " + SysfsBlockDevice.listing(SYS)
                    + "; sbench makes no files under /dev");
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw SbenchException.usage(spec + " is " + kindOf(path) + "; expected a block device, a file or null");
        }
        if (!Files.exists(path) && Files.isSymbolicLink(path)) {
            throw SbenchException.usage(spec + " is a symbolic link to a file that does not exist; name the file itself to"
                    + " create it");
        }
    }

    /**
     * Runs {@code checks}, the refusals that come after {@code target} was opened and before its
     * first IO (the trace against its capacity, a bundle's state), and returns what they make; when
     * one refuses, the target is abandoned ({@link Target#abandon}: a file this command created is
     * deleted) and the refusal rethrown.
     */
    public static <T> T beforeFirstIo(Target target, Supplier<T> checks) {
        try {
            return checks.get();
        } catch (RuntimeException refusal) {
            throw abandonedAfter(target, refusal);
        }
    }

    /**
     * Runs {@code measurement} on {@code target} and closes it; when the measurement fails or its
     * outcome is not {@code complete} (a stop signal, an IO error that stopped it), the target is
     * abandoned instead ({@link Target#abandon}: a file this command created is deleted), so that a
     * measurement that did not end leaves no file of its own behind: a replay's file reaches as far
     * as its trace, tens of GB.
     */
    public static <T> T measure(Target target, Supplier<T> measurement, Predicate<T> complete) {
        T outcome;
        try {
            outcome = measurement.get();
        } catch (RuntimeException failure) {
            throw abandonedAfter(target, failure);
        }
        if (complete.test(outcome)) {
            target.close();
        } else {
            target.abandon();
        }
        return outcome;
    }

    /** {@code failure}, after {@code target} was abandoned (a failure of that added to it). */
    private static RuntimeException abandonedAfter(Target target, RuntimeException failure) {
        try {
            target.abandon();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }

    private static Target openDevice(String spec, Path path, TargetSettings settings, TargetSafety safety) {
        SysfsBlockDevice device = SysfsBlockDevice.ofDeviceNode(path, SYS);
        TargetLock lock = TargetLock.ofDisk(device.disk(), spec, TargetLock.LOCK_DIR, PROC);
        try {
            checkDevice(spec, path, device, settings, safety);
            return BlockDeviceTarget.open(spec, device, settings, lock,
                    TargetLock.queueSettingsNote(device.disk(), TargetLock.LOCK_DIR));
        } catch (RuntimeException e) {
            throw lock.releaseAfter(e);
        }
    }

    /** Refuses writes to block device {@code device} ({@code spec}) that this run may not make. */
    private static void checkDevice(String spec, Path path, SysfsBlockDevice device, TargetSettings settings, TargetSafety safety) {
        if (settings.readOnly()) {
            return;
        }
        if (device.attribute("ro").map("1"::equals).orElse(false)) {
            // The open would succeed and every write fail with EPERM: refused before any IO instead. replay adds
            // its way around it, as to every refusal of writes.
            throw new SbenchException(ErrorKind.UNSAFE_TARGET, spec + " is read-only (its ro flag is set: losetup -r,"
                    + " blockdev --setro, a write-protect switch) and this run writes to it");
        }
        safety.checkWritable(path, settings.allowWrite(), settings.force());
    }

    /**
     * True when {@code spec} names a file that does not exist yet, or a stripe with such a member: a
     * file {@link #open} creates (given a size).
     *
     * @throws SbenchException a usage error for a stripe spelled wrong ({@link StripeSpec#parse})
     */
    public static boolean namesANewFile(String spec) {
        if (StripeSpec.names(spec)) {
            return StripeSpec.parse(spec).members().stream().anyMatch(Targets::namesANewFile);
        }
        if (spec.equals(NullTarget.NAME)) {
            return false;
        }
        Path path = Path.of(spec);
        return !Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !DevDirectory.contains(path);
    }

    /** What an existing path that is not a block device is, with its article. */
    private static String kindOf(Path path) {
        if (Files.isDirectory(path)) {
            return "a directory";
        }
        if (Files.isRegularFile(path)) {
            return "a regular file";
        }
        try {
            switch ((Integer) Files.getAttribute(path, "unix:mode") & SysfsBlockDevice.S_IFMT) {
                case S_IFCHR: return "a character device";
                case S_IFIFO: return "a FIFO";
                case S_IFSOCK: return "a socket";
                default: break;
            }
        } catch (IOException e) {
            // gone meanwhile: said below in general words
        }
        return "neither a regular file nor a block device";
    }
}
