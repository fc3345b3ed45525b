// The exclusive lock a run holds on its target, so that two sbench processes never share one.
package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * One run's hold on its target: flock(2) {@code LOCK_EX} on a descriptor kept open from the
 * target's open to its close, so the kernel drops it however the process ends (SIGKILL too).
 *
 * <p>A file target locks the file itself: every path to it (symlinks, hard links, bind mounts)
 * meets the same lock. A block device locks {@code /run/sbench/block-MAJOR:MINOR.lock} of its
 * whole disk: the device number is the same through every node and symlink, and a partition
 * shares its disk's queue settings, whose save and restore ({@link QueueSettings}) a second run
 * would otherwise interleave with the first's. A held lock is an {@link ErrorKind#TARGET_IN_USE}
 * refusal naming the holder, from /proc/locks, as what it is ({@link LockHolder}). Closing is idempotent.
 */
public final class TargetLock implements AutoCloseable {
    /** Where the lock files of block devices are made. */
    static final Path LOCK_DIR = Path.of("/run/sbench");

    /** /proc/locks: "1: FLOCK  ADVISORY  WRITE 2331 fd:01:1835094 0 EOF" (pid, then MAJOR:MINOR:INODE in hex:hex:decimal). */
    private static final int LOCKS_TYPE_FIELD = 1;
    private static final int LOCKS_PID_FIELD = 4;
    private static final int LOCKS_FILE_FIELD = 5;
    private static final int HEX = 16;

    private final int fd;
    private final String path;
    private final FileKey key;
    private boolean closed;

    /** Holds the flock taken on {@code fd}, an open {@code path} of the file {@code key}. */
    TargetLock(int fd, String path, FileKey key) {
        this.fd = fd;
        this.path = path;
        this.key = key;
    }

    /**
     * Locks the regular file {@code file}, or creates it first ({@code create}: O_CREAT|O_EXCL,
     * mode 0644, so a file that appears meanwhile is never taken for one sbench made).
     */
    static TargetLock ofFile(Path file, boolean create, Path procRoot) {
        int flags = LibC.O_RDONLY | LibC.O_CLOEXEC | (create ? LibC.O_CREAT | LibC.O_EXCL : 0);
        int fd = TargetCalls.open(file.toString(), flags, create ? "O_CREAT|O_EXCL" : "O_RDONLY", LibC.MODE_0644);
        return hold(fd, file, file.toString(), ", which holds its lock; one run per target at a time", procRoot);
    }

    /**
     * Locks the bundle directory {@code dir} for the scenario run that writes it, so that a second
     * run or resume of it is refused (on the null target, or a file, no target lock stops it: the two
     * wrote the same steps, the last one's results replacing the other's).
     */
    public static TargetLock ofBundle(Path dir) {
        int fd = TargetCalls.open(dir.toString(), LibC.O_RDONLY | LibC.O_CLOEXEC, "O_RDONLY", 0);
        return hold(fd, dir, dir.toString(), ", which is running it; one run of a bundle at a time", Path.of("/proc"));
    }

    /**
     * Locks whole disk {@code disk} for the target {@code shown} (the disk or one of its partitions).
     * Root makes the lock file readable by those who may read the disk alone ({@link #readableAs}):
     * any other user could open it and hold its flock, refusing root's runs on a disk they cannot read.
     */
    static TargetLock ofDisk(SysfsBlockDevice disk, String shown, Path lockDir, Path procRoot) {
        Path file = lockDir.resolve(diskFileStem(disk) + ".lock");
        int fd;
        try {
            Files.createDirectories(lockDir);
            fd = TargetCalls.open(file.toString(), LibC.O_RDONLY | LibC.O_CREAT | LibC.O_CLOEXEC, "O_RDONLY|O_CREAT", LibC.MODE_0400);
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot lock " + shown + " for the run: cannot create directory "
                    + lockDir + ": " + SbenchException.reason(e) + "; run as root", e);
        } catch (SbenchException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot lock " + shown + " for the run: "
                    + (Files.exists(file) && !Files.isReadable(file) ? unreadable(file, node(disk, shown)) : e.getMessage() + "; run as root"), e);
        }
        if (LibC.geteuid() == 0) {
            Path node = node(disk, shown);
            try {
                readableAs(file, node);
            } catch (IOException e) {
                throw TargetCalls.closeAfter(fd, file.toString(), new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot lock " + shown
                        + " for the run: cannot give " + file + " the owner, group and read permissions of " + node + ": "
                        + SbenchException.reason(e), e));
            }
        }
        String whose = disk.devPath().equals(shown) ? "" : ", the lock of disk " + disk.devPath();
        return hold(fd, file, shown, ": it holds " + file + whose + "; one run per disk at a time", procRoot);
    }

    /** The disk's node, or where there is none (a container given a partition alone) the target's. */
    private static Path node(SysfsBlockDevice disk, String shown) {
        return Files.exists(Path.of(disk.devPath())) ? Path.of(disk.devPath()) : Path.of(shown);
    }

    /**
     * Why a user who may open {@code node} cannot open its disk's lock {@code file}: the lock keeps the owner, group and mode
     * the node had at root's last run on the disk (before its group or mode was changed, as a user is given a device).
     */
    static String unreadable(Path file, Path node) {
        return file + " (" + ownerAndMode(file) + ") does not let this user read it: it takes the owner, group and read"
                + " permissions of " + node + " (" + ownerAndMode(node) + ") at every run as root; run as root, once (a"
                + " --read-only replay) for the lock to follow the node";
    }

    private static String ownerAndMode(Path file) {
        try {
            PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
            return a.owner().getName() + ":" + a.group().getName() + " " + PosixFilePermissions.toString(a.permissions());
        } catch (IOException e) {
            return SbenchException.reason(e);
        }
    }

    /**
     * Gives {@code file} the owner and group of {@code device} and its read permissions alone (a disk of
     * root:disk 0660 has a lock of root:disk 0440): as each root run sets them, a lock file made
     * before, or a node whose mode changed since, gets them at the next.
     */
    private static void readableAs(Path file, Path device) throws IOException {
        PosixFileAttributes node = Files.readAttributes(device, PosixFileAttributes.class);
        PosixFileAttributeView lock = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        lock.setOwner(node.owner());
        lock.setGroup(node.group());
        Set<PosixFilePermission> read = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.GROUP_READ,
                PosixFilePermission.OTHERS_READ);
        read.retainAll(node.permissions());
        lock.setPermissions(read);
    }

    /** The note of the queue settings a run changes on {@code disk}, kept beside the disk's lock ({@link QueueSettingsNote}). */
    static QueueSettingsNote queueSettingsNote(SysfsBlockDevice disk, Path lockDir) {
        return new QueueSettingsNote(lockDir.resolve(diskFileStem(disk) + ".settings"));
    }

    private static String diskFileStem(SysfsBlockDevice disk) {
        return "block-" + disk.majorMinor();
    }

    /**
     * flock()s {@code fd}, an open {@code file}; refused as "SHOWN is in use by HOLDER DETAIL", the holder named as
     * {@link LockHolder} names it ("another process" when /proc/locks does not list it).
     */
    private static TargetLock hold(int fd, Path file, String shown, String detail, Path procRoot) {
        try {
            FileKey key = FileKey.ofOpen(fd, file, procRoot);
            if (!TargetCalls.tryLockExclusive(fd, file.toString())) {
                throw new SbenchException(ErrorKind.TARGET_IN_USE, shown + " is in use by " + LockHolder.of(key, procRoot) + detail);
            }
            return new TargetLock(fd, file.toString(), key);
        } catch (RuntimeException e) {
            throw TargetCalls.closeAfter(fd, file.toString(), e);
        }
    }

    /** The pid that holds an flock on the file {@code key}, from /proc/locks; empty if none is listed. */
    static Optional<String> holder(FileKey key, Path procRoot) {
        String[] majorMinor = key.majorMinor().split(":");
        Path locks = procRoot.resolve("locks");
        List<String> lines;
        try {
            lines = Files.readAllLines(locks, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return Optional.empty(); // only the message loses the pid
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length <= LOCKS_FILE_FIELD || !f[LOCKS_TYPE_FIELD].equals("FLOCK")) {
                continue; // POSIX and OFD locks, and "->" lines of blocked waiters (sbench never waits)
            }
            String[] file = f[LOCKS_FILE_FIELD].split(":");
            if (file.length == 3 && Long.parseLong(file[0], HEX) == Long.parseLong(majorMinor[0])
                    && Long.parseLong(file[1], HEX) == Long.parseLong(majorMinor[1]) && Long.parseLong(file[2]) == key.inode()) {
                return Optional.of(f[LOCKS_PID_FIELD]);
            }
        }
        return Optional.empty();
    }

    /** The locked file's identity; for a file target, the target's. */
    FileKey key() {
        return key;
    }

    /** Releases the lock after {@code failure} ended the opening of its target; returns {@code failure} to throw. */
    RuntimeException releaseAfter(RuntimeException failure) {
        try {
            close();
        } catch (RuntimeException closing) {
            failure.addSuppressed(closing);
        }
        return failure;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            TargetCalls.close(fd, path);
        }
    }
}
