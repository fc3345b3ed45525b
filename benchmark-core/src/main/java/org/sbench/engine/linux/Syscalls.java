package org.sbench.engine.linux;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The libc calls an engine makes once per IO or once per wait. Unlike {@link LibC} they never
 * throw: a failure comes back as a negative errno, so a failed IO or an expired timed wait costs
 * no exception object (no exceptions per IO). JNA keeps errno per thread after every
 * direct call, which is what {@link Native#getLastError()} reads.
 */
public final class Syscalls {
    /** preadv2's flag: fail with EAGAIN rather than wait; EOPNOTSUPP from a file that takes no such IO. */
    public static final int RWF_NOWAIT = 0x8;
    /** Bytes of a {@code struct iovec}: base address, then length. */
    public static final int IOVEC_BYTES = 16;

    private Syscalls() {
    }

    /** Bytes read into {@code buf}, or a negative errno. */
    public static long pread(int fd, long buf, long count, long offset) {
        long r = Bound.pread(fd, buf, count, offset);
        return r < 0 ? -Native.getLastError() : r;
    }

    /** Bytes read into the {@code iovcnt} iovecs at {@code iov} (preadv2(2) with {@code flags}), or a negative errno. */
    public static long preadv2(int fd, long iov, int iovcnt, long offset, int flags) {
        long r = Bound.preadv2(fd, iov, iovcnt, offset, flags);
        return r < 0 ? -Native.getLastError() : r;
    }

    /** Bytes written from {@code buf}, or a negative errno. */
    public static long pwrite(int fd, long buf, long count, long offset) {
        long r = Bound.pwrite(fd, buf, count, offset);
        return r < 0 ? -Native.getLastError() : r;
    }

    /** Bytes read into {@code buf} (read(2)), or a negative errno: a non-blocking read finding nothing is -EAGAIN, no exception. */
    public static long read(int fd, byte[] buf) {
        long r = Bound.read(fd, buf, buf.length);
        return r < 0 ? -Native.getLastError() : r;
    }

    /** The system call's return value, or a negative errno when it returned -1. */
    public static long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6) {
        long r = Bound.syscall(number, a1, a2, a3, a4, a5, a6);
        return r == -1 ? -Native.getLastError() : r;
    }

    /** The raw bindings; without {@code throws LastErrorException} JNA only records errno. */
    private static final class Bound {
        static {
            Native.register(Bound.class, Platform.C_LIBRARY_NAME);
        }

        static native long pread(int fd, long buf, long count, long offset);

        static native long pwrite(int fd, long buf, long count, long offset);

        static native long preadv2(int fd, long iov, int iovcnt, long offset, int flags);

        static native long read(int fd, byte[] buf, long count);

        static native long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6);
    }
}
