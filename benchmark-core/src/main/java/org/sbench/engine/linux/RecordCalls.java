// The libc calls the recorder (org.sbench.record) makes: who we are, mounting tracefs, space ahead of the trace.
package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.file.Path;

/**
 * The system calls {@code sbench record} makes besides file reads and writes, checked: each
 * failure is a one-line {@link org.sbench.SbenchException} naming the call, the path and errno.
 */
public final class RecordCalls {
    private static final String TRACEFS = "tracefs";
    /** tracefs is mounted as systemd mounts it: no set-uid programs, device nodes or executables. */
    private static final long TRACEFS_FLAGS = LibC.MS_NOSUID | LibC.MS_NODEV | LibC.MS_NOEXEC;
    private static final long NO_OPTIONS = 0;

    private RecordCalls() {
    }

    /** geteuid(2): the effective user id; 0 is root. */
    public static int effectiveUid() {
        return LibC.geteuid();
    }

    /** open(2) of an existing {@code file} for writing, close-on-exec: a descriptor for {@link #allocate}, to {@link #close}. */
    public static int openForWriting(Path file) {
        try {
            return LibC.open(file.toString(), LibC.O_WRONLY | LibC.O_CLOEXEC, 0);
        } catch (LastErrorException e) {
            throw Errno.failure("open", file.toString(), e);
        }
    }

    /** open(2) of an existing {@code file} for non-blocking reads, close-on-exec: a descriptor for {@link #readNow}, to {@link #close}. */
    public static int openNonBlocking(Path file) {
        try {
            return LibC.open(file.toString(), LibC.O_RDONLY | LibC.O_NONBLOCK | LibC.O_CLOEXEC, 0);
        } catch (LastErrorException e) {
            throw Errno.failure("open", file.toString(), e);
        }
    }

    /**
     * read(2) of up to {@code buf.length} bytes from {@code file}'s descriptor of {@link #openNonBlocking}.
     *
     * @return the bytes read; 0 when there is nothing to read now (EAGAIN) or at its end
     * @throws org.sbench.SbenchException a failure of any other kind, naming {@code file}
     */
    public static int readNow(int fd, byte[] buf, Path file) {
        long n = Syscalls.read(fd, buf);
        if (n == -Errno.EAGAIN) {
            return 0;
        }
        if (n < 0) {
            throw Errno.failure("read", file.toString(), (int) -n);
        }
        return (int) n;
    }

    /**
     * fallocate(2) of {@code length} bytes at {@code offset} of {@code fd}, growing the file past them.
     *
     * @return 0, or the errno when the file system is full (ENOSPC), the user's disk quota ran out (EDQUOT) or
     *         the file system cannot allocate ahead (EOPNOTSUPP)
     */
    public static int allocate(int fd, long offset, long length, Path file) {
        try {
            LibC.fallocate(fd, 0, offset, length);
            return 0;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.ENOSPC || e.getErrorCode() == Errno.EDQUOT || e.getErrorCode() == Errno.EOPNOTSUPP) {
                return e.getErrorCode();
            }
            throw Errno.failure("fallocate", file.toString(), e);
        }
    }

    /**
     * pwrite(2) of {@code length} zeros at {@code offset} of {@code fd}, growing the file past them: allocates their
     * blocks where fallocate cannot (what glibc's posix_fallocate does there). A write that fills the file system
     * leaves what it wrote before.
     *
     * @return 0, or the errno when the file system is full (ENOSPC) or the user's disk quota ran out (EDQUOT)
     */
    public static int writeZeros(int fd, long offset, long length, Path file) {
        for (long done = 0; done < length;) {
            long n = Syscalls.pwrite(fd, Zeros.ADDRESS, Math.min(Zeros.BYTES, length - done), offset + done);
            if (n == -Errno.ENOSPC || n == -Errno.EDQUOT) {
                return (int) -n;
            }
            if (n < 0) {
                throw Errno.failure("pwrite", file.toString(), (int) -n);
            }
            done += n;
        }
        return 0;
    }

    /** Zeros {@link #writeZeros} writes from, made at its first call and never freed: it only reads them. */
    private static final class Zeros {
        static final long BYTES = 64 << 10;
        private static final Memory MEMORY = new Memory(BYTES);
        static final long ADDRESS;

        static {
            MEMORY.clear();
            ADDRESS = Pointer.nativeValue(MEMORY);
        }
    }

    /**
     * fallocate(2) punching a hole of {@code length} bytes at {@code offset} of {@code fd}: the file keeps its size,
     * the range reads as zeros and its blocks are given back to the file system.
     *
     * @return false when the file system cannot punch holes (EOPNOTSUPP)
     */
    public static boolean punchHole(int fd, long offset, long length, Path file) {
        try {
            LibC.fallocate(fd, LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, offset, length);
            return true;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.EOPNOTSUPP) {
                return false;
            }
            throw Errno.failure("fallocate(punch hole)", file.toString(), e);
        }
    }

    /** close(2) of a descriptor {@link #openForWriting} gave. */
    public static void close(int fd, Path file) {
        try {
            LibC.close(fd);
        } catch (LastErrorException e) {
            throw Errno.failure("close", file.toString(), e);
        }
    }

    /** Mounts tracefs on {@code mountPoint} (an existing directory, normally /sys/kernel/tracing). */
    public static void mountTracefs(Path mountPoint) {
        try {
            LibC.mount("nodev", mountPoint.toString(), TRACEFS, TRACEFS_FLAGS, NO_OPTIONS);
        } catch (LastErrorException e) {
            throw Errno.failure("mount(tracefs)", mountPoint.toString(), e);
        }
    }

    /**
     * Unmounts what {@link #mountTracefs} mounted, unless a file in it is open (EBUSY).
     *
     * @return false when it is busy and stays mounted
     */
    public static boolean unmountUnlessBusy(Path mountPoint) {
        try {
            LibC.umount2(mountPoint.toString(), LibC.UMOUNT_NOFLAGS);
            return true;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.EBUSY) {
                return false;
            }
            throw Errno.failure("umount", mountPoint.toString(), e);
        }
    }
}
