package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sbench.cdm.CdmStep;
import org.sbench.step.Step;

/** {@code --scale} multiplies every duration and size a step runs, written or default. */
class ScaleTest {
    private static Map<String, String> scaled(String stepYaml, double scale, int step) {
        Scenario s = ScenarioFile.parse("s.yaml", "s", "steps:\n" + stepYaml);
        PlannedStep p = ScenarioWalk.plan(s).get(step);
        return new StepMaker(s, StepKinds.standard(), scale).make(p).options();
    }

    @Test
    void durationsAndSizesShrinkAndDefaultsToo() {
        assertEquals(Map.of("duration", "500ms", "size", "100M", "passes", "2"),
                scaled("  - cdm: {duration: 5s, size: 1000M, passes: 2}\n", 0.1, 0));
        // v8's defaults: 1 GiB and 5 s
        assertEquals(Map.of("duration", "50ms", "size", "10M"), scaled("  - cdm: {}\n", 0.01, 0));
        // v3's defaults: 1000 MiB and 6 s; a pass of one sweep (duration 0) stays so
        assertEquals(Map.of("preset", "v3", "duration", "60ms", "size", "10M"), scaled("  - cdm: {preset: v3}\n", 0.01, 0));
        assertEquals(Map.of("preset", "v3", "duration", "0", "size", "10M"), scaled("  - cdm: {preset: v3, duration: 0}\n", 0.01, 0));
        assertEquals(Map.of("duration", "1ms", "size", "1M"), scaled("  - cdm: {duration: 1s, size: 8M}\n", 0.0001, 0),
                "at least 1 ms and 1 MiB");
        assertEquals(Map.of(), scaled("  - cdm: {}\n", 1, 0), "scale 1 runs the options as written");
    }

    @Test
    void aSweepsSizeAtEachPointShrinksWrittenOrNotAndAFillKeepsItsShareOfTheScaledTarget() {
        assertEquals("auto:1M", scaled("  - sweep: {op: read}\n", 0.001, 0).get("per-point"), "64 MiB at most, at least 1 MiB");
        assertEquals("auto:32M", scaled("  - sweep: {per-point: auto}\n", 0.5, 0).get("per-point"));
        assertEquals("auto:4M", scaled("  - sweep: {per-point: 'auto:8M'}\n", 0.5, 0).get("per-point"));
        assertEquals("4M", scaled("  - sweep: {per-point: 8M}\n", 0.5, 0).get("per-point"));
        assertEquals("auto", scaled("  - sweep: {}\n", 1, 0).get("per-point"));
        assertEquals("100%", scaled("  - fill: {}\n", 0.01, 0).get("percent"), "a scaled run is on the first 1% of the target");
    }

    @Test
    void perRoundValuesAreScaledInTheirRound() {
        assertEquals(Map.of("duration", "1500ms", "size", "8M"), scaled("  - rounds: 3\n    steps:\n"
                + "      - cdm: {duration: 10s, size: 80M}\n        per-round: {duration: 5s}\n", 0.1, 1));
    }

    @Test
    void aReplayIsShortenedToTheFirstShareOfItsIos() {
        Scenario s = ScenarioFile.parse("s.yaml", "s", "steps:\n  - replay: {trace: light-2011}\n");
        Step replay = new StepMaker(s, StepKinds.standard(), 0.01).make(ScenarioWalk.plan(s).get(0));
        assertEquals("replay light-2011 (first 1% of its IOs)", replay.label());
        assertEquals("1", replay.options().get("first"));
        assertEquals("5%", ScaledOption.share("first", "100").scale("50%", 0.1));
        assertEquals(List.of("replay first", "cdm duration, size"),
                StepKinds.standard().scaledOptions(java.util.Set.of("replay", "cdm")));
        assertEquals("1G", CdmStep.defaultSize(Map.of()));
    }
}
