package org.sbench.replay;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Passes a run's progress to its listener from a thread of its own, so that a progress line is
 * never formatted and written on the replay thread between two IOs: a line on a terminal cost the
 * replay thread 1-2 ms of CPU each (the formatting of a rarely run, so never compiled, path), 5-7 ms
 * the first, and the IOs due meanwhile went that late (bench/RESULTS.md, issue 17). The replay
 * thread only stores the latest numbers; this thread looks at them every
 * {@link #EVERY_MS} ms and passes on what changed. {@link #started} is passed on at once, on the
 * replay thread. {@link #close} stops the thread and passes on the last numbers, on the closing
 * thread, so the final line comes before whatever follows the run; a listener's failure on the
 * relay's thread is thrown there too.
 */
final class ProgressRelay implements ReplayListener, AutoCloseable {
    static final long EVERY_MS = 250;

    private record Numbers(long doneIos, long totalIos, long elapsedNs, long bytes) {
    }

    private final ReplayListener listener;
    /** Null for {@link ReplayListener#NONE}: nothing to pass on. */
    private final Thread thread;
    private volatile Numbers latest;
    private volatile boolean closing;
    /** The numbers last passed on; read and written by the relay's thread, then by the closing thread after the join. */
    private Numbers passed;
    private RuntimeException failure;

    /** A relay to {@code listener}, running until closed ({@link ReplayListener#NONE} gets no thread). */
    ProgressRelay(ReplayListener listener) {
        this.listener = listener;
        if (listener == ReplayListener.NONE) {
            thread = null;
        } else {
            thread = new Thread(this::relay, "sbench-progress");
            thread.setDaemon(true);
            thread.start();
        }
    }

    @Override
    public void started(long startNs) {
        listener.started(startNs);
    }

    @Override
    public void firstIo(long submitNs) {
        listener.firstIo(submitNs);
    }

    @Override
    public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
        latest = new Numbers(doneIos, totalIos, elapsedNs, bytes);
    }

    private void relay() {
        try {
            while (!closing) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(EVERY_MS));
                passOn();
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    private void passOn() {
        Numbers n = latest;
        if (n != null && n != passed) {
            passed = n;
            listener.progress(n.doneIos(), n.totalIos(), n.elapsedNs(), n.bytes());
        }
    }

    /** Stops the relay's thread and passes on the numbers it has not: call once, after the run. */
    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        closing = true;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure;
        }
        passOn();
    }
}
