package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
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
}
