package org.sbench.replay;

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

    private final ReplayControl parent;
    private volatile String stopReason;
    private volatile boolean plannedEnd;

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
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    /**
     * Ends the run as planned (e.g. its time limit was reached): the result is complete and records
     * {@code reason} as how it ended.
     */
    public synchronized void endRun(String reason) {
        if (stopReason == null) {
            plannedEnd = true;
            stopReason = reason;
        }
    }

    public boolean stopRequested() {
        return stopReason != null || (parent != null && parent.stopRequested());
    }

    /** Why the run was asked to stop (this control's request first, then its parent's), or null. */
    public String stopReason() {
        String own = stopReason;
        return own != null ? own : parent == null ? null : parent.stopReason();
    }

    /** True when the stop is the run's planned end rather than an early stop. */
    public boolean plannedEnd() {
        String own = stopReason;
        return own != null ? plannedEnd : parent != null && parent.plannedEnd();
    }
}
