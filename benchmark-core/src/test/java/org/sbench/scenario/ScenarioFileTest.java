package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.cdm.CdmStep;

/** Scenario files read into steps and rounds, and their errors: one line naming the file, the line and the key. */
class ScenarioFileTest {
    private static final String FILE = "s.yaml";

    private static Scenario parse(String text) {
        return ScenarioFile.parse(FILE, "s", text);
    }

    /** The message of the error {@code text} gets when its steps are made from the standard kinds. */
    private static String error(String text) {
        SbenchException e = assertThrows(SbenchException.class,
                () -> new StepMaker(parse(text), StepKinds.standard(), 1).check(List.of()));
        assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void stepsGroupsAndRoundsAreReadAsWritten() {
        Scenario s = parse("name: two\ndescription: d\nsteps:\n"
                + "  - cdm: {size: 8M, passes: 1}\n"
                + "  - group: grow\n"
                + "    rounds: 3\n"
                + "    steps:\n"
                + "      - cdm: {duration: 10m, size: 8M}\n"
                + "        per-round: {duration: 5m, size: 4M}\n"
                + "  - until: steady\n"
                + "    track: cdm.iops\n"
                + "    rounds: 6\n"
                + "    steps:\n"
                + "      - cdm: {size: 8M}\n");
        assertEquals("two", s.name());
        assertEquals(List.of(), s.check(StepKinds.standard()), "every kind of the file is registered");
        List<PlannedStep> plan = ScenarioWalk.plan(s);
        assertEquals(1 + 3 + 6, plan.size());
        assertEquals("round 2 of 3 (grow)", plan.get(2).position().describe());
        assertEquals(Map.of("duration", "20m", "size", "16M"), PerRound.at(plan.get(3).spec(), 3));
        assertEquals("round 4 of at most 6 (group 2)", plan.get(7).position().describe());
        assertTrue(plan.get(7).tracked());
        assertEquals(8, plan.get(3).spec().line(), "the line of the step's kind");
    }

    @Test
    void wordValuesAreReadInAnyCase() {
        Scenario s = parse("steps:\n  - until: STEADY\n    track: cdm.IOPS\n    steps:\n      - cdm: {size: 8M, preset: V3, data: BOTH}\n"
                + "      - sweep: {op: WRITE, points: 2, per-point: 1M}\n");
        assertEquals(List.of(), s.check(StepKinds.standard()));
        new StepMaker(s, StepKinds.standard(), 1).check(List.of());
        assertTrue(ScenarioWalk.plan(s).get(0).tracked());
    }

    @Test
    void anUnknownStepIsOneLineNamingFileLineAndKey() {
        assertEquals("s.yaml:4: unknown step 'tortue'; the steps are " + String.join(", ", StepKinds.standard().words()),
                error("steps:\n  - cdm: {size: 8M}\n\n  - tortue: {duration: 1m}\n"));
    }

    @Test
    void anUnknownOptionIsOneLineNamingFileLineAndKey() {
        assertEquals("s.yaml:4: unknown option 'bz' of step cdm; cdm takes preset, size, passes, duration, data",
                error("steps:\n  - cdm:\n      size: 8M\n      bz: 4K\n"));
        assertEquals("s.yaml:3: unknown option 'size' of step fill; fill takes percent, passes, bs, data, qd",
                error("steps:\n  - fill:\n      size: 8M\n"), "as docs/steps.md quotes it");
    }

    @Test
    void aStepsOwnEngineIsRefusedAtItsLineForRunSetsTheEngineOfEveryStep() {
        String refusal = "'engine' is no option of a scenario's step; every step runs on the engine 'sbench run --engine' names,"
                + " which the bundle records";
        assertEquals("s.yaml:4: " + refusal, error("steps:\n  - fill:\n      passes: 1\n      engine: sync\n"));
        assertEquals("s.yaml:5: " + refusal, error("steps:\n  - rounds: 2\n    steps:\n      - torture: {duration: 1s}\n"
                + "        per-round: {engine: 1}\n"));
    }

    @Test
    void aReplaysMaxIdleTakesWhatReplayTakesNoneToo() {
        Scenario s = parse("steps:\n  - replay: {trace: light-2011, max-idle: none}\n  - replay: {trace: light-2011, max-idle: 0}\n");
        assertEquals(List.of(), s.check(StepKinds.standard()));
        assertEquals("s.yaml:2: max-idle: 'soon' is not a duration; write a number with a unit: 500us, 25ms, 8s, 5m, or none to keep idle in full",
                error("steps:\n  - replay: {trace: light-2011, max-idle: soon}\n"));
    }

    /** A mode's option without the mode says to add it, as replay does. */
    @Test
    void aReplaysQdWithoutModeSaysToAddTheMode() {
        assertEquals("s.yaml:2: qd goes with mode fixed-qd, and the mode is recorded-qd when mode is not given: add mode fixed-qd",
                error("steps:\n  - replay: {trace: light-2011, qd: 32}\n"));
    }

    @Test
    void aBadValueNamesItsLineAndTheOptionAsTheFileWritesIt() {
        assertEquals("s.yaml:3: passes takes a whole number, found 'many'", error("steps:\n  - cdm: {size: 8M,\n      passes: many}\n"));
        assertEquals("s.yaml:2: data takes random, zero or both, found 'ones'", error("steps:\n  - cdm: {data: ones}\n"));
    }

    /** Taken and dropped, an option that does nothing for its step would look applied; under --scale too, which adds none. */
    @Test
    void anOptionThatDoesNothingForItsStepIsRefusedAtItsLine() {
        assertEquals("s.yaml:3: data does nothing for sweep read, 200 points, 1M at QD 1; leave it out",
                error("steps:\n  - sweep: {op: read,\n      data: zero}\n"));
        String idle = "steps:\n  - idle: {duration: 10m, probe-test: none,\n      probe-duration: 5s}\n";
        assertEquals("s.yaml:3: probe-duration does nothing for idle 10m; leave it out", error(idle));
        SbenchException scaled = assertThrows(SbenchException.class,
                () -> new StepMaker(parse(idle), StepKinds.standard(), 0.01).check(List.of()));
        assertEquals("s.yaml:3: probe-duration does nothing for idle 6s; leave it out", scaled.getMessage());
        new StepMaker(parse("steps:\n  - idle: {duration: 10m, probe-test: none}\n"), StepKinds.standard(), 0.01).check(List.of());
    }

    @Test
    void aValueAPerRoundChangeMakesBadNamesTheChangeAndTheRound() {
        assertEquals("s.yaml:6: round 3: per-round 'size' makes the value negative", error("steps:\n  - rounds: 3\n    steps:\n"
                + "      - cdm: {size: 8M}\n"
                + "        # shrinks\n"
                + "        per-round: {size: -6M}\n"));
        // A size change to a share was "s.yaml:4: 'span' '50%' is not a size", at the option's line.
        assertEquals("s.yaml:5: per-round 'span': expected a change of the same kind as '50%': a duration (5m), a size (128K) or a"
                + " number, found '4M'", error("steps:\n  - rounds: 3\n    steps:\n      - torture: {duration: 1s, span: 50%}\n"
                + "        per-round: {span: 4M}\n"));
        assertEquals("s.yaml:5: per-round 'span': expected a change of the same kind as '1G': a duration (5m), a size (128K) or a"
                + " number, found '5m'", error("steps:\n  - rounds: 3\n    steps:\n      - torture: {duration: 1s, span: 1G}\n"
                + "        per-round: {span: 5m}\n"));
    }

    /**
     * A tracked step that issues no IO (a purge, an idle period without probes) has no iops or mbps in any round: its
     * group ran all its rounds, every window "measured no IO", and steady state could never be reached.
     */
    @Test
    void aTrackedStepThatIssuesNoIoIsRefused() {
        assertEquals("s.yaml:3: track: step 1 of the group (purge trim) issues no IO: no round of it has iops, so the group"
                + " would run all its rounds and never be steady; track a step that issues IO (e.g. torture.iops)",
                error("steps:\n  - until: steady\n    track: purge.iops\n    steps: [{purge: {}}, {torture: {duration: 1m}}]\n"));
        assertEquals("s.yaml:4: track: step 2 of the group (idle 1m) issues no IO: no round of it has mbps, so the group"
                + " would run all its rounds and never be steady; track a step that issues IO (e.g. torture.iops)",
                error("steps:\n  - torture: {duration: 1m}\n  - until: steady\n    track: 2.mbps\n"
                        + "    steps: [{torture: {duration: 1m}}, {idle: {duration: 1m, probe-test: none}}]\n"));
        new StepMaker(parse("steps:\n  - until: steady\n    track: idle.iops\n    steps: [{purge: {}}, {idle: {duration: 1m}}]\n"),
                StepKinds.standard(), 1).check(List.of());
    }

    @Test
    void theShapeOfTheFileIsChecked() {
        assertEquals("s.yaml:1: unknown key 'step' in a scenario; expected name, description, steps", error("step:\n  - cdm: {}\n"));
        assertEquals("s.yaml:2: unknown key 'repeat' in a group; expected group, rounds, until, track, steps",
                error("steps:\n  - repeat: 2\n    rounds: 2\n    steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:2: a group needs rounds: N or until: steady", error("steps:\n  - steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:2: until: steady needs track: STEP.VALUE (e.g. torture.iops, replay.mbps)",
                error("steps:\n  - until: steady\n    steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:3: track: the group has no step 'replay'",
                error("steps:\n  - until: steady\n    track: replay.mbps\n    steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:3: rounds: expected a whole number from 5 to 25 (the most rounds until steady state; SNIA PTS gives"
                + " up after 25), found '30'", error("steps:\n  - until: steady\n    rounds: 30\n    track: cdm.iops\n    steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:3: the scenario plans more than 100000 steps up to here (a group's rounds x its steps, and each"
                + " step outside groups; the end table and report hold every step, about 3 KB of heap each); split it into"
                + " scenarios", error("steps:\n  - purge: {}\n  - rounds: 50000\n    steps: [{purge: {}}, {purge: {}}]\n"));
        assertEquals(100_000, ScenarioFile.parse("s.yaml", "s", "steps:\n  - rounds: 50000\n    steps: [{purge: {}}, {purge: {}}]\n")
                .parts().stream().mapToLong(p -> p instanceof Scenario.Group g ? (long) g.rounds() * g.steps().size() : 1).sum(),
                "as many as the most is planned");
        assertEquals("s.yaml:2: one step per item, found 2 (cdm, replay); start each with its own '- '",
                error("steps:\n  - cdm: {}\n    replay: {}\n"));
        assertEquals("s.yaml:3: per-round goes with a step of a group in rounds", error("steps:\n  - cdm: {size: 8M}\n    per-round: {size: 1M}\n"));
        assertEquals("s.yaml:4: groups do not nest; put the rounds in one group",
                error("steps:\n  - rounds: 2\n    steps:\n      - rounds: 2\n        steps: [{cdm: {}}]\n"));
        assertEquals("s.yaml:3: option 'size' of cdm: expected a value (a word or number)", error("steps:\n  - cdm:\n      size: [1, 2]\n"));
        assertEquals("s.yaml:3: 'cdm' given twice", error("steps:\n  - cdm: {}\n  - {cdm: {}, cdm: {}}\n"));
    }

    /**
     * A group's name is how the steps' labels, the steady-state verdict lines and the report's charts tell groups apart:
     * two steady groups named alike made one chart, the second group's rounds drawn on the first's line and its verdict
     * lost. A name given twice, or the name an unnamed group gets ({@code group 2}), is refused at the second.
     */
    @Test
    void aGroupNameIsGivenOnce() {
        String group = "    until: steady\n    track: cdm.iops\n    steps: [{cdm: {}}]\n";
        assertEquals("s.yaml:6: group 'ss' is named twice (first at line 2); give each group a name of its own",
                error("steps:\n  - group: ss\n" + group + "  - group: ss\n" + group));
        assertEquals("s.yaml:6: group 'group 2' is named twice (first at line 2); give each group a name of its own",
                error("steps:\n  - group: group 2\n" + group + "  - until: steady\n" + group.substring(group.indexOf("    track"))));
        assertEquals(List.of("a", "group 2"), parse("steps:\n  - group: a\n" + group + "  - rounds: 2\n    steps: [{cdm: {}}]\n")
                .parts().stream().map(p -> ((Scenario.Group) p).name()).toList());
    }

    @Test
    void yamlThatDoesNotParseNamesItsLine() {
        String m = error("steps:\n  - cdm: {size: 8M\n  - cdm: {}\n");
        assertTrue(m.startsWith("s.yaml:3: not YAML: "), m);
    }

    /** Jackson's limits (StreamReadConstraints: nesting 1,000 deep) carry no place of their own: the parser's is named. */
    @Test
    void aDocumentNestedTooDeepIsRefusedAtTheLineWhereItWent(@TempDir Path dir) throws Exception {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertEquals("s.yaml:4: not YAML: Document nesting depth (1001) exceeds the maximum allowed (1000)",
                error("name: deep\n\n\nsteps: " + deep + "\n"));
        Path f = Files.writeString(dir.resolve("deep.json"), "{\n\"steps\":\n" + deep + "}");
        assertEquals(f + ":3: not JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)",
                assertThrows(SbenchException.class, () -> ScenarioFile.read(f)).getMessage());
    }

    @Test
    void jsonFilesAreReadAsJson(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("j.json"), "{\"steps\": [{\"cdm\": {\"size\": \"8M\", \"passes\": 1}},\n"
                + " {\"cdm\": {\"pases\": 1}}]}");
        Scenario s = ScenarioFile.read(f);
        assertEquals("j", s.name());
        SbenchException e = assertThrows(SbenchException.class, () -> s.check(StepKinds.standard()));
        assertEquals(f + ":2: unknown option 'pases' of step cdm; cdm takes preset, size, passes, duration, data", e.getMessage());
    }

    /** The parser's own name for its input ("Source: REDACTED (`StreamReadFeature...` disabled)") is no concern of the user's. */
    @Test
    void jsonThatDoesNotParseNamesItsLineAndColumnOnly(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("cut.json"), "{\"steps\": [{\"fill\": {\"passes\": 1}}");
        SbenchException e = assertThrows(SbenchException.class, () -> ScenarioFile.read(f));
        assertEquals(f + ":1: not JSON: Unexpected end-of-input: expected close marker for Array (start marker at [line: 1,"
                + " column: 11])", e.getMessage());
    }

    @Test
    void aReplayOfATraceThatIsNeitherAFileNorBundledIsRefusedAtItsLine() {
        assertEquals("s.yaml:2: trace 'no-such.sbt': no such file, and no bundled workload of that name (sbench traces lists them)",
                error("steps:\n  - replay: {trace: no-such.sbt}\n"));
    }

    /**
     * A huge value is quoted by its first 60 characters and its length: until 2026-12-06 each error echoed it whole, so a
     * 500,000-digit percent made a one-line error of 500,068 bytes.
     */
    @Test
    void aHugeValueIsQuotedByItsStartAndLength() {
        String digits = "9".repeat(500_000);
        String letters = "x".repeat(500_000);
        String shown = "' (500000 characters)";
        for (String[] c : new String[][] {
                {"  - fill: {percent: " + digits + "}\n", "percent takes a percentage such as 100%, found '"},
                {"  - fill: {bs: " + digits + "}\n", "bs: '"},
                {"  - fill: {passes: " + digits + "}\n", "passes takes a whole number, found '"},
                {"  - torture: {duration: " + digits + "}\n", "duration: '"},
                {"  - torture: {duration: 1s, qd: " + digits + "}\n", "qd takes a whole number, found '"},
                {"  - torture: {duration: 1s, data: " + letters + "}\n", "found '"},
                {"  - purge: {method: " + letters + "}\n", "method takes trim, secure-trim or zero, found '"},
                {"  - replay: {trace: " + letters + "}\n", "trace '"},
                {"  - group: g\n    rounds: " + digits + "\n    steps:\n      - purge: {}\n", "found '"},
                {"  - group: g\n    rounds: 2\n    steps:\n      - torture: {duration: 1s}\n        per-round: {duration: "
                        + letters + "}\n", "found '"}}) {
            String message = error("steps:\n" + c[0]);
            String start = (c[0].contains(digits) ? digits : letters).substring(0, 60);
            assertTrue(message.contains(c[1] + start + "..." + shown)
                    && message.length() < 300, message.length() + " characters: " + message.substring(0, Math.min(message.length(), 300)));
        }
    }

    @Test
    void aCdmStepTakesTheOptionsOfTheCommand() {
        CdmStep s = CdmStep.of(Map.of("preset", "v3", "size", "16M", "passes", "2", "data", "both"));
        assertEquals(16L << 20, s.settings().sizeBytes());
        assertEquals(List.of("random", "zero"), s.settings().data());
        assertEquals(6_000_000_000L, s.settings().durationNs(), "v3 passes last 6 s");
        assertEquals("cdm v3, 16 MiB, 2 passes of 6 s, random and 0x00 data", s.label());
    }
}
