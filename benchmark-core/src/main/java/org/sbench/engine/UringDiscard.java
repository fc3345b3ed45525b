package org.sbench.engine;

import java.nio.ByteBuffer;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.MappedMemory;
import org.sbench.engine.linux.Syscalls;
import org.sbench.engine.linux.TargetCalls;
import org.sbench.engine.linux.UringAbi;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.Target;

/**
 * Queued discards through io_uring: {@code IORING_OP_URING_CMD} with {@code BLOCK_URING_CMD_DISCARD}
 * (Linux 6.12+, block/ioctl.c {@code blkdev_uring_cmd}) on a block device open for writing. A plain
 * 64-byte SQE carries it: the range's start in {@code addr}, its length in {@code addr3}, the command
 * where {@code off} is; {@code len}, {@code rw_flags}, {@code ioprio}, {@code __pad1} and
 * {@code file_index} must be 0. The CQE's result is 0 or a negative errno.
 *
 * <p>The kernel issues the command inline, in submit order, only when it can without blocking;
 * otherwise it hands the command to an io-wq worker, which issues it later, after IOs submitted
 * behind it. It does so for a discard the block layer cuts into several bios (one that starts off
 * the discard granularity and crosses it) and for a range with pages in the device's page cache.
 * So the engine queues only trims that are one bio and one request on their member ({@link
 * org.sbench.target.DiscardGeometry#oneRequest}), and drops the devices' clean cached pages
 * (posix_fadvise DONTNEED) when it opens; its own IOs are O_DIRECT and cache nothing. A striped
 * target's trims are queued when every member is a block device that passes the probe.
 */
final class UringDiscard {
    /** What the engine says of queued discards. */
    static final String QUEUED = "queued (io_uring BLOCK_URING_CMD_DISCARD); a trim the block layer cuts into several"
            + " bios or requests runs as ioctl BLKDISCARD in commit";

    private UringDiscard() {
    }

    /**
     * Why the target's trims cannot be queued before asking the kernel to run one: a member (the
     * target itself, or one of a stripe's) that is not a block device or does not discard, or an
     * io_uring without uring_cmd; null when nothing says so.
     */
    static String refusalBeforeProbe(Target target, int ring) {
        boolean striped = target.stripe() != null;
        for (Target m : target.members()) {
            if (!BlockDeviceTarget.KIND.equals(m.kind())) {
                return (striped ? "member " + m.path() + " is a " + m.kind() : m.kind() + " target")
                        + ": io_uring queues discards of block devices only";
            }
            if (!m.discardGeometry().discards()) {
                return m.path() + " does not discard (queue/discard_max_bytes is 0)";
            }
            if (!takesNowaitIo(m)) {
                return m.path() + " takes no IO that must not wait (a read with RWF_NOWAIT: EOPNOTSUPP), as a bio-based"
                        + " driver without nowait support (zram) does; the kernel fails a queued discard there with EOPNOTSUPP";
            }
        }
        if (!knowsOpcode(ring, UringAbi.IORING_OP_URING_CMD)) {
            return "io_uring has no IORING_OP_URING_CMD (Linux 5.19+)";
        }
        return null;
    }

    /**
     * Why the kernel refused the probe, a discard of no bytes at offset 0 (which a kernel that
     * queues discards rejects with EINVAL after checking discard support and the open mode,
     * touching nothing); null when it would queue discards.
     */
    static String refusalOfProbe(long result) {
        if (result == 0 || result == -Errno.EINVAL) {
            return null;
        }
        if (result == -Errno.EOPNOTSUPP) {
            // The device discards (sysfs said so): it is the kernel's block devices that take no uring_cmd.
            return "the kernel has no queued discard for block devices (BLOCK_URING_CMD_DISCARD, Linux 6.12+): "
                    + Errno.describe((int) result);
        }
        if (result == -Errno.EBADF) {
            return "the target is open read-only: " + Errno.describe((int) result);
        }
        return "the kernel refused BLOCK_URING_CMD_DISCARD: " + Errno.describe((int) result);
    }

    /**
     * Whether the kernel lets {@code member} take IO that must not wait: a queued discard is such IO
     * (REQ_NOWAIT), and the block layer fails it on a device without nowait support, which only a
     * bio-based driver lacks (zram; device-mapper and md over such a device). Asked with a read of
     * a logical block with RWF_NOWAIT at the device's end: the kernel refuses the flag with EOPNOTSUPP
     * where the device has no such support, else reads nothing there (0 bytes). No IO reaches the
     * device either way (a probe at offset 0 was a read inside a sweep's or a replay's window).
     */
    private static boolean takesNowaitIo(Target member) {
        int block = member.logicalBlockSize();
        try (MappedMemory memory = MappedMemory.anonymous((long) block + Syscalls.IOVEC_BYTES, "nowait probe")) {
            ByteBuffer iovec = memory.view();
            iovec.putLong(block, memory.address());
            iovec.putLong(block + Long.BYTES, block);
            long end = TargetCalls.blockDeviceSizeBytes(member.fd(), member.path());
            long result = Syscalls.preadv2(member.fd(), memory.address() + block, 1, end, Syscalls.RWF_NOWAIT);
            return result != -Errno.EOPNOTSUPP;
        }
    }

    /**
     * Drops the clean cached pages of every member, over which the kernel would hand a discard to
     * a worker; 0, or the first errno.
     */
    static int dropCachedPages(Target target) {
        int first = 0;
        for (Target m : target.members()) {
            int r = LibC.posix_fadvise(m.fd(), 0, 0, LibC.POSIX_FADV_DONTNEED);
            first = first == 0 ? r : first;
        }
        return first;
    }

    /** Fills every field of the SQE at {@code sqe} with a discard of {@code s}'s range. */
    static void prepare(ByteBuffer sqes, int sqe, byte sqeFlags, int fd, IoSlot s) {
        sqes.put(sqe + UringAbi.SQE_OPCODE, UringAbi.IORING_OP_URING_CMD);
        sqes.put(sqe + UringAbi.SQE_FLAGS, sqeFlags);
        sqes.putShort(sqe + UringAbi.SQE_IOPRIO, (short) 0);
        sqes.putInt(sqe + UringAbi.SQE_FD, fd);
        sqes.putInt(sqe + UringAbi.SQE_CMD_OP, UringAbi.BLOCK_URING_CMD_DISCARD);
        sqes.putInt(sqe + UringAbi.SQE_PAD1, 0);
        sqes.putLong(sqe + UringAbi.SQE_ADDR, s.offsetBytes);
        sqes.putInt(sqe + UringAbi.SQE_LEN, 0);
        sqes.putInt(sqe + UringAbi.SQE_RW_FLAGS, 0);
        sqes.putLong(sqe + UringAbi.SQE_USER_DATA, s.index);
        sqes.putShort(sqe + UringAbi.SQE_BUF_INDEX, (short) 0);
        sqes.putShort(sqe + UringAbi.SQE_PERSONALITY, (short) 0);
        sqes.putInt(sqe + UringAbi.SQE_SPLICE_FD_IN, 0);
        sqes.putLong(sqe + UringAbi.SQE_ADDR3, s.lengthBytes);
        sqes.putLong(sqe + UringAbi.SQE_PAD2, 0L);
    }

    /** IORING_REGISTER_PROBE: true when the ring's kernel knows {@code opcode}. */
    private static boolean knowsOpcode(int ring, byte opcode) {
        long bytes = UringAbi.SIZEOF_PROBE + (long) UringAbi.PROBE_MAX_OPS * UringAbi.SIZEOF_PROBE_OP;
        try (MappedMemory probe = MappedMemory.anonymous(bytes, "io_uring probe")) {
            if (UringAbi.register(ring, UringAbi.IORING_REGISTER_PROBE, probe.address(), UringAbi.PROBE_MAX_OPS) < 0) {
                return false;
            }
            ByteBuffer p = probe.view();
            int known = Byte.toUnsignedInt(p.get(UringAbi.PROBE_OPS_LEN));
            int op = Byte.toUnsignedInt(opcode);
            return op < known && (p.getShort(UringAbi.SIZEOF_PROBE + op * UringAbi.SIZEOF_PROBE_OP + UringAbi.PROBE_OP_FLAGS)
                    & UringAbi.IO_URING_OP_SUPPORTED) != 0;
        }
    }
}
