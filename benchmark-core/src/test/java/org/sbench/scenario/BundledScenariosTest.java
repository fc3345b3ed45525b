package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.TracePlans;
import org.sbench.step.IdleStep;
import org.sbench.step.Step;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
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
     * A scenario turns writeback throttling off only when a replay step's stream has trims, its trace planned once before
     * the target is opened: the trims of trim-recovery and pts-iops-lite are purges (ioctls), and their fills, tortures
     * and sweeps send none; a replay of a trace file of reads and writes alone sends none either (it turned the throttling
     * off until 2026-12-06), one of a file with trims does. The bundled workloads consistency and atsb-2011 replay are
     * synthesized of reads and writes alone, so that they plan no trim (not generated here: heavy-2011 is some GB).
     */
    @Test
    void onlyAReplayOfATraceWithTrimsMaySendDiscards(@TempDir Path dir) throws Exception {
        for (String name : List.of("trim-recovery", "pts-iops-lite")) {
            assertFalse(sendsDiscards(ScenarioFile.bundled(name)), name);
        }
        for (Op second : List.of(Op.READ, Op.TRIM)) {
            List<IoRecord> ios = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ios.add(TestRecords.record(i * 1000L, i * 1000L + 500, i * 4096L, 4096, i % 2 == 0 ? Op.WRITE : second, IoRecord.NO_STREAM));
            }
            Path trace = TestRecords.writeSbt(dir.resolve(second + ".sbt"), TraceInfo.of("t", EnumSet.of(Field.COMPLETE)), ios);
            Path file = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {percent: 10}\n  - replay: {trace: " + trace
                    + "}\n");
            assertEquals(second == Op.TRIM, sendsDiscards(ScenarioFile.read(file)), second.toString());
        }
    }

    /**
     * A replay step whose options change every round (a round's {@code speed}, here over 1,000 rounds) is a distinct step each
     * round, but its trace's plan depends only on the file, its format and {@code skip-bad}: the trace is read once for all of
     * them, and memory holds one plan per trace so read (until 2026-12-06 a plan per distinct step: 2,000 rounds of a 50,000-IO
     * trace of 500 streams read it 2,000 times before the target was opened, some 170 MB of plans kept). The trims decision
     * stays the stream's: the trace's stream 1 has trims, and only the scenario that replays stream 1 sends discards.
     */
    @Test
    void aTraceIsPlannedOnceForAllTheStepsThatReplayIt(@TempDir Path dir) throws Exception {
        List<IoRecord> ios = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ios.add(TestRecords.record(i * 1000L, i * 1000L + 500, i * 4096L, 4096, i % 2 == 0 ? Op.WRITE : Op.TRIM, i % 2));
        }
        Path a = TestRecords.writeSbt(dir.resolve("a.sbt"), TraceInfo.of("a", EnumSet.of(Field.COMPLETE)), ios);
        Path b = TestRecords.writeSbt(dir.resolve("b.sbt"), TraceInfo.of("b", EnumSet.of(Field.COMPLETE)), ios.subList(0, 2));
        String rounds = "name: s\nsteps:\n  - group: g\n    rounds: 1000\n    steps:\n"
                + "      - replay: {trace: " + a + ", stream: 0, mode: timed, speed: 1}\n        per-round: {speed: 0.5}\n"
                + "      - replay: {trace: " + a + ", stream: 0, mode: fixed-qd, qd: 4, fit: scale}\n";
        String others = "  - replay: {trace: " + a + ", stream: 1, skip-bad: 1}\n  - replay: {trace: " + b + ", stream: 0}\n";
        for (boolean stream1 : List.of(false, true)) {
            Scenario s = ScenarioFile.read(Files.writeString(dir.resolve("s.yaml"), rounds + (stream1 ? others : "")));
            StepMaker maker = new StepMaker(s, StepKinds.standard(), 1);
            TracePlans plans = new TracePlans(new ReplayControl());
            List<StepMaker.Planned> planned = maker.planned(maker.check(List.of()).steps(), plans);
            assertEquals(stream1 ? 1003 : 1001, planned.size(), "distinct steps");
            assertEquals(stream1 ? 3 : 1, plans.size(), "plans made: a.sbt, a.sbt skipping a bad record, b.sbt");
            assertEquals(stream1, StepMaker.sendsDiscards(planned), "stream 1 has the trims");
        }
    }

    private static boolean sendsDiscards(Scenario s) {
        StepMaker maker = new StepMaker(s, StepKinds.standard(), 1);
        return StepMaker.sendsDiscards(maker.planned(maker.check(List.of()).steps(), new TracePlans(new ReplayControl())));
    }
}
