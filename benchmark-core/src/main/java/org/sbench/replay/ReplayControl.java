package org.sbench.replay;

import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;

/**
 * Lets another thread ask a running replay to stop issuing: the CLI's Ctrl-C handler
 * ({@link #requestStop()}, "interrupted") or a timer that ends a time-limited run
 * ({@link #endRun(String)}). The replay then waits for the IOs in flight and ends; its result says
 * why it stopped, and is marked incomplete unless the stop was the run's planned end. The first
 * request wins. Thread-safe.
 */
public final class ReplayControl {
    /** The reason of {@link #requestStop()}. */
    public static final String INTERRUPTED = "interrupted";

    /** A request to stop: its reason, and whether it is the run's planned end (the result stays complete). */
    public record Stop(String reason, boolean planned) {
    }

    private final ReplayControl parent;
    /** Set once, by the first request: reason and kind are read together, never from two requests. */
    private volatile Stop stop;

    public ReplayControl() {
        this(null);
    }

    private ReplayControl(ReplayControl parent) {
        this.parent = parent;
    }

    /**
     * A control for one run of several (a suite's pass) that also stops when this one is asked to;
     * the child's own requests do not reach this one.
     */
    public ReplayControl child() {
        return new ReplayControl(this);
    }

    /** The user interrupted the run: it ends incomplete, reason {@value #INTERRUPTED}. */
    public void requestStop() {
        requestStop(INTERRUPTED);
    }

    /** Stops the run early for {@code reason} (one short phrase, for the result): it ends incomplete. */
    public synchronized void requestStop(String reason) {
        if (stop == null) {
            stop = new Stop(reason, false);
        }
    }

    /**
     * Ends the run as planned (e.g. its time limit was reached): the result is complete and records
     * {@code reason} as how it ended.
     */
    public synchronized void endRun(String reason) {
        if (stop == null) {
            stop = new Stop(reason, true);
        }
    }

    /** The stop asked of this run (this control's request first, then its parent's), or null. */
    public Stop stop() {
        Stop own = stop;
        return own != null ? own : parent == null ? null : parent.stop();
    }

    public boolean stopRequested() {
        return stop() != null;
    }

    /**
     * {@code progress} of work before the run's first IO ({@code task}: "planning TRACE", "making
     * WORKLOAD"), which a stop abandons: its next report throws an {@link ErrorKind#INTERRUPTED}
     * failure, "REASON while TASK", and the work closes what it holds as after any failure (a
     * sort's files, a part file are deleted). A trace is read or made in reports of a buffer or a
     * batch of IOs, so the stop is heard at once, where the work went on to its end before.
     */
    public Progress abandoning(Progress progress, String task) {
        return (done, total) -> {
            String reason = stopReason();
            if (reason != null) {
                throw new SbenchException(ErrorKind.INTERRUPTED, reason + " while " + task);
            }
            progress.at(done, total);
        };
    }

    /**
     * The rule of work stopped before it began (did anything to the drive its result would report): when a stop was asked
     * and {@code began} is false, an {@link ErrorKind#INTERRUPTED} failure, "REASON before {@code what}" ("the first IO of
     * TRACE", "fill 2 x 100% began"), so that no result of nothing is written; nothing otherwise.
     */
    public void checkBegun(boolean began, String what) {
        String reason = stopReason();
        if (reason != null && !began) {
            throw new SbenchException(ErrorKind.INTERRUPTED, reason + " before " + what);
        }
    }

    /** Why the run was asked to stop, or null. */
    public String stopReason() {
        Stop s = stop();
        return s == null ? null : s.reason();
    }
}
