// The IO runs of one step as it makes them, and the step's result from them.
package org.sbench.step;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.replay.PreparedRun;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.Run;
import org.sbench.replay.TimeLimits;
import org.sbench.replay.TraceSource;
import org.sbench.result.ReplayResult;

/**
 * The runs of one step (fill passes, torture rounds, a sweep, idle probes), each through the
 * context's run assembly with the listener told of it, kept in order; and the step's result at its
 * end. A run that ends early (interrupted, or an IO error as under {@code --on-error stop}) ends the
 * step there: a drive that fails IOs is not measured further. A step stopped (Ctrl-C, SIGTERM) before
 * it {@link #began} did nothing to the drive, and is not recorded ({@link Step#checkBegun}), as a
 * replay step stopped before its first IO ({@link Run#begun}). Not thread-safe; close it
 * (its timer) when the step ends.
 */
final class StepRuns implements AutoCloseable {
    private final StepContext context;
    private final Step step;
    private final String startedAt = Instant.now().toString();
    private final long startNs;
    private final List<StepResult.NamedRun> runs = new ArrayList<>();
    private TimeLimits timer;
    private String stopReason;
    private long bytesWritten;
    private boolean begun;
    /** {@link #lastIoEndNs}. */
    private long lastIoEndNs;

    StepRuns(StepContext context, Step step) {
        this.context = context;
        this.step = step;
        this.startNs = context.clock().nanoTime();
    }

    /** Runs {@code source} to its end as run {@code name} ({@code what} for the listener: "pass 1 of 2"). */
    ReplayResult run(String name, String what, TraceSource source, ReplaySettings settings) {
        ReplayListener shown = context.listener().run(what, 0);
        context.listener().runStarts(what);
        return keep(name, what, context.run(source, settings, shown, context.control().child()));
    }

    /** Runs {@code source} for {@code durationNs} of IO (from the run's clock start) as run {@code name}. */
    ReplayResult runFor(String name, String what, long durationNs, TraceSource source, ReplaySettings settings) {
        try (Prepared run = prepareFor(name, what, durationNs, source, settings)) {
            return run.run();
        }
    }

    /**
     * {@link #runFor}'s run made ready to issue its first IO (engine open, warm-up done), for a step that waits before it:
     * run it (or not), and close it.
     */
    Prepared prepareFor(String name, String what, long durationNs, TraceSource source, ReplaySettings settings) {
        if (timer == null) {
            timer = new TimeLimits("sbench-step-timer");
        }
        return new Prepared(name, what, durationNs, source, settings);
    }

    /**
     * A time-limited run of the step ready to issue: {@link #run} keeps its result, and notes when its last IO completed
     * ({@link #lastIoEndNs}) from its first IO's time stamp and its wall time (first submit to last completion).
     */
    final class Prepared implements AutoCloseable, ReplayListener {
        private final String name;
        private final String what;
        private final ReplayListener shown;
        private final TimeLimits.Limit limit;
        private final PreparedRun run;
        private boolean announced;
        private long firstIoNs = Long.MIN_VALUE;

        private Prepared(String name, String what, long durationNs, TraceSource source, ReplaySettings settings) {
            this.name = name;
            this.what = what;
            this.shown = context.listener().run(what, durationNs);
            ReplayControl control = context.control().child();
            this.limit = timer.limit(control, durationNs, "time limit " + StepOptions.durationWord(durationNs), this);
            try {
                this.run = context.prepare(source, settings, limit, control);
            } catch (RuntimeException | Error e) {
                limit.close();
                throw e;
            }
        }

        /**
         * Tells the listener that the run starts (its line), once: {@link #run} does it when this was not called; a step that
         * waits before the run calls it before its wait ends, so that the line is not printed between the wait and the first IO.
         */
        void announce() {
            if (!announced) {
                announced = true;
                context.listener().runStarts(what);
            }
        }

        ReplayResult run() {
            announce();
            ReplayResult r = keep(name, what, run.run());
            lastIoEndNs = firstIoNs == Long.MIN_VALUE ? context.clock().nanoTime() : firstIoNs + r.summary().wallNs();
            return r;
        }

        @Override
        public void started(long startNs) {
            shown.started(startNs);
        }

        @Override
        public void firstIo(long submitNs) {
            firstIoNs = submitNs;
            shown.firstIo(submitNs);
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            shown.progress(doneIos, totalIos, elapsedNs, bytes);
        }

        @Override
        public void close() {
            try (TimeLimits.Limit l = limit) {
                run.close();
            }
        }
    }

    /** When the last IO of the step's last time-limited run completed, on the context's clock; now when it issued none. */
    long lastIoEndNs() {
        return lastIoEndNs;
    }

    /** Keeps run {@code r}, which began the step if it issued an IO; one stopped before that, with the step not begun, is not kept. */
    private ReplayResult keep(String name, String what, ReplayResult r) {
        if (r.fidelity().issued() > 0) {
            began();
        } else {
            Step.checkBegun(step, begun, context.control());
        }
        context.listener().runDone(what, r);
        runs.add(new StepResult.NamedRun(name, null, r));
        bytesWritten += r.summary().bytesWritten();
        if (!r.complete() && stopReason == null) {
            stopReason = r.stopReason();
        }
        return r;
    }

    /**
     * True when the step may go on to its next run or wait: no run ended early and no stop was asked
     * for; when a stop was asked for, the step is marked stopped for its reason.
     */
    boolean goOn() {
        if (stopReason == null && context.control().stopRequested()) {
            Step.checkBegun(step, begun, context.control());
            stopReason = context.control().stopReason();
        }
        return stopReason == null;
    }

    /**
     * Marks the step begun: it did something to the drive that its result reports (a run issued an IO, a purge erased a
     * chunk, an idle wait let time pass), so that a stop from now on records it incomplete.
     */
    void began() {
        begun = true;
    }

    /**
     * Ends a step whose runs wrote (a fill, a torture, a write sweep, writing idle probes) and all ran to their end: flushes
     * the target's write cache after {@code what} ("the fill"), so that the next step does not pay for writes still in it.
     * A step stopped or failed midway sends none: no step follows it, and a resume runs it again whole.
     */
    void flushWrites(String what) {
        if (bytesWritten > 0 && stopReason == null) {
            flush(what);
        }
    }

    /** Flushes the target's write cache after {@code what} ("the purge"), so that it is on the medium before anything measures it. */
    void flush(String what) {
        int rc = context.target().flush();
        if (rc < 0) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "flushing " + context.target().path() + " after " + what + " failed: "
                    + Errno.describe(rc));
        }
    }

    /** The step's result: {@code bytesWritten} beyond its runs' (a zeroing purge), and what is particular to its kind. */
    StepResult result(long otherBytesWritten, StepResult.PurgeSummary purge, List<StepResult.SweepPoint> sweep,
                      SteadyState.Verdict steadyState) {
        return new StepResult(step.kind(), step.label(), step.options(), startedAt, context.clock().nanoTime() - startNs,
                stopReason == null, stopReason, bytesWritten + otherBytesWritten, List.copyOf(runs), purge, sweep, steadyState);
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.close();
        }
    }
}
