package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
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
     * A scenario turns writeback throttling off only when a step may send discards through the engine (a replay):
     * the trims of trim-recovery and pts-iops-lite are purges (ioctls), and their fills, tortures and sweeps
     * send none, so the throttling (which holds back discards alone) stays on for them.
     */
    @Test
    void onlyAScenarioWithAReplayMaySendDiscards() {
        for (String name : BundledScenarios.NAMES) {
            StepMaker.Plan plan = new StepMaker(ScenarioFile.bundled(name), StepKinds.standard(), 1).check(List.of());
            boolean replays = plan.steps().stream().anyMatch(p -> p.spec().kind().equals(ReplayOptions.KIND));
            assertEquals(replays, plan.sendsDiscards(), name);
        }
        assertFalse(new StepMaker(ScenarioFile.bundled("trim-recovery"), StepKinds.standard(), 1).check(List.of()).sendsDiscards());
        assertTrue(new StepMaker(ScenarioFile.bundled("consistency"), StepKinds.standard(), 1).check(List.of()).sendsDiscards());
    }
}
