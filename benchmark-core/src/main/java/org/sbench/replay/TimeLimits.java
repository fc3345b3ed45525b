// Ends runs at a time limit, for the suites and steps that run for a set time (cdm passes, torture, idle probes).
package org.sbench.replay;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One timer thread (a daemon) for the time-limited runs of a suite or step. Each run gets a
 * {@link Limit}: a listener that, once the run's first IO is submitted (after its warm-up, so that
 * only IO time counts), arms the timer to end the run through its own control with
 * {@link ReplayControl#endRun}; the run then stops issuing, waits for the IOs in flight, and ends
 * complete with the limit as its stop reason. Close a limit after its run (it disarms the timer),
 * and this when all runs are done.
 */
public final class TimeLimits implements AutoCloseable {
    private final ScheduledThreadPoolExecutor timer;

    /** @param threadName the timer thread's name, e.g. {@code sbench-cdm-timer} */
    public TimeLimits(String threadName) {
        this.timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        // Started now, not by the first limit, which comes while the run's first IOs are in flight.
        timer.prestartAllCoreThreads();
    }

    /**
     * A listener for one run that ends it through {@code run} {@code durationNs} after its clock
     * starts, with stop reason {@code reason}, and passes its progress on to {@code progress}.
     */
    public Limit limit(ReplayControl run, long durationNs, String reason, ReplayListener progress) {
        return new Limit(run, durationNs, reason, progress);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** The time limit of one run: give it to the run as its listener, close it after the run. */
    public final class Limit implements ReplayListener, AutoCloseable {
        private final ReplayControl run;
        private final long durationNs;
        private final String reason;
        private final ReplayListener progress;
        private ScheduledFuture<?> end;

        private Limit(ReplayControl run, long durationNs, String reason, ReplayListener progress) {
            this.run = run;
            this.durationNs = durationNs;
            this.reason = reason;
            this.progress = progress;
        }

        @Override
        public void started(long startNs) {
            progress.started(startNs);
        }

        /** Counted from after the first IO's time stamp, so that the run's series has all its seconds whole. */
        @Override
        public void firstIo(long submitNs) {
            progress.firstIo(submitNs);
            end = timer.schedule(() -> run.endRun(reason), durationNs, TimeUnit.NANOSECONDS);
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            progress.progress(doneIos, totalIos, elapsedNs, bytes);
        }

        @Override
        public void close() {
            if (end != null) {
                end.cancel(false);
            }
        }
    }
}
