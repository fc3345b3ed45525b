package org.sbench.engine;

import java.nio.ByteBuffer;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.AioAbi;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.MappedMemory;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

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
 */
public final class LibaioEngine extends AbstractIoEngine {
    public static final String NAME = "libaio";
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** io_submit EAGAIN/EINTR retries before the context is declared unusable. */
    private static final int MAX_SUBMIT_RETRIES = 100_000;

    private final Target target;
    private final MappedMemory control;
    private final ByteBuffer ctl;
    private final int pointersOffset;
    private final int eventsOffset;
    private final int timespecOffset;
    private final long ctx;

    public LibaioEngine(Target target, int depth, int maxIoBytes, NanoClock clock) {
        super(NAME, HandOver.IN_BATCHES, depth, maxIoBytes, clock);
        this.target = target;
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
                int iocb = s.index * AioAbi.SIZEOF_IOCB;
                b.putLong(iocb + AioAbi.AIO_DATA, s.index);
                b.putInt(iocb + AioAbi.AIO_FILDES, target.fd());
            }
            this.control = mem;
            this.ctl = b;
            this.ctx = b.getLong(ctxOffset);
        } catch (RuntimeException e) {
            if (mem != null) {
                mem.close();
            }
            abandonBuffers();
            throw e;
        }
    }

    @Override
    protected boolean runsInCommit(IoSlot s) {
        return s.op == Op.TRIM || s.op == Op.FLUSH;
    }

    @Override
    protected long runInCommit(IoSlot s) {
        return s.op == Op.TRIM ? target.discard(s.offsetBytes, s.lengthBytes) : target.flush();
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
        ctl.putLong(iocb + AioAbi.AIO_BUF, s.bufferAddress);
        ctl.putLong(iocb + AioAbi.AIO_NBYTES, s.lengthBytes);
        ctl.putLong(iocb + AioAbi.AIO_OFFSET, s.offsetBytes);
        ctl.putLong(pointersOffset + position * Long.BYTES, control.address() + iocb);
    }

    /** io_submit the first {@code count} iocb pointers. */
    @Override
    protected void submitBatch(IoSlot[] batch, int count) {
        int done = 0;
        int retries = 0;
        while (done < count) {
            long r = AioAbi.ioSubmit(ctx, count - done, control.address() + pointersOffset + (long) done * Long.BYTES);
            if (r > 0) {
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
                s.result = r;
                completeInCommit(s);
                done++;
            }
        }
    }

    @Override
    protected int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink) {
        if (running() == 0) {
            return 0;
        }
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

    /** Hands over the {@code count} events io_getevents wrote; the sink must not call reap. */
    private int deliverEvents(int count, CompletionSink sink) {
        if (count == 0) {
            return 0;
        }
        long now = clock.nanoTime();
        for (int i = 0; i < count; i++) {
            int event = eventsOffset + i * AioAbi.SIZEOF_IO_EVENT;
            IoSlot s = slotOf(ctl.getLong(event + AioAbi.EVENT_DATA), "AIO event");
            s.result = ctl.getLong(event + AioAbi.EVENT_RES);
            complete(s, now, sink);
        }
        return count;
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
