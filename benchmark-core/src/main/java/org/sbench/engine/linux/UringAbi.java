package org.sbench.engine.linux;

/**
 * io_uring (include/uapi/linux/io_uring.h) as sbench calls it: raw system calls, no liburing.
 * Constants and struct offsets carry the kernel's names; offsets inside the SQ and CQ rings are
 * not fixed and are read from {@code io_uring_params} after setup. The system call numbers are
 * the same on x86-64 and arm64 (the unified table from 5.1 on). Calls return their result or a
 * negative errno and never throw.
 */
public final class UringAbi {
    public static final boolean SUPPORTED = LinuxArch.X86_64 || LinuxArch.AARCH64;
    public static final long SYS_IO_URING_SETUP = 425;
    public static final long SYS_IO_URING_ENTER = 426;
    public static final long SYS_IO_URING_REGISTER = 427;

    // mmap offsets of the three regions
    public static final long IORING_OFF_SQ_RING = 0L;
    public static final long IORING_OFF_CQ_RING = 0x8000000L;
    public static final long IORING_OFF_SQES = 0x10000000L;

    // io_uring_params.features
    /** SQ and CQ rings share one mmap (5.4+). */
    public static final int IORING_FEAT_SINGLE_MMAP = 1;
    /** io_uring_enter takes IORING_ENTER_EXT_ARG, hence a timeout (5.11+). */
    public static final int IORING_FEAT_EXT_ARG = 1 << 8;

    // io_uring_params.flags (setup flags)
    /** Completions do not interrupt the submitter with an IPI; they run at its next kernel entry (5.19+). */
    public static final int IORING_SETUP_COOP_TASKRUN = 1 << 8;
    /** With COOP_TASKRUN: the kernel sets IORING_SQ_TASKRUN when completions wait to be run. */
    public static final int IORING_SETUP_TASKRUN_FLAG = 1 << 9;

    // sq ring flags (at sq_off.flags)
    /** Completion work is waiting: enter with GETEVENTS to post its CQEs. */
    public static final int IORING_SQ_TASKRUN = 1 << 2;

    // io_uring_enter flags
    public static final int IORING_ENTER_GETEVENTS = 1;
    public static final int IORING_ENTER_EXT_ARG = 1 << 3;
    /** The fd argument is an index into this thread's registered rings (5.18+). */
    public static final int IORING_ENTER_REGISTERED_RING = 1 << 4;

    // io_uring_register opcodes
    /** Registers an array of iovecs as fixed buffers (pinned once, not per IO). */
    public static final int IORING_REGISTER_BUFFERS = 0;
    public static final int IORING_UNREGISTER_BUFFERS = 1;
    /** Registers an array of file descriptors as fixed files (no per-IO file reference). */
    public static final int IORING_REGISTER_FILES = 2;
    public static final int IORING_UNREGISTER_FILES = 3;
    /** Fills a struct io_uring_probe: which opcodes this kernel's io_uring knows (5.6+). */
    public static final int IORING_REGISTER_PROBE = 8;
    /** Registers ring descriptors with the calling thread (struct io_uring_rsrc_update each). */
    public static final int IORING_REGISTER_RING_FDS = 20;
    public static final int IORING_UNREGISTER_RING_FDS = 21;

    // sqe.flags
    /** sqe.fd is an index into the registered files. */
    public static final byte IOSQE_FIXED_FILE = 1;

    // opcodes (enum io_uring_op)
    /** Read into registered buffer sqe.buf_index (5.1+). */
    public static final byte IORING_OP_READ_FIXED = 4;
    /** Write from registered buffer sqe.buf_index (5.1+). */
    public static final byte IORING_OP_WRITE_FIXED = 5;
    /** Non-vectored read (5.6+). */
    public static final byte IORING_OP_READ = 22;
    /** Non-vectored write (5.6+). */
    public static final byte IORING_OP_WRITE = 23;
    /** A command of the file's own (f_op->uring_cmd), named by sqe.cmd_op (5.19+). */
    public static final byte IORING_OP_URING_CMD = 46;

    // uring_cmd commands of block devices (include/uapi/linux/blkdev.h, 6.12+)
    /**
     * _IO(0x12, 0): discard [sqe.addr, sqe.addr + sqe.addr3), bytes (block/ioctl.c blkdev_uring_cmd,
     * which wants ioprio, __pad1, len, rw_flags and file_index 0 and the file open for writing).
     */
    public static final int BLOCK_URING_CMD_DISCARD = 0x1200;

    // struct io_uring_params, 120 bytes
    public static final int SIZEOF_IO_URING_PARAMS = 120;
    public static final int P_SQ_ENTRIES = 0;
    public static final int P_CQ_ENTRIES = 4;
    public static final int P_FLAGS = 8;
    public static final int P_SQ_THREAD_CPU = 12;
    public static final int P_SQ_THREAD_IDLE = 16;
    public static final int P_FEATURES = 20;
    public static final int P_WQ_FD = 24;
    /** struct io_sqring_offsets sq_off. */
    public static final int P_SQ_OFF = 40;
    /** struct io_cqring_offsets cq_off. */
    public static final int P_CQ_OFF = 80;

    // struct io_sqring_offsets, relative to P_SQ_OFF
    public static final int SQ_OFF_HEAD = 0;
    public static final int SQ_OFF_TAIL = 4;
    public static final int SQ_OFF_RING_MASK = 8;
    public static final int SQ_OFF_RING_ENTRIES = 12;
    public static final int SQ_OFF_FLAGS = 16;
    public static final int SQ_OFF_DROPPED = 20;
    public static final int SQ_OFF_ARRAY = 24;

    // struct io_cqring_offsets, relative to P_CQ_OFF
    public static final int CQ_OFF_HEAD = 0;
    public static final int CQ_OFF_TAIL = 4;
    public static final int CQ_OFF_RING_MASK = 8;
    public static final int CQ_OFF_RING_ENTRIES = 12;
    public static final int CQ_OFF_OVERFLOW = 16;
    public static final int CQ_OFF_CQES = 20;
    public static final int CQ_OFF_FLAGS = 24;

    // struct io_uring_sqe, 64 bytes
    public static final int SIZEOF_SQE = 64;
    public static final int SQE_OPCODE = 0;
    public static final int SQE_FLAGS = 1;
    public static final int SQE_IOPRIO = 2;
    public static final int SQE_FD = 4;
    public static final int SQE_OFF = 8;
    /** IORING_OP_URING_CMD: a u32 command where off is, then the u32 __pad1. */
    public static final int SQE_CMD_OP = 8;
    public static final int SQE_PAD1 = 12;
    public static final int SQE_ADDR = 16;
    public static final int SQE_LEN = 24;
    /** Union of rw_flags, fsync_flags and the other per-op flags. */
    public static final int SQE_RW_FLAGS = 28;
    public static final int SQE_USER_DATA = 32;
    public static final int SQE_BUF_INDEX = 40;
    public static final int SQE_PERSONALITY = 42;
    public static final int SQE_SPLICE_FD_IN = 44;
    public static final int SQE_ADDR3 = 48;
    public static final int SQE_PAD2 = 56;

    // struct io_uring_cqe, 16 bytes
    public static final int SIZEOF_CQE = 16;
    public static final int CQE_USER_DATA = 0;
    public static final int CQE_RES = 8;
    public static final int CQE_FLAGS = 12;

    /** The SQ ring's index array holds u32s. */
    public static final int SIZEOF_SQ_ARRAY_ENTRY = 4;

    // struct io_uring_getevents_arg, 24 bytes
    public static final int SIZEOF_GETEVENTS_ARG = 24;
    public static final int ARG_SIGMASK = 0;
    public static final int ARG_SIGMASK_SZ = 8;
    /** {@code pad} before 6.12, {@code min_wait_usec} since; sbench leaves it 0. */
    public static final int ARG_MIN_WAIT_USEC = 12;
    public static final int ARG_TS = 16;

    // struct io_uring_probe, 16 bytes, then ops_len struct io_uring_probe_op of 8 bytes
    public static final int SIZEOF_PROBE = 16;
    public static final int PROBE_LAST_OP = 0;
    public static final int PROBE_OPS_LEN = 1;
    public static final int SIZEOF_PROBE_OP = 8;
    public static final int PROBE_OP_FLAGS = 2;
    /** io_uring_probe_op.flags: the kernel knows the opcode. */
    public static final int IO_URING_OP_SUPPORTED = 1;
    /** Opcodes are a u8: a probe with room for 256 ops covers every kernel. */
    public static final int PROBE_MAX_OPS = 256;
    // struct io_uring_rsrc_update, 16 bytes
    public static final int SIZEOF_RSRC_UPDATE = 16;
    /** The slot: -1 (all ones) to let the kernel pick one, which it writes back. */
    public static final int RSRC_OFFSET = 0;
    public static final int RSRC_DATA = 8;

    // struct iovec, 16 bytes
    public static final int SIZEOF_IOVEC = 16;
    public static final int IOV_BASE = 0;
    public static final int IOV_LEN = 8;

    // struct __kernel_timespec, 16 bytes
    public static final int SIZEOF_KERNEL_TIMESPEC = 16;
    public static final int TV_SEC = 0;
    public static final int TV_NSEC = 8;

    private UringAbi() {
    }

    /** io_uring_setup(entries, params): the ring's file descriptor, or -errno; params' flags must be set. */
    public static long setup(int entries, long paramsAddress) {
        return Syscalls.syscall(SYS_IO_URING_SETUP, entries, paramsAddress, 0, 0, 0, 0);
    }

    /** io_uring_register(fd, opcode, arg, nr_args): 0 (or a count), or -errno. */
    public static long register(int fd, int opcode, long argAddress, int count) {
        return Syscalls.syscall(SYS_IO_URING_REGISTER, fd, opcode, argAddress, count, 0, 0);
    }

    /**
     * io_uring_enter(fd, to_submit, min_complete, flags, arg, argsz): SQEs consumed, or -errno
     * (ETIME when an IORING_ENTER_EXT_ARG timeout expired, EINTR on a signal).
     */
    public static long enter(int fd, int toSubmit, int minComplete, int flags, long argAddress, long argBytes) {
        return Syscalls.syscall(SYS_IO_URING_ENTER, fd, toSubmit, minComplete, flags, argAddress, argBytes);
    }
}
