package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The libc calls targets ({@code org.sbench.target}) make, checked. Calls made while opening a
 * target throw a one-line {@link SbenchException} naming the call and the path; calls made during
 * a run (discard, flush, hole punching) return 0 or a negative errno, as IO results do.
 */
public final class TargetCalls {
    private static final int U64_BYTES = Long.BYTES;
    private static final int RANGE_BYTES = 2 * U64_BYTES;
    private static final long LOCK_POLL_NS = TimeUnit.MILLISECONDS.toNanos(2);

    private TargetCalls() {
    }

    /**
     * open(2) of {@code path}; {@code flagNames} is how the flags read in the error message.
     * EBUSY on an exclusive open of a block device means the kernel or another program holds it
     * (mounted, swap, a device-mapper or md member, another exclusive opener) and is an
     * {@link ErrorKind#UNSAFE_TARGET} refusal.
     */
    public static int open(String path, int flags, String flagNames, int mode) {
        try {
            return LibC.open(path, flags, mode);
        } catch (LastErrorException e) {
            throw openFailure(path, flags, flagNames, e);
        }
    }

    /**
     * {@link #open}, but a file it creates that its file system has no room for (ENOSPC, or EDQUOT: the user's quota) is
     * the negative errno, for the caller to say whose file it is.
     */
    public static int openUnlessNoRoom(String path, int flags, String flagNames, int mode) {
        try {
            return LibC.open(path, flags, mode);
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.ENOSPC || e.getErrorCode() == Errno.EDQUOT) {
                return -e.getErrorCode();
            }
            throw openFailure(path, flags, flagNames, e);
        }
    }

    /** The one-line error for an open(2) of {@code path} with {@code flags} that failed with {@code e}. */
    static SbenchException openFailure(String path, int flags, String flagNames, LastErrorException e) {
        int errno = e.getErrorCode();
        if (errno == Errno.EBUSY && (flags & LibC.O_EXCL) != 0) {
            return new SbenchException(ErrorKind.UNSAFE_TARGET, path + " is in use (an exclusive open failed with EBUSY:"
                    + " mounted, swap, held by another driver, or opened exclusively by another program such as mkfs,"
                    + " a partitioner or a VM; perhaps in another mount namespace); sbench never writes to a device in use");
        }
        if (errno == Errno.EINVAL && (flags & LibC.O_DIRECT) != 0) {
            return new SbenchException(ErrorKind.SYSTEM_FAILURE, path + ": its file system does not take direct IO (open with"
                    + " O_DIRECT: EINVAL; ramfs, some FUSE and network file systems); sbench measures the drive, not the page"
                    + " cache: put the target on another file system, or name the device");
        }
        if (errno == Errno.EEXIST && (flags & LibC.O_CREAT) != 0) {
            // Absent when looked for, there when made: another run made it in between, a race it won.
            return new SbenchException(ErrorKind.TARGET_IN_USE, path + " was made by another process as this one went to make"
                    + " it (another sbench starting on it?); one run per target at a time");
        }
        if (errno == Errno.EACCES) {
            return accessDenied(path, flags);
        }
        if (errno == Errno.EROFS) {
            return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot open " + path + " to write: it is on a read-only"
                    + " file system");
        }
        return Errno.failure("open(" + flagNames + ")", path, e);
    }

    /**
     * The one-line error for an open(2) of {@code path} with {@code flags} that its permissions refuse (EACCES):
     * with O_CREAT, of a file that is not there, its directory's.
     */
    public static SbenchException accessDenied(String path, int flags) {
        if ((flags & LibC.O_CREAT) != 0 && ((flags & LibC.O_EXCL) != 0 || Files.notExists(Path.of(path)))) {
            return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot create " + path + ": permission denied (the owner and"
                    + " mode of its directory, or of one above it, do not let this user make a file there)");
        }
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot open " + path + ": permission denied (its owner and"
                + " mode do not let this user " + accessWord(flags) + " it; a device usually needs root or its group)");
    }

    private static String accessWord(int flags) {
        return (flags & LibC.O_ACCMODE) == LibC.O_RDONLY ? "read" : "read and write";
    }

    /**
     * {@link #open} for the descriptor IOs go through: with O_NOATIME, so that a read does not go
     * through the inode's access-time check (about 2% of the replay thread's CPU at 4 KiB reads,
     * bench/engine-profile.sh), and without it when that open fails (EPERM: neither the file's
     * owner nor privileged; any other error is then the plain open's to report).
     */
    public static int openForIo(String path, int flags, String flagNames) {
        return withNoAtimeFirst(flags, f -> LibC.open(path, f, 0), () -> open(path, flags, flagNames, 0));
    }

    static int withNoAtimeFirst(int flags, IntUnaryOperator open, IntSupplier plainOpen) {
        try {
            return open.applyAsInt(flags | LibC.O_NOATIME);
        } catch (LastErrorException e) {
            return plainOpen.getAsInt();
        }
    }

    /** close(2); a failure is reported, since it may be a write error surfacing late. */
    public static void close(int fd, String path) {
        try {
            LibC.close(fd);
        } catch (LastErrorException e) {
            throw Errno.failure("close", path, e);
        }
    }

    /**
     * flock(LOCK_EX | LOCK_NB) on {@code fd}: true when the lock is taken, false when another open
     * file holds it (EWOULDBLOCK).
     */
    public static boolean tryLockExclusive(int fd, String path) {
        try {
            LibC.flock(fd, LibC.LOCK_EX | LibC.LOCK_NB);
            return true;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.EAGAIN) {
                return false;
            }
            throw Errno.failure("flock(LOCK_EX)", path, e);
        }
    }

    /**
     * {@link #tryLockExclusive} again every 2 ms while another open file holds the lock, until
     * {@code deadlineNanoTime} ({@link System#nanoTime}): false when it is still held then.
     */
    public static boolean lockExclusiveBy(int fd, String path, long deadlineNanoTime) {
        while (!tryLockExclusive(fd, path)) {
            if (System.nanoTime() - deadlineNanoTime > 0) {
                return false;
            }
            LockSupport.parkNanos(LOCK_POLL_NS);
        }
        return true;
    }

    /**
     * lseek(2) with SEEK_DATA or SEEK_HOLE: the first offset at or after {@code offsetBytes} that is
     * data, or a hole (the end of the file counts as one); -1 for SEEK_DATA when no data follows (ENXIO).
     */
    public static long seek(int fd, long offsetBytes, int whence, String path) {
        try {
            return LibC.lseek(fd, offsetBytes, whence);
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.ENXIO) {
                return -1;
            }
            throw Errno.failure(whence == LibC.SEEK_DATA ? "lseek(SEEK_DATA)" : "lseek(SEEK_HOLE)", path, e);
        }
    }

    /**
     * Closes {@code fd} after {@code failure} ended the opening of a target, keeping a failure to
     * close as suppressed; returns {@code failure} for the caller to throw.
     */
    public static RuntimeException closeAfter(int fd, String path, RuntimeException failure) {
        try {
            close(fd, path);
        } catch (RuntimeException closing) {
            failure.addSuppressed(closing);
        }
        return failure;
    }

    /** The bytes the file at {@code path} has allocated: its st_blocks (statx) times 512; empty where its file system reports none. */
    public static OptionalLong allocatedBytes(String path) {
        try (Memory out = new Memory(LibC.STATX_BUFFER_BYTES)) {
            LibC.statx(LibC.AT_FDCWD, path, 0, LibC.STATX_BLOCKS, Pointer.nativeValue(out));
            if ((out.getInt(0) & LibC.STATX_BLOCKS) == 0) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(out.getLong(LibC.STATX_BLOCKS_OFFSET) * LibC.STAT_BLOCK_BYTES);
        } catch (LastErrorException e) {
            throw Errno.failure("statx", path, e);
        }
    }

    /** ioctl BLKGETSIZE64: the device's size in bytes. */
    public static long blockDeviceSizeBytes(int fd, String path) {
        try (Memory out = new Memory(U64_BYTES)) {
            LibC.ioctl(fd, LibC.BLKGETSIZE64, Pointer.nativeValue(out));
            return out.getLong(0);
        } catch (LastErrorException e) {
            throw Errno.failure("ioctl(BLKGETSIZE64)", path, e);
        }
    }

    /** ioctl BLKSSZGET: the logical sector size, the unit of O_DIRECT alignment. */
    public static int logicalBlockSize(int fd, String path) {
        return intIoctl(fd, LibC.BLKSSZGET, "ioctl(BLKSSZGET)", path);
    }

    /** ioctl BLKPBSZGET: the physical sector size. */
    public static int physicalBlockSize(int fd, String path) {
        return intIoctl(fd, LibC.BLKPBSZGET, "ioctl(BLKPBSZGET)", path);
    }

    /** ioctl FS_IOC_GETFLAGS: the file's attribute flags (FS_*_FL, as lsattr shows them). */
    public static int fileFlags(int fd, String path) {
        return intIoctl(fd, LibC.FS_IOC_GETFLAGS, "ioctl(FS_IOC_GETFLAGS)", path);
    }

    /** ioctl FS_IOC_SETFLAGS: sets the file's attribute flags, as chattr does. */
    public static void setFileFlags(int fd, int flags, String path) {
        try (Memory in = new Memory(Integer.BYTES)) {
            in.setInt(0, flags);
            LibC.ioctl(fd, LibC.FS_IOC_SETFLAGS, Pointer.nativeValue(in));
        } catch (LastErrorException e) {
            throw Errno.failure("ioctl(FS_IOC_SETFLAGS)", path, e);
        }
    }

    private static int intIoctl(int fd, long request, String call, String path) {
        try (Memory out = new Memory(Integer.BYTES)) {
            LibC.ioctl(fd, request, Pointer.nativeValue(out));
            return out.getInt(0);
        } catch (LastErrorException e) {
            throw Errno.failure(call, path, e);
        }
    }

    /** fdatasync(2): 0 or a negative errno. */
    public static int fdatasync(int fd) {
        try {
            LibC.fdatasync(fd);
            return 0;
        } catch (LastErrorException e) {
            return -e.getErrorCode();
        }
    }

    /** fallocate(2) with {@code mode} (0, or FALLOC_FL_* bits): 0 or a negative errno. */
    public static int fallocate(int fd, int mode, long offsetBytes, long lengthBytes) {
        try {
            LibC.fallocate(fd, mode, offsetBytes, lengthBytes);
            return 0;
        } catch (LastErrorException e) {
            return -e.getErrorCode();
        }
    }

    /**
     * An ioctl that takes a byte range as u64[2] {offset, length} (BLKDISCARD, BLKSECDISCARD,
     * BLKZEROOUT), for calls off the IO path (a purge): 0 or a negative errno.
     */
    public static int rangeIoctl(int fd, long request, long offsetBytes, long lengthBytes) {
        try (Memory r = new Memory(RANGE_BYTES)) {
            return rangeIoctl(fd, request, r, offsetBytes, lengthBytes);
        }
    }

    private static int rangeIoctl(int fd, long request, Memory range, long offsetBytes, long lengthBytes) {
        range.setLong(0, offsetBytes);
        range.setLong(U64_BYTES, lengthBytes);
        try {
            LibC.ioctl(fd, request, Pointer.nativeValue(range));
            return 0;
        } catch (LastErrorException e) {
            return -e.getErrorCode();
        }
    }

    /**
     * ioctl BLKDISCARD for one device, callable from any thread. The kernel reads the range from a
     * u64[2] {offset, length} in native memory; each calling thread gets its own, made on its first
     * discard, so discards allocate nothing and threads do not serialise on a shared buffer.
     */
    public static final class Discard {
        private final int fd;
        private final ThreadLocal<Memory> range = ThreadLocal.withInitial(Discard::newRange);

        public Discard(int fd) {
            this.fd = fd;
        }

        private static Memory newRange() {
            return new Memory(RANGE_BYTES);
        }

        /** Discards [offsetBytes, offsetBytes + lengthBytes): 0 or a negative errno. */
        public int discard(long offsetBytes, long lengthBytes) {
            return rangeIoctl(fd, LibC.BLKDISCARD, range.get(), offsetBytes, lengthBytes);
        }
    }
}
