package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.step.SteadyState;

/** A group until steady state ends after the round that makes the window steady, or after its most rounds. */
class ScenarioWalkTest {
    private static final Scenario STEADY = ScenarioFile.parse("s.yaml", "s", "steps:\n  - cdm: {}\n"
            + "  - group: ss\n    until: steady\n    track: 2.iops\n    rounds: 8\n    steps:\n      - cdm: {}\n      - cdm: {}\n"
            + "  - cdm: {}\n");

    /** Walks STEADY feeding {@code values} as the tracked IOPS of each round; the rounds the group ran. */
    private static int rounds(List<Double> values) {
        ScenarioWalk walk = new ScenarioWalk(STEADY);
        assertNull(walk.next().position().group());
        int rounds = 0;
        int fed = 0;
        for (PlannedStep p = walk.next(); p != null; p = walk.next()) {
            if (p.position().group() == null) {
                assertNull(walk.next(), "the last single step ends the plan");
                break;
            }
            rounds = p.position().round();
            if (p.tracked()) {
                assertEquals(1, p.position().step(), "track: 2 is the second step of the round");
                walk.tracked("iops of cdm", values.get(fed++));
            }
        }
        return rounds;
    }

    @Test
    void endsAtTheFirstSteadyWindow() {
        assertEquals(7, rounds(List.of(5000.0, 3000.0, 1000.0, 1000.0, 1010.0, 1000.0, 990.0, 1000.0)));
        assertEquals(5, rounds(List.of(1000.0, 1000.0, 1000.0, 1000.0, 1000.0)));
    }

    @Test
    void runsItsMostRoundsWhenNeverSteady() {
        assertEquals(8, rounds(List.of(1000.0, 2000.0, 1000.0, 2000.0, 1000.0, 2000.0, 1000.0, 2000.0)));
    }

    @Test
    void thePlanIsTheLongestTheScenarioCanBe() {
        assertEquals(1 + 8 * 2 + 1, STEADY.longestSteps());
        SteadyState.Verdict v = new ScenarioWalk(STEADY).tracked("x", 1);
        assertFalse(v.reached());
        assertTrue(SteadyState.goOn(v));
    }
}
