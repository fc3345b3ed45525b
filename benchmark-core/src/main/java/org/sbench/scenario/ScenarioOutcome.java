package org.sbench.scenario;

import java.nio.file.Path;

/**
 * How a scenario run ended: complete (every planned step finished), or stopped with the reason (an
 * interruption, an IO error, a failure); the IO errors of the steps this run ran; where the bundle is.
 */
public record ScenarioOutcome(boolean complete, String stopReason, long ioErrors, int stepsRun, Path bundleDir) {
}
