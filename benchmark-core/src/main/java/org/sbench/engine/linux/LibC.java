package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The C library calls sbench makes, bound with JNA direct mapping (no per-call reflection or
 * allocation). Pointers are passed as {@code long} addresses (Linux x86-64 and arm64 pass both in
 * the same registers). Each call that can fail throws {@link LastErrorException} carrying errno;
 * callers turn it into a one-line message with {@link Errno} or into a negative errno result.
 * Constants carry the kernel's names.
 */
public final class LibC {
    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    // open(2) flags (asm-generic; x86-64 and arm64 differ only in O_DIRECT, handled below)
    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    /** The access-mode bits of open(2) flags: O_RDONLY, O_WRONLY or O_RDWR. */
    public static final int O_ACCMODE = 3;
    public static final int O_CREAT = 0100;
    public static final int O_EXCL = 0200;
    public static final int O_CLOEXEC = 02000000;
    public static final int O_DIRECT = Platform.isARM() ? 0200000 : 040000;
    public static final int O_NOATIME = 01000000;
    public static final int O_NONBLOCK = 04000;
    /** rw-r--r-- for files sbench creates. */
    public static final int MODE_0644 = 0644;
    /** r-------- for a disk's lock file as it is made, before root gives it the disk's read permissions. */
    public static final int MODE_0400 = 0400;

    // ioctl requests (include/uapi/linux/fs.h)
    public static final long BLKSSZGET = 0x1268;
    public static final long BLKPBSZGET = 0x127b;
    public static final long BLKGETSIZE64 = 0x80081272L;
    public static final long BLKDISCARD = 0x1277;
    public static final long BLKSECDISCARD = 0x127d;
    public static final long BLKZEROOUT = 0x127f;
    /** _IOR('f', 1, long): a file's attribute flags, as lsattr shows them (the kernel reads and writes an int). */
    public static final long FS_IOC_GETFLAGS = 0x80086601L;
    /** _IOW('f', 2, long): sets them, as chattr does. */
    public static final long FS_IOC_SETFLAGS = 0x40086602L;
    /** Attribute flags: c (compress) and C (no copy on write: btrfs nodatacow, set on an empty file). */
    public static final int FS_COMPR_FL = 0x00000004;
    public static final int FS_NOCOW_FL = 0x00800000;

    // fallocate(2) modes
    public static final int FALLOC_FL_KEEP_SIZE = 0x01;
    public static final int FALLOC_FL_PUNCH_HOLE = 0x02;
    public static final int FALLOC_FL_ZERO_RANGE = 0x10;

    // posix_fadvise(2) advice
    /** Drop the clean cached pages of the range (a block device's whole page cache with 0, 0). */
    public static final int POSIX_FADV_DONTNEED = 4;

    // flock(2) operations
    public static final int LOCK_EX = 2;
    public static final int LOCK_NB = 4;

    // lseek(2) whence values that find data and holes (since Linux 3.1)
    public static final int SEEK_DATA = 3;
    public static final int SEEK_HOLE = 4;

    // statx(2): a path from the working directory, the fields asked for, and where they are in struct statx (the
    // same layout on every architecture)
    public static final int AT_FDCWD = -100;
    public static final int STATX_BLOCKS = 0x400;
    public static final int STATX_BUFFER_BYTES = 256;
    /** stx_mask, the fields filled, is the first u32; stx_blocks the u64 at 0x30. */
    public static final int STATX_BLOCKS_OFFSET = 0x30;
    /** The unit of stx_blocks (st_blocks), whatever the file system's block size. */
    public static final int STAT_BLOCK_BYTES = 512;

    // mmap(2)
    public static final int PROT_READ = 1;
    public static final int PROT_WRITE = 2;
    public static final int MAP_SHARED = 0x01;
    public static final int MAP_PRIVATE = 0x02;
    public static final int MAP_ANONYMOUS = 0x20;
    public static final int MAP_POPULATE = 0x8000;
    public static final int MADV_HUGEPAGE = 14;
    // poll(2), eventfd(2)
    public static final short POLLIN = 1;
    /** struct pollfd: int fd, short events, short revents. */
    public static final int POLLFD_BYTES = 8;
    public static final int POLLFD_EVENTS_OFFSET = 4;
    public static final int EFD_NONBLOCK = O_NONBLOCK;
    public static final int EFD_CLOEXEC = O_CLOEXEC;
    // socket(2), bind(2): the kernel's uevents (netlink(7), NETLINK_KOBJECT_UEVENT)
    public static final int AF_NETLINK = 16;
    public static final int SOCK_DGRAM = 2;
    public static final int SOCK_NONBLOCK = O_NONBLOCK;
    public static final int SOCK_CLOEXEC = O_CLOEXEC;
    public static final int NETLINK_KOBJECT_UEVENT = 15;
    /** The multicast group of the kernel's own uevents (2 is udev's re-broadcast). */
    public static final int UEVENT_KERNEL_GROUP = 1;
    /** struct sockaddr_nl: u16 family, u16 pad, u32 pid, u32 groups. */
    public static final int SOCKADDR_NL_BYTES = 12;
    public static final int SOCKADDR_NL_GROUPS_OFFSET = 8;
    // mount(2), umount2(2)
    public static final long MS_NOSUID = 2;
    public static final long MS_NODEV = 4;
    public static final long MS_NOEXEC = 8;
    public static final int UMOUNT_NOFLAGS = 0;

    private LibC() {
    }

    public static native int open(String path, int flags, int mode) throws LastErrorException;

    public static native int close(int fd) throws LastErrorException;

    public static native int fdatasync(int fd) throws LastErrorException;

    public static native long write(int fd, byte[] buf, long count) throws LastErrorException;

    public static native int poll(long fds, long nfds, int timeout) throws LastErrorException;

    public static native int eventfd(int initval, int flags) throws LastErrorException;

    public static native int socket(int domain, int type, int protocol) throws LastErrorException;

    public static native int bind(int fd, long addr, int addrlen) throws LastErrorException;

    public static native int fallocate(int fd, int mode, long offset, long len) throws LastErrorException;

    public static native int flock(int fd, int operation) throws LastErrorException;

    /** posix_fadvise(3) returns its error number instead of setting errno: 0 or a positive errno. */
    public static native int posix_fadvise(int fd, long offset, long len, int advice);

    /** statx(2) into the {@link #STATX_BUFFER_BYTES} at address {@code statxbuf}. */
    public static native int statx(int dirfd, String path, int flags, int mask, long statxbuf) throws LastErrorException;

    public static native long lseek(int fd, long offset, int whence) throws LastErrorException;

    /** ioctl with a pointer argument (an address of a u64 or int, or of a u64[2] range). */
    public static native int ioctl(int fd, long request, long argp) throws LastErrorException;

    public static native long mmap(long addr, long length, int prot, int flags, int fd, long offset) throws LastErrorException;

    public static native int munmap(long addr, long length) throws LastErrorException;

    public static native int madvise(long addr, long length, int advice) throws LastErrorException;

    public static native String strerror(int errnum);

    public static native int geteuid();

    /** mount(2); {@code data} is the address of the options string, 0 for none. */
    public static native int mount(String source, String target, String fileSystemType, long mountFlags, long data)
            throws LastErrorException;

    public static native int umount2(String target, int flags) throws LastErrorException;
}
