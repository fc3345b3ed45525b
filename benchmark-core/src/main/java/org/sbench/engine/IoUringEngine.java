package org.sbench.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.MappedMemory;
import org.sbench.engine.linux.UringAbi;
import org.sbench.replay.NanoClock;
import org.sbench.target.DiscardGeometry;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * The {@code io_uring} engine: raw io_uring_setup / io_uring_enter, rings mapped by hand (no
 * liburing; jasyncfio's {@code SubmissionQueue.java} does the same in Java). Needs kernel 5.11+
 * (IORING_FEAT_EXT_ARG, for timed waits); setup refuses older kernels so {@code auto} falls back.
 *
 * <p>READ and WRITE are IORING_OP_READ / IORING_OP_WRITE on the slot's buffer. TRIM on a block
 * device, or on a stripe's member where every member is one, is queued like them where the kernel
 * has the block-device discard command (6.12+, {@link UringDiscard}), asked once at open of each
 * member; elsewhere (a file, a stripe with a file member), and for a trim the block layer would cut
 * into several bios, it runs as {@link Target#discard} inside {@link #commit}. FLUSH
 * runs synchronously inside commit at its place in submit order (SQEs before it are submitted first,
 * IOs after it wait for it) and completes at the next {@link #reap}, as {@link Target#flush}
 * (fdatasync), because IORING_OP_FSYNC is always handed to an io-wq worker and then reaches the
 * device out of trace order, up to a second late (measured by bench/timed-replay.sh at the block layer).
 * {@code user_data} carries the slot index. Every member of the target is a registered (fixed)
 * file, index = member, so an SQE names its member without a file reference taken per IO.
 *
 * <p>System calls. A commit is one io_uring_enter, which submits its SQEs and runs the completion
 * work pending (GETEVENTS). A reap first takes the CQEs already posted, with no call; it enters
 * only when it found none while completion work is pending (the ring's TASKRUN flag), or to wait.
 * So a replay that keeps the queue full makes one call per batch, as libaio's io_submit with its
 * ring read in user space. The ring is registered with the thread that opened the engine
 * (IORING_REGISTER_RING_FDS, 5.18+), which then names it by index; another thread, or an older
 * kernel, uses the descriptor.
 *
 * <p>Memory ordering. The rings are shared with the kernel, which reads the SQ tail with
 * {@code smp_load_acquire} and publishes the CQ tail with {@code smp_store_release} (as liburing's
 * {@code io_uring_smp_*} pair with). So the SQ tail is stored with release semantics, to keep the
 * plain SQE stores before it (against the JIT and weakly ordered CPUs such as arm64); the CQ tail
 * is loaded with acquire semantics, so no CQE field is read before the tail says it is there; the
 * CQ head is stored with release semantics, so the CQE reads finish before the kernel may reuse
 * those entries. The accesses are VarHandle getAcquire / setRelease over direct buffer views of
 * the ring memory. The SQ head is never read: without SQPOLL the kernel consumes SQEs inside
 * io_uring_enter, and commit loops until all it wrote are consumed.
 */
public final class IoUringEngine extends AbstractIoEngine {
    public static final String NAME = "io_uring";
    private static final VarHandle RING_INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /**
     * Setup flags, tried in order until the kernel accepts one. A completion is first posted by
     * "task work" in the submitting thread. Without flags the kernel interrupts that thread for it
     * (an inter-processor interrupt when it runs on another CPU: a VM exit on a virtual machine,
     * measured at 9% of all CPU time at 300 k IOPS here); COOP_TASKRUN (5.19) leaves the work for
     * the thread's next kernel entry, and TASKRUN_FLAG shows it pending in the SQ ring's flags, so a
     * polling reap knows when to enter. DEFER_TASKRUN (6.1) would batch that work further but ties
     * the ring to the thread that made it; it measured no faster here (4 KiB reads at QD 32, five
     * runs each: 298-319 k IOPS against 291-315 k with COOP_TASKRUN).
     */
    private static final int[] SETUP_FLAGS = {
        UringAbi.IORING_SETUP_COOP_TASKRUN | UringAbi.IORING_SETUP_TASKRUN_FLAG,
        0,
    };
    /** io_uring_enter EAGAIN/EBUSY/EINTR retries before the ring is declared unusable. */
    private static final int MAX_ENTER_RETRIES = 100_000;

    /** How the block layer cuts each member's discards, by member index. */
    private final DiscardGeometry[] memberDiscards;
    /** True when the members are registered files, which the SQEs name by member index. */
    private final boolean fixedFile;
    private final byte sqeFlags;
    private final boolean fixedBuffers;
    /** Why the slot buffers are not registered ({@link #bufferNote}); null when they are. */
    private final String bufferNote;
    private final IoSlot[] reaped;
    /** True while TRIMs that are one bio and one request go through the ring; decided at open. */
    private boolean queuesDiscards;
    /** How TRIMs reach the target ({@link #discards}). */
    private String discards;

    private final int ringFd;
    private final MappedMemory sqRing;
    private final MappedMemory cqRing;
    private final MappedMemory sqeArray;
    /** io_uring_params, then the getevents argument and the timespec it points to. */
    private final MappedMemory control;
    private final ByteBuffer sq;
    private final ByteBuffer cq;
    private final ByteBuffer sqes;
    private final ByteBuffer ctl;
    private final int sqTailOffset;
    private final int sqFlagsOffset;
    private final int sqMask;
    private final int cqHeadOffset;
    private final int cqTailOffset;
    private final int cqMask;
    private final int cqesOffset;
    private final int argOffset;
    private final int timespecOffset;

    /**
     * The ring's index among the registered rings of the thread that made the engine, -1 when the
     * kernel refused to register it (before 5.18). io_uring_enter on a registered ring skips
     * looking the descriptor up and counting a reference to it, which in a multi-threaded process
     * such as the JVM are two atomic operations on a shared counter per call.
     */
    private final int registeredRing;
    /** The thread whose registered rings hold {@link #registeredRing}; another thread enters by descriptor. */
    private final Thread owner;

    /** Our copy of the SQ tail: SQEs written, not necessarily published yet. */
    private int sqTail;
    /** Our copy of the CQ head. */
    private int cqHead;

    /** With {@code partSlots} slots without a buffer after the {@code depth} buffered ones, for member IOs. */
    public IoUringEngine(Target target, int depth, int maxIoBytes, int partSlots, NanoClock clock) {
        this(target, depth, maxIoBytes, partSlots, clock, true);
    }

    /** With {@code queueDiscards} false, every TRIM runs in commit as on a kernel without queued discards (for tests). */
    IoUringEngine(Target target, int depth, int maxIoBytes, int partSlots, NanoClock clock, boolean queueDiscards) {
        super(NAME, HandOver.IN_BATCHES, target, depth, maxIoBytes, partSlots, clock);
        this.memberDiscards = target.members().stream().map(Target::discardGeometry).toArray(DiscardGeometry[]::new);
        int entries = depth + partSlots;
        this.reaped = new IoSlot[entries];
        this.argOffset = UringAbi.SIZEOF_IO_URING_PARAMS;
        this.timespecOffset = argOffset + UringAbi.SIZEOF_GETEVENTS_ARG;

        MappedMemory params = null;
        MappedMemory sqMap = null;
        MappedMemory cqMap = null;
        MappedMemory sqeMap = null;
        int ring = -1;
        try {
            if (!UringAbi.SUPPORTED) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "io_uring engine: supported on x86-64 and arm64 Linux only, not "
                        + System.getProperty("os.arch"));
            }
            params = MappedMemory.anonymous(timespecOffset + UringAbi.SIZEOF_KERNEL_TIMESPEC, "io_uring parameters");
            ByteBuffer p = params.view();
            long r = -Errno.EINVAL;
            for (int flags : SETUP_FLAGS) {
                for (int i = 0; i < UringAbi.SIZEOF_IO_URING_PARAMS; i += Integer.BYTES) {
                    p.putInt(i, 0);
                }
                p.putInt(UringAbi.P_FLAGS, flags);
                r = UringAbi.setup(entries, params.address());
                if (r != -Errno.EINVAL) {
                    break;
                }
            }
            if (r < 0) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "io_uring_setup failed on a ring of " + entries + " entries: "
                        + Errno.describe((int) -r) + UringRefusal.explain((int) -r));
            }
            ring = (int) r;
            int features = p.getInt(UringAbi.P_FEATURES);
            if ((features & UringAbi.IORING_FEAT_EXT_ARG) == 0) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE,
                        "io_uring lacks IORING_FEAT_EXT_ARG (kernel 5.11+), needed for timed waits");
            }
            int sqEntries = p.getInt(UringAbi.P_SQ_ENTRIES);
            int cqEntries = p.getInt(UringAbi.P_CQ_ENTRIES);
            int sqOff = UringAbi.P_SQ_OFF;
            int cqOff = UringAbi.P_CQ_OFF;
            long sqBytes = p.getInt(sqOff + UringAbi.SQ_OFF_ARRAY) + (long) sqEntries * UringAbi.SIZEOF_SQ_ARRAY_ENTRY;
            long cqBytes = p.getInt(cqOff + UringAbi.CQ_OFF_CQES) + (long) cqEntries * UringAbi.SIZEOF_CQE;
            if ((features & UringAbi.IORING_FEAT_SINGLE_MMAP) != 0) {
                // One mapping at IORING_OFF_SQ_RING serves both rings (5.4+).
                sqMap = MappedMemory.shared(ring, UringAbi.IORING_OFF_SQ_RING, Math.max(sqBytes, cqBytes), "the io_uring rings");
                cqMap = sqMap;
            } else {
                sqMap = MappedMemory.shared(ring, UringAbi.IORING_OFF_SQ_RING, sqBytes, "the io_uring submission ring");
                cqMap = MappedMemory.shared(ring, UringAbi.IORING_OFF_CQ_RING, cqBytes, "the io_uring completion ring");
            }
            sqeMap = MappedMemory.shared(ring, UringAbi.IORING_OFF_SQES, (long) sqEntries * UringAbi.SIZEOF_SQE, "the io_uring SQE array");

            this.ringFd = ring;
            this.control = params;
            this.ctl = p;
            this.sqRing = sqMap;
            this.cqRing = cqMap;
            this.sqeArray = sqeMap;
            this.sq = sqMap.view();
            this.cq = cqMap == sqMap ? sq : cqMap.view();
            this.sqes = sqeMap.view();
            this.sqTailOffset = p.getInt(sqOff + UringAbi.SQ_OFF_TAIL);
            this.sqFlagsOffset = p.getInt(sqOff + UringAbi.SQ_OFF_FLAGS);
            this.sqMask = sq.getInt(p.getInt(sqOff + UringAbi.SQ_OFF_RING_MASK));
            this.cqHeadOffset = p.getInt(cqOff + UringAbi.CQ_OFF_HEAD);
            this.cqTailOffset = p.getInt(cqOff + UringAbi.CQ_OFF_TAIL);
            this.cqMask = cq.getInt(p.getInt(cqOff + UringAbi.CQ_OFF_RING_MASK));
            this.cqesOffset = p.getInt(cqOff + UringAbi.CQ_OFF_CQES);
            // SQE i always sits at array index i: the indirection is fixed once, as liburing does.
            int array = p.getInt(sqOff + UringAbi.SQ_OFF_ARRAY);
            for (int i = 0; i < sqEntries; i++) {
                sq.putInt(array + i * UringAbi.SIZEOF_SQ_ARRAY_ENTRY, i);
            }
            long registered = registerBuffers(ring, slots(), depth);
            this.fixedBuffers = registered >= 0;
            this.bufferNote = fixedBuffers ? null : "not registered with the ring (IORING_REGISTER_BUFFERS: "
                    + Errno.describe((int) registered) + (registered == -Errno.ENOMEM
                            ? "; without CAP_IPC_LOCK a user pins at most RLIMIT_MEMLOCK, ulimit -l" : "")
                    + "): their pages pinned at every IO";
            this.fixedFile = registerFiles(ring, memberFds());
            this.sqeFlags = fixedFile ? UringAbi.IOSQE_FIXED_FILE : 0;
            this.sqTail = (int) RING_INT.getAcquire(sq, sqTailOffset);
            this.cqHead = (int) RING_INT.getAcquire(cq, cqHeadOffset);
            // Last: nothing after it may fail, as the registration would keep the ring open.
            this.owner = Thread.currentThread();
            this.registeredRing = registerRing(ring);
        } catch (RuntimeException e) {
            closeIfMade(sqeMap);
            if (cqMap != sqMap) {
                closeIfMade(cqMap);
            }
            closeIfMade(sqMap);
            if (ring >= 0) {
                LibC.close(ring);
            }
            closeIfMade(params);
            abandonBuffers();
            throw e;
        }
        try {
            this.discards = openDiscards(target, queueDiscards);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Decides how TRIMs go: queued when the kernel runs a discard command of no bytes on every
     * member as one that queues discards does (EINVAL for the empty range), else in commit, saying why.
     */
    private String openDiscards(Target target, boolean wanted) {
        String refusal = wanted ? UringDiscard.refusalBeforeProbe(target, ringFd) : "queued discards turned off";
        IoSlot probe = slots()[0];
        for (int m = 0; refusal == null && m < target.members().size(); m++) {
            probe.op = Op.TRIM;
            probe.member = m;
            probe.offsetBytes = 0;
            probe.lengthBytes = 0;
            queuesDiscards = true;
            submit(probe);
            commit();
            reap(1, -1, done -> { });
            refusal = UringDiscard.refusalOfProbe(probe.result);
            if (refusal != null && target.stripe() != null) {
                refusal = "member " + target.members().get(m).path() + ": " + refusal;
            }
        }
        probe.member = 0;
        queuesDiscards = refusal == null;
        if (queuesDiscards) {
            int dropped = UringDiscard.dropCachedPages(target);
            return UringDiscard.QUEUED + (dropped == 0 ? "" : " (the device's cached pages were not dropped: "
                    + Errno.describe(dropped) + "; a trim over them goes to a kernel worker, out of order)");
        }
        return trimsInCommit() + " (" + refusal + ")";
    }

    @Override
    protected boolean queuesTrim(IoSlot s) {
        return queuesDiscards && memberDiscards[s.member].oneRequest(s.offsetBytes, s.lengthBytes);
    }

    @Override
    public String discards() {
        return discards;
    }

    /**
     * One. The block layer ends a request's bios, which posts the completion, before it frees the
     * request; the replay thread, woken by that completion, can submit into the gap. Submitting
     * without waiting, it finds the queue full, and io_uring hands the IO to a kernel worker, which
     * issues it after later IOs. Measured by bench/queue-full-punts.sh (a queue of 4 requests, 4 KiB
     * random reads): 24 to 729 of 1.5–1.9 M IOs at 4 in flight, none of 10.5 M at 3.
     */
    @Override
    public int spareRequests() {
        return 1;
    }

    /** Registers {@code ring} with the calling thread; its index there, or -1 when the kernel refuses. */
    private static int registerRing(int ring) {
        try (MappedMemory update = MappedMemory.anonymous(UringAbi.SIZEOF_RSRC_UPDATE, "io_uring ring registration")) {
            ByteBuffer u = update.view();
            u.putInt(UringAbi.RSRC_OFFSET, -1); // any free index: the kernel writes back the one it took
            u.putLong(UringAbi.RSRC_DATA, ring);
            return UringAbi.register(ring, UringAbi.IORING_REGISTER_RING_FDS, update.address(), 1) == 1
                    ? u.getInt(UringAbi.RSRC_OFFSET) : -1;
        }
    }

    /** io_uring_enter on this ring: through its registered index on the thread that registered it. */
    private long enter(int toSubmit, int minComplete, int flags, long arg, long argBytes) {
        if (registeredRing >= 0 && Thread.currentThread() == owner) {
            return UringAbi.enter(registeredRing, toSubmit, minComplete, flags | UringAbi.IORING_ENTER_REGISTERED_RING, arg, argBytes);
        }
        return UringAbi.enter(ringFd, toSubmit, minComplete, flags, arg, argBytes);
    }

    /**
     * Registers the buffers of the first {@code buffered} slots (those that have one) with the
     * ring, so the kernel pins their pages once instead of at every IO (READ_FIXED / WRITE_FIXED;
     * fio's {@code fixedbufs}); buffer index = slot index. Returns 0, or -errno when the kernel refuses,
     * e.g. ENOMEM over RLIMIT_MEMLOCK without CAP_IPC_LOCK: IOs then name plain addresses.
     */
    private static long registerBuffers(int ring, IoSlot[] slots, int buffered) {
        try (MappedMemory iovecs = MappedMemory.anonymous((long) buffered * UringAbi.SIZEOF_IOVEC, "io_uring buffer list")) {
            ByteBuffer v = iovecs.view();
            for (int i = 0; i < buffered; i++) {
                v.putLong(i * UringAbi.SIZEOF_IOVEC + UringAbi.IOV_BASE, slots[i].bufferAddress);
                v.putLong(i * UringAbi.SIZEOF_IOVEC + UringAbi.IOV_LEN, slots[i].bufferBytes);
            }
            return UringAbi.register(ring, UringAbi.IORING_REGISTER_BUFFERS, iovecs.address(), buffered);
        }
    }

    /** Registers the members' descriptors as fixed files 0.. (no file reference taken per IO; fio's {@code registerfiles}). */
    private static boolean registerFiles(int ring, int[] fds) {
        try (MappedMemory list = MappedMemory.anonymous((long) fds.length * Integer.BYTES, "io_uring file list")) {
            ByteBuffer v = list.view();
            for (int m = 0; m < fds.length; m++) {
                v.putInt(m * Integer.BYTES, fds[m]);
            }
            return UringAbi.register(ring, UringAbi.IORING_REGISTER_FILES, list.address(), fds.length) >= 0;
        }
    }

    @Override
    public String bufferNote() {
        return bufferNote;
    }

    /** True when IOs use registered buffers (for tests and diagnostics). */
    boolean fixedBuffers() {
        return fixedBuffers;
    }

    /** True when the engine's thread enters the ring by its registered index (for tests and diagnostics). */
    boolean registeredRing() {
        return registeredRing >= 0;
    }

    /** Fills every field of the next SQE (entries are reused, so nothing may be left over). */
    @Override
    protected void queue(IoSlot s, int position) {
        int sqe = (sqTail & sqMask) * UringAbi.SIZEOF_SQE;
        if (s.op == Op.TRIM) {
            UringDiscard.prepare(sqes, sqe, sqeFlags, fixedFile ? s.member : memberFd(s.member), s);
            sqTail++;
            return;
        }
        byte opcode;
        long addr = dataAddress(s);
        int len = (int) s.lengthBytes;
        long off = s.offsetBytes;
        switch (s.op) {
            case READ:
                opcode = fixedBuffers ? UringAbi.IORING_OP_READ_FIXED : UringAbi.IORING_OP_READ;
                break;
            case WRITE:
                opcode = fixedBuffers ? UringAbi.IORING_OP_WRITE_FIXED : UringAbi.IORING_OP_WRITE;
                break;
            default:
                throw new IllegalStateException("op " + s.op + " is not submitted to io_uring");
        }
        sqes.put(sqe + UringAbi.SQE_OPCODE, opcode);
        sqes.put(sqe + UringAbi.SQE_FLAGS, sqeFlags);
        sqes.putShort(sqe + UringAbi.SQE_IOPRIO, (short) 0);
        sqes.putInt(sqe + UringAbi.SQE_FD, fixedFile ? s.member : memberFd(s.member));
        sqes.putLong(sqe + UringAbi.SQE_OFF, off);
        sqes.putLong(sqe + UringAbi.SQE_ADDR, addr);
        sqes.putInt(sqe + UringAbi.SQE_LEN, len);
        sqes.putInt(sqe + UringAbi.SQE_RW_FLAGS, 0);
        sqes.putLong(sqe + UringAbi.SQE_USER_DATA, s.index);
        sqes.putShort(sqe + UringAbi.SQE_BUF_INDEX, (short) (fixedBuffers ? s.dataSlot : 0));
        sqes.putShort(sqe + UringAbi.SQE_PERSONALITY, (short) 0);
        sqes.putInt(sqe + UringAbi.SQE_SPLICE_FD_IN, 0);
        sqes.putLong(sqe + UringAbi.SQE_ADDR3, 0L);
        sqes.putLong(sqe + UringAbi.SQE_PAD2, 0L);
        sqTail++;
    }

    /**
     * Publishes the last {@code count} SQEs written and enters until the kernel consumed them all; the IOs an enter
     * after the first takes are stamped submitted with the clock read just before it (the kernel had them only then).
     */
    @Override
    protected void submitBatch(IoSlot[] batch, int count) {
        RING_INT.setRelease(sq, sqTailOffset, sqTail);
        int left = count;
        int retries = 0;
        // Commit's read, just before this call.
        long enterNs = batch[0].submitNs;
        while (left > 0) {
            // GETEVENTS with no minimum: completion work pending runs in the same call.
            long r = enter(left, 0, UringAbi.IORING_ENTER_GETEVENTS, 0, 0);
            if (r > 0) {
                // A consumed SQE that the kernel could not start still posts a CQE (res < 0).
                stampTaken(batch, count - left, count - left + (int) r, enterNs);
                left -= (int) r;
                started((int) r);
            } else if (r == 0 || r == -Errno.EINTR || r == -Errno.EAGAIN || r == -Errno.EBUSY) {
                // EAGAIN/EBUSY: out of request memory, or the CQ could overflow; neither should last
                // with at most depth IOs and a CQ twice the SQ.
                if (++retries > MAX_ENTER_RETRIES) {
                    throw Errno.failure("io_uring_enter", "submitting " + left + " IOs", r == 0 ? Errno.EAGAIN : (int) -r);
                }
                Thread.yield();
            } else {
                throw Errno.failure("io_uring_enter", "submitting " + left + " IOs", (int) -r);
            }
            if (left > 0) {
                enterNs = clock.nanoTime();
            }
        }
    }

    @Override
    protected int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink) {
        // What is already posted first: completion work still pending then waits for the next
        // kernel entry (the next commit's, or a wait's) instead of costing a system call of its own.
        int n = drainCq(sink);
        if (n == 0 && (((int) RING_INT.getAcquire(sq, sqFlagsOffset)) & UringAbi.IORING_SQ_TASKRUN) != 0) {
            long r = enter(0, 0, UringAbi.IORING_ENTER_GETEVENTS, 0, 0);
            if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                throw Errno.failure("io_uring_enter", "running completions", (int) -r);
            }
        }
        n += drainCq(sink);
        if (n >= wanted || timeoutNs == 0) {
            return n;
        }
        long deadline = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
        while (n < wanted && running() > 0) {
            long tsAddress = 0;
            if (timeoutNs > 0) {
                long leftNs = deadline - System.nanoTime();
                if (leftNs <= 0) {
                    break;
                }
                ctl.putLong(timespecOffset + UringAbi.TV_SEC, leftNs / NANOS_PER_SECOND);
                ctl.putLong(timespecOffset + UringAbi.TV_NSEC, leftNs % NANOS_PER_SECOND);
                tsAddress = control.address() + timespecOffset;
            }
            // ts 0 with IORING_ENTER_EXT_ARG means no time limit.
            ctl.putLong(argOffset + UringAbi.ARG_TS, tsAddress);
            long r = enter(0, Math.min(wanted - n, running()),
                    UringAbi.IORING_ENTER_GETEVENTS | UringAbi.IORING_ENTER_EXT_ARG,
                    control.address() + argOffset, UringAbi.SIZEOF_GETEVENTS_ARG);
            if (r < 0 && r != -Errno.ETIME && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                throw Errno.failure("io_uring_enter", "waiting for completions", (int) -r);
            }
            n += drainCq(sink);
            if (r == -Errno.ETIME) {
                break;
            }
        }
        return n;
    }

    /** Hands over every CQE present, stamped with one clock read. */
    private int drainCq(CompletionSink sink) {
        int tail = (int) RING_INT.getAcquire(cq, cqTailOffset);
        int count = tail - cqHead;
        if (count == 0) {
            return 0;
        }
        for (int i = 0; i < count; i++) {
            int cqe = cqesOffset + ((cqHead + i) & cqMask) * UringAbi.SIZEOF_CQE;
            IoSlot s = slotOf(cq.getLong(cqe + UringAbi.CQE_USER_DATA), "io_uring completion");
            s.result = cq.getInt(cqe + UringAbi.CQE_RES);
            reaped[i] = s;
        }
        cqHead = tail;
        // Entries are copied out: the kernel may reuse them before the sink runs.
        RING_INT.setRelease(cq, cqHeadOffset, cqHead);
        return completeAll(reaped, count, sink);
    }

    @Override
    protected void release() {
        // The ring's own teardown is asynchronous: unregistering first closes the target's file and
        // unpins the buffers before close returns, so the caller can detach the device at once.
        if (fixedFile) {
            UringAbi.register(ringFd, UringAbi.IORING_UNREGISTER_FILES, 0, 0);
        }
        if (fixedBuffers) {
            UringAbi.register(ringFd, UringAbi.IORING_UNREGISTER_BUFFERS, 0, 0);
        }
        // The registration holds the ring open, and only its thread can drop it; closed on another
        // thread (not in the contract) the ring goes when that thread ends.
        if (registeredRing >= 0 && Thread.currentThread() == owner) {
            try (MappedMemory update = MappedMemory.anonymous(UringAbi.SIZEOF_RSRC_UPDATE, "io_uring ring registration")) {
                update.view().putInt(UringAbi.RSRC_OFFSET, registeredRing);
                UringAbi.register(ringFd, UringAbi.IORING_UNREGISTER_RING_FDS, update.address(), 1);
            }
        }
        sqeArray.close();
        if (cqRing != sqRing) {
            cqRing.close();
        }
        sqRing.close();
        // Normally close reaped every IO first. If the ring broke instead, closing its descriptor
        // cancels what is left, and O_DIRECT keeps the pages of a running IO pinned past munmap.
        LibC.close(ringFd);
        control.close();
    }

    private static void closeIfMade(MappedMemory m) {
        if (m != null) {
            m.close();
        }
    }
}
