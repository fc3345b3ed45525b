package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.step.IdleStep;
import org.sbench.step.Step;
import org.sbench.traces.BundledScenarios;

/** Every bundled scenario reads, and every step is made from its options (each round at its longest). */
class BundledScenariosTest {
    @Test
    void everyBundledScenarioChecksAgainstTheRegisteredKinds() {
        for (String name : BundledScenarios.NAMES) {
            Scenario s = ScenarioFile.bundled(name);
            assertEquals(name, s.name());
            List<String> missing = s.check(StepKinds.standard());
            assertEquals(List.of(), missing, name + " names kinds this build does not have");
        }
    }

    @Test
    void theConsistencyScenarioHasThePcmark8Structure() {
        Scenario s = ScenarioFile.bundled("consistency");
        assertEquals(1 + 8 * 2 + 5 * 2 + 5 * 2, s.longestSteps());
        List<PlannedStep> plan = ScenarioWalk.plan(s);
        assertEquals("round 8 of 8 (degradation)", plan.get(15).position().describe());
        assertEquals("45m", PerRound.at(plan.get(15).spec(), 8).get("duration"), "10 min + 5 min per round");
        assertEquals(1 + 1 + 25, ScenarioFile.bundled("pts-iops-lite").longestSteps(), "purge, fill, at most 25 rounds");
    }

    @Test
    void theConsistencyRecoveryRoundsWriteNothingButTheirTracePass() {
        Scenario s = ScenarioFile.bundled("consistency");
        StepMaker maker = new StepMaker(s, StepKinds.standard(), 1);
        List<PlannedStep> recovery = ScenarioWalk.plan(s).stream().filter(p -> p.position().describe().endsWith("(recovery)")).toList();
        assertEquals(5 * 2, recovery.size(), "5 rounds of idle and a pass");
        for (PlannedStep p : recovery) {
            Step step = maker.make(p);
            if (step.kind().equals(IdleStep.KIND)) {
                assertFalse(step.writes(), p.position().describe() + ": " + step.options());
                assertEquals("none", step.options().get("probe-test"), "5 min idle, no probe");
                assertEquals("5m", step.options().get("duration"));
            } else {
                assertEquals(ReplayOptions.KIND, step.kind(), p.position().describe());
            }
        }
    }

    /**
     * A scenario turns writeback throttling off only when a step may send discards through the engine (a replay
     * of a trace file): the trims of trim-recovery and pts-iops-lite are purges (ioctls), their fills, tortures
     * and sweeps send none, and the replays of consistency and atsb-2011 replay bundled workloads, synthesized
     * of reads and writes alone; so the throttling (which holds back discards alone) stays on for all of them.
     */
    @Test
    void onlyAScenarioThatReplaysATraceFileMaySendDiscards(@TempDir Path dir) throws Exception {
        for (String name : BundledScenarios.NAMES) {
            assertFalse(new StepMaker(ScenarioFile.bundled(name), StepKinds.standard(), 1).check(List.of()).sendsDiscards(), name);
        }
        Path trace = Files.writeString(dir.resolve("t.csv"), "");
        Path file = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {percent: 10}\n  - replay: {trace: " + trace + "}\n"
                + "  - replay: {trace: light-2011}\n");
        assertTrue(new StepMaker(ScenarioFile.read(file), StepKinds.standard(), 1).check(List.of()).sendsDiscards());
    }
}
