package org.sbench.step;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.sbench.result.ReplayResult;

/**
 * The result of a scenario (or of one step command): the target and host, the drive's state log
 * (what was done to it and when), and every step's result in order. Written as a directory
 * ({@link BundleDirectory}): {@code bundle.json} with this record, and one replay-result file per IO
 * run, which {@code report} and {@code compare} read as they read any replay result.
 *
 * @param scenario    the scenario's name (the step's kind for a single step)
 * @param plannedSteps the steps the scenario has; {@code steps} holds those that ran
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Bundle(String sbenchVersion, String scenario, String startedAt, boolean complete, String stopReason,
                     ReplayResult.TargetIdentity target, ReplayResult.Host host, int plannedSteps, List<StateEvent> stateLog,
                     List<StepResult> steps) {

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
