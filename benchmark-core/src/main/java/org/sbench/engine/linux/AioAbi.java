package org.sbench.engine.linux;

/**
 * Linux native AIO (include/uapi/linux/aio_abi.h) as sbench calls it: raw system calls, no libaio.
 * Struct offsets are for little-endian 64-bit Linux (x86-64 and arm64), where the kernel's
 * {@code PADDED(aio_key, aio_rw_flags)} puts {@code aio_key} first. Each call returns its result
 * or a negative errno and never throws, so the engine decides what a failure means.
 */
public final class AioAbi {
    /** True where the system call numbers below are known (x86-64, arm64). */
    public static final boolean SUPPORTED = LinuxArch.X86_64 || LinuxArch.AARCH64;

    public static final long SYS_IO_SETUP = LinuxArch.pick(206, 0);
    public static final long SYS_IO_DESTROY = LinuxArch.pick(207, 1);
    public static final long SYS_IO_GETEVENTS = LinuxArch.pick(208, 4);
    public static final long SYS_IO_SUBMIT = LinuxArch.pick(209, 2);

    // enum { IOCB_CMD_* }
    public static final short IOCB_CMD_PREAD = 0;
    public static final short IOCB_CMD_PWRITE = 1;

    // struct iocb, 64 bytes
    public static final int SIZEOF_IOCB = 64;
    public static final int AIO_DATA = 0;
    public static final int AIO_KEY = 8;
    public static final int AIO_RW_FLAGS = 12;
    public static final int AIO_LIO_OPCODE = 16;
    public static final int AIO_REQPRIO = 18;
    public static final int AIO_FILDES = 20;
    public static final int AIO_BUF = 24;
    public static final int AIO_NBYTES = 32;
    public static final int AIO_OFFSET = 40;
    public static final int AIO_RESERVED2 = 48;
    public static final int AIO_FLAGS = 56;
    public static final int AIO_RESFD = 60;

    // struct io_event, 32 bytes
    public static final int SIZEOF_IO_EVENT = 32;
    public static final int EVENT_DATA = 0;
    public static final int EVENT_OBJ = 8;
    public static final int EVENT_RES = 16;
    public static final int EVENT_RES2 = 24;

    // struct aio_ring (fs/aio.c), the completion ring io_setup maps into the process at the context's address
    public static final int RING_NR = 4;
    public static final int RING_HEAD = 8;
    public static final int RING_TAIL = 12;
    public static final int RING_MAGIC = 16;
    public static final int RING_INCOMPAT_FEATURES = 24;
    public static final int RING_HEADER_LENGTH = 28;
    /** Size of the header; the io_events follow it. */
    public static final int SIZEOF_AIO_RING = 32;
    public static final int AIO_RING_MAGIC = 0xa10a10a1;

    /** aio_context_t, an unsigned long the kernel writes. */
    public static final int SIZEOF_AIO_CONTEXT = 8;
    /** struct timespec {tv_sec, tv_nsec} on 64-bit. */
    public static final int SIZEOF_TIMESPEC = 16;
    public static final int TV_SEC = 0;
    public static final int TV_NSEC = 8;

    private AioAbi() {
    }

    /** io_setup(nr_events, ctxp): 0 with the context written at {@code ctxAddress}, or -errno. */
    public static long ioSetup(int nrEvents, long ctxAddress) {
        return Syscalls.syscall(SYS_IO_SETUP, nrEvents, ctxAddress, 0, 0, 0, 0);
    }

    /** io_destroy(ctx): waits for the context's IOs, then frees it; 0 or -errno. */
    public static long ioDestroy(long ctx) {
        return Syscalls.syscall(SYS_IO_DESTROY, ctx, 0, 0, 0, 0, 0);
    }

    /**
     * io_submit(ctx, nr, iocbpp): how many of the {@code nr} iocbs whose addresses are at
     * {@code iocbPointersAddress} were queued (in order), or -errno when the first was refused.
     */
    public static long ioSubmit(long ctx, long nr, long iocbPointersAddress) {
        return Syscalls.syscall(SYS_IO_SUBMIT, ctx, nr, iocbPointersAddress, 0, 0, 0);
    }

    /**
     * io_getevents(ctx, min_nr, nr, events, timeout): completions written at {@code eventsAddress},
     * waiting for {@code minNr} at most the relative timespec at {@code timeoutAddress} (0: no
     * limit); the count, or -errno (EINTR when a signal came first).
     */
    public static long ioGetevents(long ctx, long minNr, long nr, long eventsAddress, long timeoutAddress) {
        return Syscalls.syscall(SYS_IO_GETEVENTS, ctx, minNr, nr, eventsAddress, timeoutAddress, 0);
    }
}
