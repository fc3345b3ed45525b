package org.sbench.step;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.sbench.result.ReplayResult;

/**
 * The result of a scenario (or of one step command): the target and host, the drive's state log
 * (what was done to it and when), and every step's result in order. Written as a directory
 * ({@link BundleDirectory}): {@code bundle.json} with this record's head (from format 3 without its
 * state log and steps, which {@code steps.jsonl} holds, a {@link Record} a line), and one replay-result
 * file per IO run, which {@code report} and {@code compare} read as they read any replay result.
 *
 * @param format      how it is written and the rules its steps ran by ({@link #FORMAT}, {@link #rules}); absent in bundles of
 *                    builds before 2026-12-05 23:34 UTC, whose rules cannot be told apart: a bundle is resumed only by a
 *                    build of its rules
 * @param scenario    the scenario's name (the step's kind for a single step)
 * @param plannedSteps the steps the scenario has; {@code steps} holds those that ran
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Bundle(Integer format, String sbenchVersion, String scenario, String startedAt, boolean complete,
                     String stopReason, ReplayResult.TargetIdentity target, ReplayResult.Host host, int plannedSteps,
                     List<StateEvent> stateLog, List<StepResult> steps) {
    /**
     * The format of the bundles this build writes, raised whenever a step runs by other rules (its seed, the region a
     * scale keeps, what an option does), so that a resumed bundle never mixes steps of two rules. 2: each step draws
     * from a seed of its own, a scaled run keeps to the first part of the target (bundles without a format were begun
     * by builds before 2026-12-05 23:34 UTC, of those rules or of older ones).
     */
    public static final int FORMAT = 3;
    /**
     * The format whose rules this build's steps run by: format 3 changed only how a bundle is written (its step records
     * appended to {@code steps.jsonl}, not its index rewritten whole after each step), so bundles of format 2 and 3 hold
     * steps of the same rules.
     */
    public static final int RULES = 2;

    /** The format whose rules its steps ran by ({@link #RULES}); null for a bundle without a format. */
    public Integer rules() {
        return format == null || format < RULES ? format : Integer.valueOf(RULES);
    }

    /** This bundle with {@code stateLog} and {@code steps} as its state log and steps' records. */
    public Bundle with(List<StateEvent> stateLog, List<StepResult> steps) {
        return new Bundle(format, sbenchVersion, scenario, startedAt, complete, stopReason, target, host, plannedSteps, stateLog, steps);
    }

    /** This bundle's head, as {@code bundle.json} of format {@link #FORMAT} holds it: without state log and steps. */
    public Bundle head() {
        return new Bundle(FORMAT, sbenchVersion, scenario, startedAt, complete, stopReason, target, host, plannedSteps, null, null);
    }

    /** This bundle ended: {@code complete} or not, and why it stopped (null while it runs or when complete). */
    public Bundle ended(boolean complete, String stopReason) {
        return new Bundle(format, sbenchVersion, scenario, startedAt, complete, stopReason, target, host, plannedSteps, stateLog, steps);
    }

    /** One line of {@code steps.jsonl}: a step's record and the state-log entry made after it. */
    public record Record(StepResult step, StateEvent state) {
    }

    /**
     * One entry of the drive's state log, after a step: when, which step (0-based), what was done,
     * the bytes the step wrote, the bytes written since the last purge (null before any purge in the
     * bundle), and what the drive reported of itself then (temperature where the kernel exposes it,
     * and its kernel counters).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StateEvent(String at, int step, String action, long bytesWritten, Long bytesWrittenSincePurge,
                             Double temperatureC, Map<String, String> health) {
    }
}
