package org.sbench.step;

import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;

/**
 * Hears a step's progress (the terminal's progress lines, a scenario's log). Called on the step's
 * thread; must not block for long.
 */
public interface StepListener {
    /** A listener that hears nothing. */
    StepListener NONE = new StepListener() {
    };

    /** A note the user should see (what will be destroyed, a method the device refused). */
    default void note(String line) {
    }

    /** What a step's work that is not IO runs counts. */
    enum Work {
        /** Bytes of a range (a purge's). */
        BYTES,
        /** Nanoseconds of a wait (an idle step's). */
        TIME
    }

    /**
     * How an IO run of the step progresses ({@code what}: "pass 1 of 2", "probe 3 of 7"), asked as the run is made: at once
     * before it {@link #runStarts}, or (an idle probe) during the wait before it. It ends at {@code timeLimitNs} after its
     * start (a torture run, an idle probe), or at its last IO when 0.
     */
    default ReplayListener run(String what, long timeLimitNs) {
        return ReplayListener.NONE;
    }

    /**
     * The IO run {@code what}, made by {@link #run}, starts now, or (an idle probe) at the end of the wait it is in, up to 50 ms
     * later, so that nothing is printed between the wait's end and the run's first IO. Not heard for a run a stop prevented (a
     * probe stopped in its wait); a stop within that last 50 ms prevents the probe after its line.
     */
    default void runStarts(String what) {
    }

    /** An IO run of the step ended with {@code result}. */
    default void runDone(String what, ReplayResult result) {
    }

    /** Work that is not IO runs (a purge's chunks, an idle wait) reached {@code done} of {@code total} units of {@code work}. */
    default void progress(String what, Work work, long done, long total, long elapsedNs) {
    }
}
