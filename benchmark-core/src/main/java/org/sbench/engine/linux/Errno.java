package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import org.sbench.ErrnoNames;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** errno values sbench acts on, and the one way a failed system call becomes a user-facing error. */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int ENXIO = 6;
    public static final int EBADF = 9;
    /** Also EWOULDBLOCK: a non-blocking lock is held by someone else. */
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENODEV = 19;
    public static final int EINVAL = 22;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int ENOSYS = 38;
    /** A timed wait (io_uring_enter with a timeout) expired. */
    public static final int ETIME = 62;
    public static final int EOPNOTSUPP = 95;
    /** A netlink socket's buffer overflowed: messages were dropped. */
    public static final int ENOBUFS = 105;
    public static final int EDQUOT = 122;

    private Errno() {
    }

    /** "EINVAL (Invalid argument)" style text for {@code errno} (positive or negative). */
    public static String describe(int errno) {
        int e = Math.abs(errno);
        return ErrnoNames.of(e) + " (" + LibC.strerror(e) + ")";
    }

    /** {@code errno} in words as a message goes on ("no space left on device"), as {@link SbenchException#reason} says an IO failure. */
    public static String reason(int errno) {
        String words = LibC.strerror(Math.abs(errno));
        return Character.toLowerCase(words.charAt(0)) + words.substring(1);
    }

    /** {@code CALL failed on WHAT: EINVAL (Invalid argument)}, as a system failure. */
    public static SbenchException failure(String call, String what, LastErrorException e) {
        return failure(call, what, e.getErrorCode());
    }

    public static SbenchException failure(String call, String what, int errno) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, call + " failed on " + what + ": " + describe(errno));
    }
}
