// Runs the flushes or discards of one striped IO on all its members at once, as dm-stripe does.
package org.sbench.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.sbench.engine.linux.Errno;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * The synchronous calls an engine runs inside commit ({@link Target#flush}, {@link Target#discard})
 * for several members together: a striped FLUSH reaches every member and a striped TRIM each member
 * it touches, and dm-stripe sends those bios to all members at once, so the array's flush takes as
 * long as its slowest member's, not the sum. The replay thread runs the first call itself and one
 * thread per further member runs the others; the replay thread waits for all. Each slot gets its
 * {@link IoSlot#result} and its own {@link IoSlot#doneNs}. Hand-over allocates nothing.
 */
final class MemberCalls {
    private static final int SPINS_BEFORE_PARK = 256;

    private final Target[] members;
    private final NanoClock clock;
    private final Worker[] workers;
    private final AtomicInteger running = new AtomicInteger();
    private volatile Thread waiting;

    /** Threads for members 1 on of {@code members}; none for a target of one. */
    MemberCalls(Target[] members, NanoClock clock) {
        this.members = members;
        this.clock = clock;
        this.workers = new Worker[Math.max(0, members.length - 1)];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker("sbench-member-" + (i + 1));
            workers[i].thread.start();
        }
    }

    /** Runs {@code s}, a FLUSH or TRIM, on its member; its result (0 or a negative errno). Any thread. */
    long call(IoSlot s) {
        Target t = members[s.member];
        return s.op == Op.FLUSH ? t.flush() : t.discard(s.offsetBytes, s.lengthBytes);
    }

    /**
     * Runs {@code group[0..count)}, FLUSH or TRIM slots of distinct members, at once; returns when
     * all are done, each with its result and {@link IoSlot#doneNs} set.
     */
    void runAll(IoSlot[] group, int count) {
        running.set(count - 1);
        waiting = Thread.currentThread();
        for (int i = 1; i < count; i++) {
            workers[i - 1].start(group[i]);
        }
        IoSlot first = group[0];
        first.result = call(first);
        first.doneNs = clock.nanoTime();
        for (int spins = 0; running.get() > 0; spins++) {
            if (spins < SPINS_BEFORE_PARK) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
        waiting = null;
    }

    /** Stops the threads and waits for them. */
    void close() {
        for (Worker w : workers) {
            w.stop();
        }
        boolean interrupted = false;
        for (Worker w : workers) {
            while (w.thread.isAlive()) {
                try {
                    w.thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One thread that runs the calls handed to it, one at a time. */
    private final class Worker implements Runnable {
        final Thread thread;
        private volatile IoSlot task;
        private volatile boolean stopped;

        Worker(String name) {
            thread = new Thread(this, name);
            thread.setDaemon(true);
        }

        void start(IoSlot s) {
            task = s;
            LockSupport.unpark(thread);
        }

        void stop() {
            stopped = true;
            LockSupport.unpark(thread);
        }

        @Override
        public void run() {
            while (!stopped) {
                IoSlot s = task;
                if (s == null) {
                    LockSupport.park(this);
                    continue;
                }
                try {
                    s.result = call(s);
                } catch (RuntimeException | Error e) {
                    // A target that throws instead of returning -errno is a bug; the IO fails with EIO.
                    s.result = -Errno.EIO;
                }
                s.doneNs = clock.nanoTime();
                task = null;
                if (running.decrementAndGet() == 0) {
                    LockSupport.unpark(waiting);
                }
            }
        }
    }
}
