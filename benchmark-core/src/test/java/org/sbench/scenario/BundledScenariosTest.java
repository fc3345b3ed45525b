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

    private static boolean sendsDiscards(Scenario s) {
        StepMaker maker = new StepMaker(s, StepKinds.standard(), 1);
        return StepMaker.sendsDiscards(maker.planned(maker.check(List.of()).steps(), new ReplayControl()));
    }
}
