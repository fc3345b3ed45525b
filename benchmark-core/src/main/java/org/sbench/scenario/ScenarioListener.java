package org.sbench.scenario;

import org.sbench.step.StepResult;

/** Hears a scenario run step by step (the terminal's lines). Called on the running thread. */
public interface ScenarioListener {
    ScenarioListener NONE = new ScenarioListener() {
    };

    /** The resumed bundle's last step record was cut short and is cut off ({@code cut} says so, in words): its step runs again. */
    default void cut(String cut) {
    }

    /** The bundle already holds {@code finished}, the result of {@code p} (a resumed run passes it). */
    default void finishedBefore(PlannedStep p, StepResult finished) {
    }

    /** {@code p} starts now, as step {@code p.ordinal() + 1} of at most {@code plannedSteps}; {@code label} says what it does. */
    default void starting(PlannedStep p, String label, int plannedSteps) {
    }

    /** {@code p} ended with {@code result} (recorded in the bundle), whose numbers are {@code numbers}. */
    default void done(PlannedStep p, StepResult result, StepNumbers numbers) {
    }
}
