package org.sbench.scenario;

import java.nio.file.Path;

/**
 * How a scenario run ended: complete (every planned step finished), or stopped with the reason (an
 * interruption, an IO error, a failure); the IO errors of the steps this run ran; where the bundle is,
 * and the bundle as read back for its report (null until then), so that the end table reads its runs'
 * files no second time (100,000 steps: 5 minutes).
 */
public record ScenarioOutcome(boolean complete, String stopReason, long ioErrors, int stepsRun, Path bundleDir,
                              ScenarioBundle bundle) {

    /** This outcome with the bundle read back. */
    ScenarioOutcome with(ScenarioBundle read) {
        return new ScenarioOutcome(complete, stopReason, ioErrors, stepsRun, bundleDir, read);
    }
}
