package org.sbench.scenario;

import java.util.ArrayList;
import java.util.List;
import org.sbench.step.SteadyState;

/**
 * Walks a scenario's steps in order with rounds unrolled. A group in fixed rounds ends after its last
 * round; a group until steady state ends after the round whose tracked value made the window of the
 * last {@value SteadyState#WINDOW} rounds steady ({@link #tracked}), or after its most rounds. Without
 * tracked values (planning before a run) every such group runs its most rounds, so the plan is the
 * longest the scenario can be. Not thread-safe.
 */
final class ScenarioWalk {
    private final Scenario scenario;
    private final List<Double> values = new ArrayList<>();
    private int part;
    private int round = 1;
    private int step;
    private int ordinal;
    private SteadyState.Verdict verdict;

    ScenarioWalk(Scenario scenario) {
        this.scenario = scenario;
    }

    /** The next step, or null after the last. */
    PlannedStep next() {
        while (part < scenario.parts().size()) {
            Scenario.Part p = scenario.parts().get(part);
            if (p instanceof Scenario.StepSpec s) {
                if (step == 0) {
                    step = 1;
                    return new PlannedStep(ordinal++, Position.single(part), s, null);
                }
            } else {
                Scenario.Group g = (Scenario.Group) p;
                if (step < g.steps().size()) {
                    Position at = new Position(part, g.name(), round, g.rounds(), g.untilSteady(), step);
                    boolean tracked = g.untilSteady() && g.track().step() == step;
                    return new PlannedStep(ordinal++, at, g.steps().get(step++), tracked ? g.track().metric() : null);
                }
                boolean steady = verdict != null && verdict.reached();
                if (round < g.rounds() && !steady) {
                    round++;
                    step = 0;
                    continue;
                }
            }
            part++;
            round = 1;
            step = 0;
            values.clear();
            verdict = null;
        }
        return null;
    }

    /** The tracked step of the current round measured {@code value}: the steady-state check after it. */
    SteadyState.Verdict tracked(String what, double value) {
        values.add(value);
        verdict = SteadyState.check(what, values);
        return verdict;
    }

    /** Every step of the plan at its longest (no tracked values). */
    static List<PlannedStep> plan(Scenario scenario) {
        ScenarioWalk walk = new ScenarioWalk(scenario);
        List<PlannedStep> out = new ArrayList<>();
        for (PlannedStep p = walk.next(); p != null; p = walk.next()) {
            out.add(p);
        }
        return out;
    }
}
