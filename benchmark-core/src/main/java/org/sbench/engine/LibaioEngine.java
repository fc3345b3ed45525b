package org.sbench.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.AioAbi;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.MappedMemory;
import org.sbench.engine.linux.NativeBytes;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;

/**
 * The {@code libaio} engine: Linux native AIO through raw io_setup / io_submit / io_getevents /
 * io_destroy (fio's {@code engines/libaio.c}, without the library). One iocb per slot, an array
 * of iocb pointers for batched io_submit and an io_event array live in one native block made at
 * open; {@code aio_data} carries the slot index.
 *
 * <p>READ and WRITE are IOCB_CMD_PREAD / PWRITE. FLUSH ({@link Target#flush()}) and TRIM
 * ({@link Target#discard}) run synchronously inside {@link #commit}, at their place in submit order
 * (IOs before them are submitted first, IOs after them wait for them), and complete at the next
 * {@link #reap}: TRIM has no AIO command, and IOCB_CMD_FDSYNC is run by a kernel workqueue, so it
 * can reach the device after IOs submitted later (as io_uring's FSYNC did, see
 * {@link IoUringEngine}).
 *
 * <p>Completions are read from the context's ring in user space (fio's {@code userspace_reap}): the
 * kernel writes each io_event into a ring mapped at the context's address, so a poll costs memory
 * reads, not an io_getevents call; io_getevents is called only to sleep. The ring's tail is read
 * with acquire semantics (the kernel publishes it after the event) and its head stored with
 * release semantics after the events are copied out. A ring whose header is not the known layout
 * (magic, no incompatible features) is left to io_getevents.
 */
public final class LibaioEngine extends AbstractIoEngine {
    public static final String NAME = "libaio";
    private static final VarHandle RING_INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** io_submit EAGAIN/EINTR retries before the context is declared unusable. */
    private static final int MAX_SUBMIT_RETRIES = 100_000;

    private final MappedMemory control;
    private final ByteBuffer ctl;
    private final int pointersOffset;
    private final int eventsOffset;
    private final int timespecOffset;
    private final long ctx;
    /** The context's completion ring; null when its header is not the layout this engine knows. */
    private final ByteBuffer ring;
    private final int ringEntries;
    private final IoSlot[] reaped;

    /** With {@code partSlots} slots without a buffer after the {@code depth} buffered ones, for member IOs. */
    public LibaioEngine(Target target, int buffered, int maxIoBytes, int partSlots, NanoClock clock) {
        super(NAME, HandOver.IN_BATCHES, target, buffered, maxIoBytes, partSlots, clock);
        int depth = buffered + partSlots;
        this.pointersOffset = depth * AioAbi.SIZEOF_IOCB;
        this.eventsOffset = pointersOffset + depth * Long.BYTES;
        int ctxOffset = eventsOffset + depth * AioAbi.SIZEOF_IO_EVENT;
        this.timespecOffset = ctxOffset + AioAbi.SIZEOF_AIO_CONTEXT;
        MappedMemory mem = null;
        try {
            if (!AioAbi.SUPPORTED) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "libaio engine: system call numbers are known for x86-64 and arm64 only, not "
                        + System.getProperty("os.arch"));
            }
            mem = MappedMemory.anonymous(timespecOffset + AioAbi.SIZEOF_TIMESPEC, "libaio control blocks");
            ByteBuffer b = mem.view();
            long r = AioAbi.ioSetup(depth, mem.address() + ctxOffset);
            if (r < 0) {
                throw Errno.failure("io_setup", "an AIO context for " + depth + " IOs", (int) -r);
            }
            for (IoSlot s : slots()) {
                b.putLong(s.index * AioAbi.SIZEOF_IOCB + AioAbi.AIO_DATA, s.index);
            }
            this.control = mem;
            this.ctl = b;
            this.ctx = b.getLong(ctxOffset);
            ByteBuffer header = NativeBytes.view(ctx, AioAbi.SIZEOF_AIO_RING);
            boolean known = header.getInt(AioAbi.RING_MAGIC) == AioAbi.AIO_RING_MAGIC
                    && header.getInt(AioAbi.RING_INCOMPAT_FEATURES) == 0
                    && header.getInt(AioAbi.RING_HEADER_LENGTH) == AioAbi.SIZEOF_AIO_RING;
            this.ringEntries = known ? header.getInt(AioAbi.RING_NR) : 0;
            this.ring = known ? NativeBytes.view(ctx, AioAbi.SIZEOF_AIO_RING + (long) ringEntries * AioAbi.SIZEOF_IO_EVENT) : null;
            this.reaped = new IoSlot[depth];
        } catch (RuntimeException e) {
            if (mem != null) {
                mem.close();
            }
            abandonBuffers();
            throw e;
        }
    }

    /** Fills the slot's iocb and points entry {@code position} of the io_submit array at it. */
    @Override
    protected void queue(IoSlot s, int position) {
        int iocb = iocbOffset(s);
        short opcode;
        switch (s.op) {
            case READ:
                opcode = AioAbi.IOCB_CMD_PREAD;
                break;
            case WRITE:
                opcode = AioAbi.IOCB_CMD_PWRITE;
                break;
            default:
                throw new IllegalStateException("op " + s.op + " is not submitted to AIO");
        }
        ctl.putShort(iocb + AioAbi.AIO_LIO_OPCODE, opcode);
        ctl.putInt(iocb + AioAbi.AIO_FILDES, memberFd(s.member));
        ctl.putLong(iocb + AioAbi.AIO_BUF, dataAddress(s));
        ctl.putLong(iocb + AioAbi.AIO_NBYTES, s.lengthBytes);
        ctl.putLong(iocb + AioAbi.AIO_OFFSET, s.offsetBytes);
        ctl.putLong(pointersOffset + position * Long.BYTES, control.address() + iocb);
    }

    /**
     * io_submit the first {@code count} iocb pointers, again for those a call did not take (it stops at an iocb it
     * refuses outright, or takes none: EAGAIN), stamping what each call after the first takes with the clock read before it.
     */
    @Override
    protected void submitBatch(IoSlot[] batch, int count) {
        int done = 0;
        int retries = 0;
        // Commit's read, just before this call.
        long callNs = batch[0].submitNs;
        while (done < count) {
            long r = AioAbi.ioSubmit(ctx, count - done, control.address() + pointersOffset + (long) done * Long.BYTES);
            if (r > 0) {
                stampTaken(batch, done, done + (int) r, callNs);
                started((int) r);
                done += (int) r;
            } else if (r == 0 || r == -Errno.EINTR || r == -Errno.EAGAIN) {
                // EAGAIN: the kernel is short of request structures for a moment; with at most
                // depth IOs in a context sized for depth it should not last.
                if (++retries > MAX_SUBMIT_RETRIES) {
                    throw Errno.failure("io_submit", (count - done) + " IOs", r == 0 ? Errno.EAGAIN : (int) -r);
                }
                Thread.yield();
            } else {
                // io_submit refused the iocb at 'done' outright (not the IO: that would be an event).
                IoSlot s = batch[done];
                stampTaken(batch, done, done + 1, callNs);
                s.result = r;
                completeInCommit(s);
                done++;
            }
            if (done < count) {
                callNs = clock.nanoTime();
            }
        }
    }

    @Override
    protected int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink) {
        if (running() == 0) {
            return 0;
        }
        if (ring != null) {
            int n = drainRing(sink);
            if (n >= wanted || timeoutNs == 0 || running() == 0) {
                return n;
            }
            return n + getEvents(wanted - n, timeoutNs, sink);
        }
        return getEvents(wanted, timeoutNs, sink);
    }

    /** True when completions are read from the ring in user space (for tests and diagnostics). */
    boolean readsRingInUserSpace() {
        return ring != null;
    }

    /** Hands over every event in the ring, stamped with one clock read. */
    private int drainRing(CompletionSink sink) {
        int head = ring.getInt(AioAbi.RING_HEAD);
        int tail = (int) RING_INT.getAcquire(ring, AioAbi.RING_TAIL);
        int n = 0;
        while (head != tail) {
            int event = AioAbi.SIZEOF_AIO_RING + head * AioAbi.SIZEOF_IO_EVENT;
            IoSlot s = slotOf(ring.getLong(event + AioAbi.EVENT_DATA), "AIO ring event");
            s.result = ring.getLong(event + AioAbi.EVENT_RES);
            reaped[n++] = s;
            head = head + 1 == ringEntries ? 0 : head + 1;
        }
        if (n > 0) {
            // Entries are copied out: the kernel may reuse them before the sink runs.
            RING_INT.setRelease(ring, AioAbi.RING_HEAD, head);
        }
        return completeAll(reaped, n, sink);
    }

    /** io_getevents: waits for {@code wanted} (none when 0 or less) at most {@code timeoutNs} (negative: no limit). */
    private int getEvents(int wanted, long timeoutNs, CompletionSink sink) {
        int need = Math.min(Math.max(0, wanted), running());
        boolean wait = need > 0 && timeoutNs != 0;
        long deadline = wait && timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
        long leftNs = wait ? timeoutNs : 0;
        while (true) {
            long timeoutAddress = 0;
            if (leftNs >= 0) {
                ctl.putLong(timespecOffset + AioAbi.TV_SEC, leftNs / NANOS_PER_SECOND);
                ctl.putLong(timespecOffset + AioAbi.TV_NSEC, leftNs % NANOS_PER_SECOND);
                timeoutAddress = control.address() + timespecOffset;
            }
            long r = AioAbi.ioGetevents(ctx, wait ? need : 0, depth(), control.address() + eventsOffset, timeoutAddress);
            if (r >= 0) {
                return deliverEvents((int) r, sink);
            }
            if (r != -Errno.EINTR) {
                throw Errno.failure("io_getevents", "the AIO context", (int) -r);
            }
            // A signal interrupted the wait before any event: wait again for what is left.
            if (leftNs > 0) {
                leftNs = Math.max(0, deadline - System.nanoTime());
            }
        }
    }

    /** Hands over the {@code count} events io_getevents wrote, stamped with one clock read. */
    private int deliverEvents(int count, CompletionSink sink) {
        for (int i = 0; i < count; i++) {
            int event = eventsOffset + i * AioAbi.SIZEOF_IO_EVENT;
            IoSlot s = slotOf(ctl.getLong(event + AioAbi.EVENT_DATA), "AIO event");
            s.result = ctl.getLong(event + AioAbi.EVENT_RES);
            reaped[i] = s;
        }
        return completeAll(reaped, count, sink);
    }

    private static int iocbOffset(IoSlot s) {
        return s.index * AioAbi.SIZEOF_IOCB;
    }

    @Override
    protected void release() {
        // io_destroy also waits for anything still queued, so buffers are never freed under an IO.
        AioAbi.ioDestroy(ctx);
        control.close();
    }
}
