package org.sbench.scenario;

/**
 * One step of a scenario's plan, rounds unrolled: its number in the plan (0-based), its place, the
 * step as written, and, in a group run until steady state, whether it is the step whose value is tracked.
 *
 * @param trackedMetric {@code iops} or {@code mbps} when this is the tracked step, else null
 */
public record PlannedStep(int ordinal, Position position, Scenario.StepSpec spec, String trackedMetric) {

    public boolean tracked() {
        return trackedMetric != null;
    }

    /** The step's label in results: its place, then what it does ({@code round 2 of 8 (degradation): replay light-2011}). */
    String label(String stepLabel) {
        return position.inGroup() ? position.describe() + ": " + stepLabel : stepLabel;
    }
}
