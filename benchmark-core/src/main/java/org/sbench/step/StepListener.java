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

    /** How the IO run that starts now progresses ({@code what}: "pass 1 of 2", "point 17 of 200"). */
    default ReplayListener run(String what) {
        return ReplayListener.NONE;
    }

    /** An IO run of the step ended with {@code result}. */
    default void runDone(String what, ReplayResult result) {
    }

    /** Work that is not IO runs (a purge's chunks, an idle wait) reached {@code done} of {@code total} units. */
    default void progress(String what, long done, long total, long elapsedNs) {
    }
}
