package org.sbench.engine;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.Syscalls;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;

/**
 * The {@code sync} engine (fio's {@code psync} with {@code depth} threads): one worker thread per
 * slot does blocking pread/pwrite for that slot only; FLUSH and TRIM run on the replay thread, in
 * order, as in every engine. With more than one worker, reads and writes submitted together race
 * to the block layer: this engine keeps trace order there only at depth 1. It needs no kernel support beyond O_DIRECT, so it is the last resort of {@code auto}.
 *
 * <p>Hand-over costs a thread wake-up each way (a few microseconds, more on a busy machine), and
 * it falls inside the measured latency: {@link IoSlot#submitNs} is stamped at commit, as in every
 * engine, and {@link IoSlot#doneNs} at reap. Both sides spin briefly before parking to keep that
 * small when IOs are quick. Nothing is allocated per IO: commit flips the slot's work flag and
 * unparks its worker; the worker publishes its slot index into a preallocated multi-producer ring.
 */
public final class SyncEngine extends AbstractIoEngine {
    public static final String NAME = "sync";
    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int STOP = 2;
    /** Busy-wait rounds before parking; {@link Thread#onSpinWait} is a PAUSE of tens of ns on x86. */
    private static final int SPINS_BEFORE_PARK = 256;

    private final IoSlot[] reaped;
    /** Per slot: IDLE, QUEUED (its worker may start) or STOP. */
    private final AtomicIntegerArray work;
    private final CompletionRing completions;
    private final Thread[] workers;
    private volatile Thread waitingReaper;
    private volatile Throwable workerFailure;

    /** With {@code partSlots} slots without a buffer after the {@code depth} buffered ones, for member IOs (a worker each). */
    public SyncEngine(Target target, int buffered, int maxIoBytes, int partSlots, NanoClock clock) {
        super(NAME, HandOver.EACH, target, buffered, maxIoBytes, partSlots, clock);
        int depth = buffered + partSlots;
        this.reaped = new IoSlot[depth];
        this.work = new AtomicIntegerArray(depth);
        this.completions = new CompletionRing(depth);
        this.workers = new Thread[depth];
        for (int i = 0; i < depth; i++) {
            Thread t = new Thread(new Worker(i), "sbench-sync-" + i);
            t.setDaemon(true);
            workers[i] = t;
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    /** Wakes the slot's worker. */
    @Override
    protected void queue(IoSlot s, int position) {
        started(1);
        // The release store publishes the slot's fields to the worker's acquire load.
        work.setRelease(s.index, QUEUED);
        LockSupport.unpark(workers[s.index]);
    }

    @Override
    protected int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink) {
        int n = drain(sink);
        if (n >= wanted || timeoutNs == 0) {
            return n;
        }
        // Wait deadlines use the system's monotonic clock: the injected clock only stamps IOs.
        long deadline = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
        int spins = 0;
        while (n < wanted) {
            if (!completions.ready()) {
                if (spins < SPINS_BEFORE_PARK) {
                    spins++;
                    Thread.onSpinWait();
                    continue;
                }
                // Publish ourselves before the last look, so a completion landing in between unparks us.
                waitingReaper = Thread.currentThread();
                if (!completions.ready()) {
                    if (timeoutNs < 0) {
                        LockSupport.park(this);
                    } else {
                        long leftNs = deadline - System.nanoTime();
                        if (leftNs <= 0) {
                            waitingReaper = null;
                            break;
                        }
                        LockSupport.parkNanos(this, leftNs);
                    }
                }
                waitingReaper = null;
            }
            n += drain(sink);
        }
        return n;
    }

    /** Hands over what has completed, stamped with one clock read; then rethrows a worker's crash. */
    private int drain(CompletionSink sink) {
        int count = 0;
        for (int index = completions.poll(); index >= 0; index = completions.poll()) {
            reaped[count++] = slots()[index];
            if (count == reaped.length) {
                break;
            }
        }
        completeAll(reaped, count, sink);
        Throwable failure = workerFailure;
        if (failure != null) {
            workerFailure = null;
            rethrow(failure);
        }
        return count;
    }

    /** Stops the workers and waits for them to exit. */
    @Override
    protected void release() {
        for (int i = 0; i < workers.length; i++) {
            work.set(i, STOP);
            LockSupport.unpark(workers[i]);
        }
        boolean interrupted = false;
        for (Thread t : workers) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    // Workers are idle and about to exit; finish joining, then keep the interrupt.
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        throw new IllegalStateException("sync engine worker failed", failure);
    }

    /** One slot's thread: waits for its slot to be queued, runs the IO, publishes the completion. */
    private final class Worker implements Runnable {
        private final int index;

        Worker(int index) {
            this.index = index;
        }

        @Override
        public void run() {
            IoSlot slot = slots()[index];
            for (int state = awaitWork(); state != STOP; state = awaitWork()) {
                long result;
                try {
                    result = execute(slot);
                } catch (RuntimeException | Error e) {
                    // A target that throws instead of returning -errno is a bug; reap rethrows it.
                    workerFailure = e;
                    result = -Errno.EIO;
                }
                slot.result = result;
                work.set(index, IDLE);
                completions.publish(index);
                Thread reaper = waitingReaper;
                if (reaper != null) {
                    LockSupport.unpark(reaper);
                }
            }
        }

        private int awaitWork() {
            for (int spins = 0; ; spins++) {
                int state = work.getAcquire(index);
                if (state != IDLE) {
                    return state;
                }
                if (spins < SPINS_BEFORE_PARK) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
        }

        private long execute(IoSlot s) {
            switch (s.op) {
                case READ:
                    return Syscalls.pread(memberFd(s.member), dataAddress(s), s.lengthBytes, s.offsetBytes);
                case WRITE:
                    return Syscalls.pwrite(memberFd(s.member), dataAddress(s), s.lengthBytes, s.offsetBytes);
                default:
                    throw new IllegalStateException("unknown op " + s.op);
            }
        }
    }

    /**
     * Completed slot indices: many workers publish, the replay thread polls, in publication order.
     * At most {@code depth} are ever outstanding, so a ring of at least that size never fills;
     * a publisher still waits for its entry to be emptied, which keeps the ring correct without
     * reasoning about which poll happened before which claim.
     */
    private static final class CompletionRing {
        private static final int EMPTY = -1;
        private final AtomicIntegerArray entries;
        private final int mask;
        private final AtomicLong claimed = new AtomicLong();
        private long head;

        CompletionRing(int capacity) {
            int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
            entries = new AtomicIntegerArray(size);
            for (int i = 0; i < size; i++) {
                entries.set(i, EMPTY);
            }
            mask = size - 1;
        }

        void publish(int index) {
            int pos = (int) (claimed.getAndIncrement() & mask);
            while (!entries.compareAndSet(pos, EMPTY, index)) {
                Thread.onSpinWait();
            }
        }

        /** The next completed index, or -1 when the next in order is not published yet. */
        int poll() {
            int pos = (int) (head & mask);
            int index = entries.getAcquire(pos);
            if (index == EMPTY) {
                return -1;
            }
            entries.set(pos, EMPTY);
            head++;
            return index;
        }

        boolean ready() {
            return entries.getAcquire((int) (head & mask)) != EMPTY;
        }
    }
}
