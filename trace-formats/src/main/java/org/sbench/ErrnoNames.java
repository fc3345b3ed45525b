package org.sbench;

/**
 * The symbolic names of the Linux errno values sbench meets: those its system calls fail with,
 * and those a block request completes with ({@code blk_status_to_errno}, block/blk-core.c), as
 * replay results and recorded traces name them. One table for both.
 */
public final class ErrnoNames {
    private ErrnoNames() {
    }

    /** The name of {@code errno} (positive): "EIO", or "errno N" for one not named here. */
    public static String of(int errno) {
        return switch (errno) {
            case 1 -> "EPERM";
            case 2 -> "ENOENT";
            case 4 -> "EINTR";
            case 5 -> "EIO";
            case 6 -> "ENXIO";
            case 9 -> "EBADF";
            case 11 -> "EAGAIN";
            case 12 -> "ENOMEM";
            case 13 -> "EACCES";
            case 14 -> "EFAULT";
            case 16 -> "EBUSY";
            case 17 -> "EEXIST";
            case 19 -> "ENODEV";
            case 22 -> "EINVAL";
            case 28 -> "ENOSPC";
            case 30 -> "EROFS";
            case 38 -> "ENOSYS";
            case 52 -> "EBADE";
            case 61 -> "ENODATA";
            case 62 -> "ETIME";
            case 67 -> "ENOLINK";
            case 75 -> "EOVERFLOW";
            case 78 -> "EREMCHG";
            case 84 -> "EILSEQ";
            case 95 -> "EOPNOTSUPP";
            case 109 -> "ETOOMANYREFS";
            case 110 -> "ETIMEDOUT";
            case 121 -> "EREMOTEIO";
            default -> "errno " + errno;
        };
    }
}
