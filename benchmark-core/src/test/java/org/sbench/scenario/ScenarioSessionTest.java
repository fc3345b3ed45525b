package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.svg.SVGGraphics2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.ReplayResult;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.BundleLog;
import org.sbench.step.ReplayStep;
import org.sbench.step.StepContext;
import org.sbench.step.StepListener;
import org.sbench.step.StepResult;
import org.sbench.target.NullTarget;
import org.sbench.target.TargetLock;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Scenarios run on the null target into bundles: stopped and resumed, until steady state, compared. */
class ScenarioSessionTest {
    private final TestSteps steps = new TestSteps();

    /** The plan's steps as the listener heard them start. */
    private static class Heard implements ScenarioListener {
        final List<Integer> started = new ArrayList<>();
        final List<Integer> before = new ArrayList<>();

        @Override
        public void finishedBefore(PlannedStep p, StepResult finished) {
            before.add(p.ordinal() + 1);
        }

        @Override
        public void starting(PlannedStep p, String label, int plannedSteps) {
            started.add(p.ordinal() + 1);
        }
    }

    private ScenarioOutcome run(Scenario s, Path bundle, boolean resume, Double scale, Heard heard) {
        return ScenarioSession.prepare(new ScenarioSession.Request(s, bundle, resume, scale, NullTarget.NAME, TargetSettings.DEFAULTS,
                null), steps.kinds()).run(NanoClock.SYSTEM, heard, StepListener.NONE, steps.newRun(), "test");
    }

    private ScenarioOutcome runOn(Scenario s, Path bundle, String target, TargetSettings settings, double scale) {
        return ScenarioSession.prepare(new ScenarioSession.Request(s, bundle, false, scale, target, settings, null), steps.kinds())
                .run(NanoClock.SYSTEM, new Heard(), StepListener.NONE, steps.newRun(), "test");
    }

    private static Scenario scenario(Path dir, String stepsYaml) {
        String text = "name: t\nsteps:\n" + stepsYaml.replace("TRACE", dir.resolve("t.sbt").toString());
        return ScenarioFile.parse("t.yaml", "t", text);
    }

    @Test
    void aScenarioStoppedAfterItsSecondStepResumesAtTheThirdAndTheBundleIsComplete(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - replay: {trace: TRACE, max-idle: 0}\n  - stop: {}\n  - replay: {trace: TRACE}\n"
                + "  - cdm: {size: 2M, passes: 1, duration: 50ms}\n");
        Path b = dir.resolve("bundle");
        Heard first = new Heard();
        ScenarioOutcome o = run(s, b, false, null, first);
        assertFalse(o.complete());
        assertEquals("interrupted (SIGTERM) before step 3", o.stopReason());
        assertEquals(List.of(1, 2), first.started);
        Bundle partial = BundleDirectory.open(b).read();
        assertFalse(partial.complete());
        assertEquals(2, partial.steps().size());
        assertEquals(4, partial.plannedSteps());
        assertTrue(Files.isRegularFile(b.resolve(ScenarioReport.FILE)), "the report of what ran");
        assertEquals(List.of(0, 1), o.bundle().entries().stream().map(ScenarioBundle.Entry::record).toList(),
                "the bundle as its report read it, for the end table");

        // A bundle another run holds (a run still going, a resume started twice) is not resumed beside it.
        try (TargetLock other = TargetLock.ofBundle(b)) {
            SbenchException held = assertThrows(SbenchException.class, () -> run(null, b, true, null, new Heard()));
            assertEquals(ErrorKind.TARGET_IN_USE, held.kind(), held.getMessage());
            assertTrue(held.getMessage().endsWith(", which is running it; one run of a bundle at a time"), held.getMessage());
        }
        assertEquals(2, BundleDirectory.open(b).read().steps().size(), "nothing run or written");

        Heard second = new Heard();
        ScenarioOutcome resumed = run(null, b, true, null, second);
        assertTrue(resumed.complete(), resumed.stopReason());
        assertEquals(List.of(1, 2), second.before);
        assertEquals(List.of(3, 4), second.started);
        Bundle whole = BundleDirectory.open(b).read();
        assertTrue(whole.complete());
        assertNull(whole.stopReason());
        assertEquals(List.of("replay", "stop", "replay", "cdm"), whole.steps().stream().map(StepResult::kind).toList());
        assertEquals(4, whole.stateLog().size());
        assertEquals(50 * 4096, whole.stateLog().get(2).bytesWritten());
        // every run is a result report and compare read
        ReplayResult third = new JsonResults().read(b.resolve(whole.steps().get(2).runs().get(0).file()));
        assertEquals(100, third.summary().ios());
        assertEquals(8, whole.steps().get(3).runs().size(), "cdm v8: 4 tests, each read and write, as cdm --out writes them");
        assertEquals("cdm-v8-rnd4k-q1t1-write-random", whole.steps().get(3).runs().get(7).name());
        Document report = xml(Files.readString(b.resolve(ScenarioReport.FILE)));
        assertTrue(chartIds(report).containsAll(List.of("chart-mbps-over-time", "chart-iops-over-time")), chartIds(report).toString());
    }

    /**
     * A stop as a step begins, before it did anything to the drive (a fill's or a cdm step's first IO, a purge's first
     * chunk, an idle wait's first slice): the run ends before that step, which the bundle does not hold, and a resume runs
     * it. Each was recorded, incomplete, with no run (found by the stepbegun audit).
     */
    @Test
    void aStopBeforeAStepBeganEndsTheRunBeforeThatStep(@TempDir Path dir) {
        TargetSettings sized = TargetSettings.DEFAULTS.withSizeBytes(16L << 20);
        for (String step : List.of("fill: {passes: 1}", "purge: {}", "cdm: {size: 2M, passes: 1, duration: 50ms}",
                "idle: {duration: 1h, probe-test: none}", "torture: {until: steady, round: 1s}")) {
            Path b = dir.resolve(step.substring(0, step.indexOf(':')));
            Heard stopAtStart = new Heard() {
                @Override
                public void starting(PlannedStep p, String label, int plannedSteps) {
                    steps.control.get().requestStop(TestSteps.SIGTERM);
                }
            };
            ScenarioOutcome o = ScenarioSession.prepare(new ScenarioSession.Request(scenario(dir, "  - " + step + "\n"), b, false, null,
                    NullTarget.NAME, sized, null), steps.kinds()).run(NanoClock.SYSTEM, stopAtStart, StepListener.NONE, steps.newRun(),
                    "test");
            assertFalse(o.complete(), step);
            assertEquals("interrupted (SIGTERM) before step 1", o.stopReason(), step);
            assertEquals(0, BundleDirectory.open(b).read().steps().size(), step + ": not recorded");
        }
        Path fill = dir.resolve("fill");
        ScenarioOutcome resumed = ScenarioSession.prepare(new ScenarioSession.Request(null, fill, true, null, NullTarget.NAME, sized, null),
                steps.kinds()).run(NanoClock.SYSTEM, new Heard(), StepListener.NONE, steps.newRun(), "test");
        assertTrue(resumed.complete(), resumed.stopReason());
        assertEquals(1, BundleDirectory.open(fill).read().steps().size(), "the resume ran the fill");
    }

    /**
     * A stop as a replay step begins, before its first IO: the run ends before that step, which the
     * bundle does not hold, as after a stop while the step sorts its trace, and a resume runs it. It
     * was recorded, incomplete, with a run of no IO ("stopped after 0 of 3 IOs").
     */
    @Test
    void aStopBeforeAReplayStepsFirstIoEndsTheRunBeforeThatStep(@TempDir Path dir) {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - replay: {trace: TRACE, max-idle: 0}\n  - replay: {trace: TRACE, max-idle: 0}\n");
        Path b = dir.resolve("bundle");
        StepListener stopAtSecond = new StepListener() {
            private int runs;

            @Override
            public ReplayListener run(String what, long timeLimitNs) {
                if (++runs == 2) {
                    steps.control.get().requestStop(TestSteps.SIGTERM);
                }
                return ReplayListener.NONE;
            }
        };
        ScenarioOutcome o = ScenarioSession.prepare(new ScenarioSession.Request(s, b, false, null, NullTarget.NAME,
                TargetSettings.DEFAULTS, null), steps.kinds()).run(NanoClock.SYSTEM, new Heard(), stopAtSecond, steps.newRun(), "test");
        assertFalse(o.complete());
        assertEquals("interrupted (SIGTERM) before step 2", o.stopReason());
        assertEquals(1, BundleDirectory.open(b).read().steps().size(), "step 2 is not recorded");
        Heard resumed = new Heard();
        assertTrue(run(null, b, true, null, resumed).complete());
        assertEquals(List.of(2), resumed.started);
        assertEquals(List.of(true, true), BundleDirectory.open(b).read().steps().stream().map(StepResult::complete).toList());
    }

    @Test
    void aScaledSweepReadsTheScaledSizeAtEachPointOfTheScaledRegion(@TempDir Path dir) {
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - sweep: {op: read}\n"), b, NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(1L << 40),
                0.001);
        assertTrue(o.complete(), o.stopReason());
        StepResult sweep = BundleDirectory.open(b).read().steps().get(0);
        assertEquals("auto:1M", sweep.options().get("per-point"), "64 MiB at most, scaled");
        ReplayResult run = new JsonResults().read(b.resolve(sweep.runs().get(0).file()));
        assertEquals(200L << 20, run.summary().bytesRead(), "200 points of 1 MiB, not of 64 MiB");
        long region = (long) ((1L << 40) * 0.001) >> 20 << 20;
        assertEquals(region, run.target().capacity(), "the first 0.1% of the 1 TiB target");
        assertEquals(region - (1 << 20), sweep.sweep().get(199).offsetBytes(), "the last point ends at the region's end");
    }

    /**
     * The report of a bundle is made from one read of each run file: the over-time charts bin each run's series from the
     * rates the bundle kept of it. Before, {@code chart-mbps-over-time} read every run file a second time (a third of the
     * end of a 10,000-step bundle, bench/RESULTS.md "The end of a long scenario"); with the run files gone after the bundle
     * was read, the report is still the same page.
     */
    @Test
    void theReportReadsEachRunFileOnce(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - replay: {trace: TRACE, max-idle: 0}\n  - cdm: {size: 2M, passes: 1, duration: 50ms}\n"
                + "  - sweep: {op: read, points: 5, per-point: 1M}\n"), b, NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(256L << 20), 1);
        assertTrue(o.complete(), o.stopReason());
        ScenarioBundle read = ScenarioBundle.read(b);
        String page = ScenarioReport.render(read);
        try (java.util.stream.Stream<Path> runs = Files.walk(b.resolve("steps"))) {
            for (Path run : runs.filter(Files::isRegularFile).toList()) {
                Files.delete(run);
            }
        }
        assertEquals(page, ScenarioReport.render(read));
    }

    /**
     * Each round of a group replays the plan its trace was given before the target opened: the trace is read once a round,
     * for its IOs. Each round planned it again (a statistics pass and a SHA-256), reading it three times where once does;
     * here the trace is renamed in its header (the same IOs) as round 2 starts, and every round records the identity
     * planned before the open, where rounds 2 and 3 recorded the renamed file's.
     */
    @Test
    void eachRoundReplaysThePlanMadeBeforeTheOpenWithoutReadingTheTraceAgain(@TempDir Path dir) throws Exception {
        Path trace = TestSteps.trace(dir);
        String planned = org.sbench.replay.TracePlan.sha256(trace, org.sbench.trace.Progress.NONE);
        Heard renaming = new Heard() {
            @Override
            public void starting(PlannedStep p, String label, int plannedSteps) {
                super.starting(p, label, plannedSteps);
                if (p.ordinal() == 1) {
                    TestSteps.trace(dir, "renamed");
                }
            }
        };
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = run(scenario(dir, "  - group: g\n    rounds: 3\n    steps:\n      - replay: {trace: TRACE, max-idle: 0}\n"),
                b, false, null, renaming);
        assertTrue(o.complete(), o.stopReason());
        assertNotEquals(planned, org.sbench.replay.TracePlan.sha256(trace, org.sbench.trace.Progress.NONE), "the trace was rewritten");
        Bundle bundle = BundleDirectory.open(b).read();
        assertEquals(3, bundle.steps().size());
        for (StepResult step : bundle.steps()) {
            assertEquals(planned, new JsonResults().read(b.resolve(step.runs().get(0).file())).trace().sha256(), step.label());
        }
    }

    @Test
    void theSweepChartOfADriveUnderAGbTicksItsPositionsInFractionsOfAGb(@TempDir Path dir) {
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - sweep: {op: read, points: 5, per-point: 1M}\n"), b, NullTarget.NAME,
                TargetSettings.DEFAULTS.withSizeBytes(256L << 20), 1);
        assertTrue(o.complete(), o.stopReason());
        JFreeChart chart = ScenarioCharts.sweeps(List.of(new ScenarioCharts.Source("", ScenarioBundle.read(b)))).get("read");
        chart.draw(new SVGGraphics2D(1000, 420), new Rectangle(1000, 420));
        double tickGb = ((NumberAxis) ((XYPlot) chart.getPlot()).getDomainAxis()).getTickUnit().getSize();
        // Whole GB had one tick, "0", under points from 0 to 0.27 GB.
        assertTrue(tickGb <= 0.1, "tick of " + tickGb + " GB");
    }

    @Test
    void aScaledFillFillsTheRegionTheScaledStepsAfterItRead(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("drive.img");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(64L << 20);
        }
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - fill: {passes: 1}\n  - sweep: {op: read, points: 4}\n"), b, file.toString(),
                TargetSettings.DEFAULTS.withAllowWrite(true), 0.1);
        assertTrue(o.complete(), o.stopReason());
        Bundle bundle = BundleDirectory.open(b).read();
        assertEquals(64L << 20, bundle.target().capacity(), "the bundle's drive is the whole file");
        assertEquals("100%", bundle.steps().get(0).options().get("percent"), "the fill's share of the region stays");
        assertEquals(6L << 20, bundle.steps().get(0).bytesWritten(), "the first 10% of 64 MiB, down to whole MiB");
        ReplayResult sweep = new JsonResults().read(b.resolve(bundle.steps().get(1).runs().get(0).file()));
        assertEquals(0, sweep.target().unwritten().bytes(), "every byte the sweep reads was filled");
        assertFalse(sweep.readsUnwritten());
        assertEquals(List.of("the first 6,291,456 of the target's 67,108,864 bytes", "sweep per-point"), BundleScenario.read(b).scaled());
        // The bundle's page named the target's details by the result's keys ("target mountPoint").
        String report = Files.readString(b.resolve(ScenarioReport.FILE));
        assertTrue(report.contains("(file, 67,108,864 bytes)</td>"), "the target's capacity grouped as elsewhere: " + report);
        // Its scale read "0.1: target (the first 6291456 of its 67108864 bytes), sweep per-point (size) multiplied by it".
        assertTrue(report.contains("<th>scale</th><td>0.1: the run kept to the first 6,291,456 of the target&#39;s 67,108,864 bytes,"
                + " and multiplied these options of its steps by 0.1: sweep per-point</td>"), report);
        assertTrue(report.contains("<th>target filesystem mounted at</th>"), report);
        assertFalse(report.contains("mountPoint"), report);
    }

    /**
     * A bundle of an older sbench keeps its own words for the scale: those of 2026-12-04 to 12-06 named the region first
     * in other words, those before had no region; the page says them as then, not as a region it would misname.
     */
    @Test
    void anOlderBundlesScaleIsShownInItsOwnWords(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("bundle");
        assertTrue(run(scenario(dir, "  - sweep: {op: read, points: 4}\n"), b, false, 0.5, new Heard()).complete());
        Path json = b.resolve(BundleScenario.FILE);
        String written = Files.readString(json);
        for (List<String> old : List.of(List.of("target (the first 6291456 of its 67108864 bytes)", "sweep per-point (size)"),
                List.of("sweep per-point (size)"), List.<String>of())) {
            String words = old.stream().map(w -> '"' + w + '"').collect(java.util.stream.Collectors.joining(", "));
            Files.writeString(json, written.replaceFirst("(?s)\"scaled\" : \\[.*?\\]", "\"scaled\" : [" + words + "]"));
            assertEquals(old, BundleScenario.read(b).scaled());
            String report = ScenarioReport.render(ScenarioBundle.read(b));
            String shown = old.isEmpty() ? "0.5" : "0.5: " + String.join(", ", old) + " multiplied by it";
            assertTrue(report.contains("<th>scale</th><td>" + shown + "</td>"), report);
        }
    }

    /**
     * Every step of a scenario started from seed 1, so each round of a group wrote the offsets and bytes of the
     * round before: the degradation rounds of consistency, the rounds of pts-iops-lite (found by the kernel audit:
     * the first 1272 offsets of three rounds of a torture step on a loop device were the same, in the same order).
     */
    @Test
    void eachRoundOfAGroupWritesOtherData(@TempDir Path dir) throws Exception {
        assertFalse(java.util.Arrays.equals(filledInRounds(dir, 1), filledInRounds(dir, 2)), "round 2 wrote round 1's bytes again");
    }

    /** A new 1 MiB file after {@code rounds} rounds of a group of one fill pass. */
    private byte[] filledInRounds(Path dir, int rounds) throws Exception {
        Path file = dir.resolve("drive-" + rounds + ".img");
        ScenarioOutcome o = runOn(scenario(dir, "  - group: g\n    rounds: " + rounds + "\n    steps:\n      - fill: {passes: 1, bs: 64K}\n"),
                dir.resolve("bundle-" + rounds), file.toString(), TargetSettings.DEFAULTS.withSizeBytes(1 << 20), 1.0);
        assertTrue(o.complete(), o.stopReason());
        return Files.readAllBytes(file);
    }

    @Test
    void aScaledRunOnAStripeGoesThroughTheStripeToEveryMember(@TempDir Path dir) throws Exception {
        List<String> members = new ArrayList<>();
        for (String name : List.of("a.img", "b.img")) {
            Path f = dir.resolve(name);
            Files.write(f, new byte[8 << 20]);
            members.add(f.toString());
        }
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - fill: {passes: 1, bs: 1M}\n"), b, "stripe:64K:" + String.join(",", members),
                TargetSettings.DEFAULTS.withAllowWrite(true), 0.5);
        assertTrue(o.complete(), o.stopReason());
        StepResult fill = BundleDirectory.open(b).read().steps().get(0);
        assertEquals(8L << 20, fill.bytesWritten(), "half of the 16 MiB stripe");
        ReplayResult run = new JsonResults().read(b.resolve(fill.runs().get(0).file()));
        assertEquals(List.of(4L << 20, 4L << 20), run.stripe().members().stream().map(ReplayResult.Member::bytesWritten).toList(),
                "the region's chunks alternate between the members");
    }

    /** Each step's sizes are checked against the drive before the first step runs: no fill is written before a purge that cannot be. */
    @Test
    void aStepThatDoesNotFitTheDriveIsRefusedAtItsLineBeforeAnyStepRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("drive.img");
        Files.write(file, new byte[16 << 20]);
        // One stream (disk 0), reaching byte 100 MiB + 4 KiB.
        Path trace = Files.writeString(dir.resolve("t.csv"), "128166372000000000,h,0,Read,0,4096,100\n"
                + "128166372000010000,h,0,Write,104857600,4096,100\n");
        String[][] cases = {
            {"  - replay: {trace: " + trace + ", stream: 5}\n", "t.yaml:4: the trace has no stream 5; its streams: 0"},
            {"  - replay: {trace: " + trace + ", fit: error}\n", "t.yaml:4: the trace reaches byte 104861696"},
            {"  - purge: {range: 200M:1M}\n", "t.yaml:4: range 200M:1M reaches past the end"},
            {"  - sweep: {op: read, points: 8,\n      per-point: 4M}\n", "t.yaml:5: points 8 of per-point 4M do not fit"},
            {"  - torture: {duration: 1s, span: 32M}\n", "t.yaml:4: span 32M is larger than the target"},
            {"  - fill: {bs: 17M}\n", "t.yaml:4: "},
            {"  - cdm: {size: 32M}\n", "t.yaml:4: the test region (size 32M) is larger than"},
            {"  - idle: {duration: 1s, probe-bs: 32M}\n", "t.yaml:4: probe-bs 32M is larger than"},
            {"  - torture: {duration: 1s, bs: 32M}\n", "t.yaml:4: span 100% of the target (16777216 bytes) holds no IO of bs 32M"},
        };
        for (String[] c : cases) {
            Path b = dir.resolve("bundle-" + c[0].hashCode());
            Heard heard = new Heard();
            SbenchException e = assertThrows(SbenchException.class, () -> ScenarioSession.prepare(new ScenarioSession.Request(
                    scenario(dir, "  - fill: {passes: 1}\n" + c[0]), b, false, null, file.toString(),
                    TargetSettings.DEFAULTS.withAllowWrite(true), null), steps.kinds()).run(NanoClock.SYSTEM, heard, StepListener.NONE,
                    steps.newRun(), "test"), c[0]);
            assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
            assertEquals(List.of(), heard.started, "no step ran");
            assertFalse(Files.exists(b), "no bundle begun");
            assertTrue(java.util.Arrays.equals(new byte[16 << 20], Files.readAllBytes(file)), "the drive is as it was: " + c[0]);
        }
    }

    @Test
    void aRefusedScenarioLeavesNoFileItCreated(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("new.img");
        Path trace = Files.writeString(dir.resolve("t.csv"), "128166372000000000,h,0,Write,104857600,4096,100\n");
        Path b = dir.resolve("bundle");
        assertThrows(SbenchException.class, () -> ScenarioSession.prepare(new ScenarioSession.Request(
                scenario(dir, "  - fill: {passes: 1}\n  - replay: {trace: " + trace + ", fit: error}\n"), b, false, null,
                file.toString(), TargetSettings.DEFAULTS.withSizeBytes(16 << 20), null), steps.kinds()).run(NanoClock.SYSTEM, new Heard(),
                StepListener.NONE, steps.newRun(), "test"));
        assertFalse(Files.exists(file), "the file made for the run is deleted again");
        assertFalse(Files.exists(b), "no bundle begun");
    }

    /** The refusal names the command's option as a command line writes it, not as a step option. */
    @Test
    void aFillOfTheUnsizedNullTargetSaysRunTakesTheSize(@TempDir Path dir) {
        SbenchException e = assertThrows(SbenchException.class, () -> ScenarioSession.prepare(new ScenarioSession.Request(
                scenario(dir, "  - fill: {passes: 1}\n"), dir.resolve("b"), false, null, NullTarget.NAME, TargetSettings.DEFAULTS,
                null), steps.kinds()).run(NanoClock.SYSTEM, new Heard(), StepListener.NONE, steps.newRun(), "test"));
        assertEquals("t.yaml:3: a fill covers the whole target, and the null target takes any size: 1152921504606846976 bytes unless"
                + " given one: sbench fill --size 1G, or sbench run --size 1G for a scenario", e.getMessage());
    }

    /**
     * A scale below 1/1024 left the unsized null target's share under 1 PiB, and the fill ran: `sbench run my.yaml
     * --target null --out b/ --scale 0.0005` began 2 passes over 576 TB, ETA 16 hours. Refused at any scale now.
     */
    @Test
    void aFillOfTheUnsizedNullTargetIsRefusedAtASmallScale(@TempDir Path dir) {
        // Hang guard: unrefused, the fill runs for hours; refused, it ends in milliseconds.
        SbenchException e = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> assertThrows(SbenchException.class,
                () -> ScenarioSession.prepare(new ScenarioSession.Request(scenario(dir, "  - fill: {passes: 1}\n"), dir.resolve("b"),
                        false, 0.0005, NullTarget.NAME, TargetSettings.DEFAULTS, null), steps.kinds())
                        .run(NanoClock.SYSTEM, new Heard(), StepListener.NONE, steps.newRun(), "test")));
        assertEquals("t.yaml:3: a fill covers the whole target, and the null target takes any size: 1152921504606846976 bytes unless"
                + " given one: sbench fill --size 1G, or sbench run --size 1G for a scenario", e.getMessage());
    }

    /**
     * Steps shorter than a second each made one point of the over-time chart with a gap after it, and a point alone is
     * no line: the browser showed the axes and nothing else (the 1,000 torture steps of 10 ms of the browser audit).
     * The runs of one second of the scenario's clock are now one point, so the curve has segments.
     */
    @Test
    void theOverTimeChartOfStepsShorterThanASecondDrawsALine(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - group: g\n    rounds: 30\n    steps:\n      - torture: {duration: 10ms, bs: 4K, qd: 1}\n"),
                b, NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(64L << 20), 1);
        assertTrue(o.complete(), o.stopReason());
        Document report = xml(Files.readString(b.resolve(ScenarioReport.FILE)));
        for (String chart : List.of("chart-mbps-over-time", "chart-iops-over-time")) {
            String path = curvePath(report, chart, "write");
            assertTrue(path.contains("L"), chart + ": the write curve is a line, not a lone point: " + path);
        }
    }

    /** The {@code d} of the path drawn for {@code series} in the chart {@code id}. */
    private static String curvePath(Document d, String id, String series) {
        NodeList groups = d.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if ("curve".equals(g.getAttribute("class")) && series.equals(g.getAttribute("data-series"))) {
                Node chart = g;
                while (!(chart instanceof Element e && "chart".equals(e.getAttribute("class")))) {
                    chart = chart.getParentNode();
                }
                if (id.equals(((Element) chart).getAttribute("id"))) {
                    return ((Element) g.getElementsByTagName("path").item(0)).getAttribute("d");
                }
            }
        }
        throw new AssertionError("no curve " + series + " in " + id);
    }

    /** A scaled idle step without {@code probe} probes every scaled duration, as unscaled it probes every duration. */
    @Test
    void aScaledIdleStepKeepsItsDefaultProbeWithinItsScaledDuration(@TempDir Path dir) {
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = runOn(scenario(dir, "  - idle: {duration: 200ms, probe-test: none}\n"), b, NullTarget.NAME,
                TargetSettings.DEFAULTS.withSizeBytes(64L << 20), 0.5);
        assertTrue(o.complete(), o.stopReason());
        assertEquals("100ms", BundleDirectory.open(b).read().steps().get(0).options().get("duration"));
    }

    @Test
    void aReplayStepWithMaxIdleNoneKeepsEveryGapInFull(@TempDir Path dir) {
        TestSteps.trace(dir);
        Path b = dir.resolve("bundle");
        assertTrue(run(scenario(dir, "  - replay: {trace: TRACE, max-idle: none}\n"), b, false, null, new Heard()).complete());
        StepResult replay = BundleDirectory.open(b).read().steps().get(0);
        assertEquals("none", replay.options().get("max-idle"));
        ReplayResult r = new JsonResults().read(b.resolve(replay.runs().get(0).file()));
        assertEquals(ReplayMode.RecordedQd.NO_IDLE_CAP, r.settings().maxIdleNs(), "as replay --max-idle none records it");
    }

    /**
     * A run that ran out of heap in a step left its bundle without a stop reason or report.html: the report called it
     * "running, or stopped without a word". The bundle now says which step ran out, and has its report.
     */
    @Test
    void aStepOutOfHeapEndsTheBundleWithItsReason(@TempDir Path dir) {
        TestSteps.trace(dir);
        Path b = dir.resolve("bundle");
        assertThrows(OutOfMemoryError.class, () -> run(scenario(dir, "  - replay: {trace: TRACE}\n  - oom: {}\n"), b, false, null,
                new Heard()));
        Bundle read = BundleDirectory.open(b).read();
        assertFalse(read.complete());
        assertEquals("step 2 (oom) failed: out of memory (the Java heap is full)", read.stopReason());
        assertTrue(Files.isRegularFile(b.resolve(ScenarioReport.FILE)));
    }

    /**
     * A step whose runs did no IO (a --read-only replay of a trace of writes) has no busy time, rates or latency: the
     * scenario's table showed busy 0.0 and the step's own table 0.000 s, 0.0 MB/s, IOPS 0 and p99 0.0 us, as if measured.
     */
    @Test
    void aStepWithoutIosShowsNoBusyTimeRatesOrLatency(@TempDir Path dir) {
        Path writes = TestRecords.writeSbt(dir.resolve("w.sbt"), TraceInfo.of("w", EnumSet.of(Field.COMPLETE)),
                List.of(TestRecords.record(0, 500, 0, 4096, Op.WRITE, IoRecord.NO_STREAM)));
        Path b = dir.resolve("bundle");
        Scenario s = ScenarioFile.parse("t.yaml", "t", "name: t\nsteps:\n  - replay: {trace: " + writes + ", read-only: true}\n");
        assertTrue(run(s, b, false, null, new Heard()).complete());
        java.io.StringWriter scenarioTable = new java.io.StringWriter();
        StepTable.of(ScenarioBundle.read(b)).print(new java.io.PrintWriter(scenarioTable), "");
        assertTrue(scenarioTable.toString().lines().anyMatch(l -> l.matches("1\\. replay .* done +[0-9.]+ +0\\.0 +- +- +- +-")),
                scenarioTable.toString());
        java.io.StringWriter stepTable = new java.io.StringWriter();
        BundleDirectory bundle = BundleDirectory.open(b);
        StepResult step = bundle.read().steps().get(0);
        StepResult.NamedRun run = step.runs().get(0);
        StepResult withRun = new StepResult(step.kind(), step.label(), step.options(), step.startedAt(), step.durationNs(),
                step.complete(), step.stopReason(), step.bytesWritten(), List.of(new StepResult.NamedRun(run.name(), run.file(),
                bundle.readRun(run))), step.purge(), step.sweep(), step.steadyState());
        new org.sbench.step.StepTable().write(withRun, "null", new java.io.PrintWriter(stepTable));
        assertTrue(stepTable.toString().lines().anyMatch(l -> l.matches("w\\.sbt +0 +0\\.0 +- +- +- +- +- *")), stepTable.toString());
    }

    @Test
    void aStepStoppedPartWayIsRecordedIncompleteAndRunAgainFromItsStart(@TempDir Path dir) {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - replay: {trace: TRACE}\n  - cut: {}\n  - replay: {trace: TRACE}\n");
        Path b = dir.resolve("bundle");
        ScenarioOutcome o = run(s, b, false, null, new Heard());
        assertFalse(o.complete());
        assertEquals("interrupted (SIGTERM) in step 2 (cut), recorded incomplete", o.stopReason());
        Heard again = new Heard();
        assertTrue(run(null, b, true, null, again).complete());
        assertEquals(List.of(2, 3), again.started);
        ScenarioBundle read = ScenarioBundle.read(b);
        assertEquals(List.of(0, 1, 1, 2), read.entries().stream().map(e -> e.planned().ordinal()).toList());
        assertEquals(List.of(true, false, true, true), read.entries().stream().map(ScenarioBundle.Entry::finished).toList());
        java.io.StringWriter table = new java.io.StringWriter();
        StepTable.of(read).print(new java.io.PrintWriter(table), "");
        assertTrue(table.toString().lines().anyMatch(l -> l.matches("2\\. cut +stopped \\(interrupted \\(SIGTERM\\)\\), run again .*")),
                table.toString());
    }

    /**
     * A bundle begun by an earlier build: old/tiny-a3e5350 is {@code run tiny.yaml --target null --out} of the build of
     * commit a3e5350 (2026-12-05), stopped by SIGTERM in its second step (tiny.yaml: a 200 ms torture, then a 30 s idle
     * without probes). Its steps drew from one seed (every step from seed 1 before 110609a); steps run now draw from
     * seeds of their own, so a resume would mix steps of two rules in one bundle. It is refused before the target is
     * touched, and the bundle is left as it was; report and compare still read it.
     */
    @Test
    void aBundleBegunByAnEarlierBuildIsNotResumed(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("bundle");
        copyTree(Path.of(ScenarioSessionTest.class.getResource("old/tiny-a3e5350").toURI()), b);
        String index = Files.readString(b.resolve(BundleDirectory.INDEX));
        Heard heard = new Heard();
        SbenchException e = assertThrows(SbenchException.class, () -> run(null, b, true, null, heard));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(b + ": begun by an earlier sbench (its bundle.json has no format; this sbench resumes formats " + Bundle.RULES
                + " to " + Bundle.FORMAT + "), whose steps ran by other rules (before 2026-12-05 every step drew its offsets and data from one seed); a"
                + " step run now would not match them: run the scenario again into a new bundle, or resume it with the sbench"
                + " that began it (report and compare read it as it is)", e.getMessage());
        assertEquals(List.of(), heard.started);
        assertEquals(index, Files.readString(b.resolve(BundleDirectory.INDEX)), "nothing written");
        assertEquals(2, ScenarioBundle.read(b).bundle().steps().size(), "still read");
    }

    /**
     * A run killed (kill -9) after it wrote its bundle's head and before its scenario.json (strace -e
     * inject=rename:signal=KILL:when=2 on {@code sbench run s.yaml --target null --size 64M --out b}) left bundle.json,
     * an empty steps.jsonl and no scenario.json: resumed, "b: not a scenario bundle: no scenario.json (a bundle of sbench
     * run)" (exit 3), run into again, "b is not empty; ... or --resume b" (exit 2). The resume says what happened and to
     * start again, as it does for a bundle killed before its head was written.
     */
    @Test
    void aBundleKilledBeforeItsScenarioWasWrittenIsNamedAsSuch(@TempDir Path dir) {
        Path b = dir.resolve("bundle");
        BundleLog.begin(b, "t", 1, new NullTarget(), "test");
        SbenchException e = assertThrows(SbenchException.class, () -> run(null, b, true, null, new Heard()));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(b.resolve(BundleScenario.FILE) + ": missing: the run that began this bundle ended before it wrote it (a kill -9"
                + " or a power loss), before its first step; nothing in " + b + " is kept: delete it, or give another directory",
                e.getMessage());
    }

    /**
     * A bundle of format 2: old/tiny-format2 is {@code run tiny.yaml --target null --size 64M --out} of the build of commit
     * 03fe55a (2026-12-06), stopped by SIGTERM in its second step, its steps in its bundle.json. Format 3 changed only how
     * a bundle is written, not the rules its steps run by: resumed, it is written in format 3 (its records as they were)
     * and continued; compare takes it beside a bundle of format 2.
     */
    @Test
    void aBundleOfFormat2IsResumedInFormat3AndComparedBesideOne(@TempDir Path dir) throws Exception {
        Path old = dir.resolve("old");
        copyTree(Path.of(ScenarioSessionTest.class.getResource("old/tiny-format2").toURI()), old);
        Path b = dir.resolve("b");
        copyTree(old, b);
        Bundle before = BundleDirectory.open(b).read();
        assertEquals(2, before.format());
        Heard heard = new Heard();
        ReplayControl stopped = steps.newRun();
        stopped.requestStop("interrupted (SIGTERM)");
        ScenarioOutcome o = ScenarioSession.prepare(new ScenarioSession.Request(null, b, true, null, NullTarget.NAME,
                TargetSettings.DEFAULTS.withSizeBytes(64 << 20), null), steps.kinds()).run(NanoClock.SYSTEM, heard, StepListener.NONE,
                stopped, "test");
        assertEquals("interrupted (SIGTERM) before step 2", o.stopReason());
        assertEquals(List.of(1), heard.before);
        Bundle after = BundleDirectory.open(b).read();
        assertEquals(Bundle.FORMAT, after.format());
        assertEquals(before.steps(), after.steps());
        assertEquals(before.stateLog(), after.stateLog());
        assertEquals(2, Files.readAllLines(b.resolve(BundleDirectory.STEP_LOG)).size());
        assertFalse(Files.readString(b.resolve(BundleDirectory.INDEX)).contains("\"steps\""), "the head alone");

        BundleComparison c = BundleComparison.of(List.of(ScenarioBundle.read(old), ScenarioBundle.read(b)), null, false);
        assertEquals(List.of(), c.differences());
        assertEquals(1, c.columns().get(1).bundle().finished().size());
    }

    /**
     * A bundle of format 2 whose state-log entry names another step than its place's was read (a bundle of format 3 was
     * refused so): edited, a resume would pass a step as finished that did not run.
     */
    @Test
    void aBundleOfFormat2WhoseStateLogNamesAnotherStepIsRefused(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("b");
        copyTree(Path.of(ScenarioSessionTest.class.getResource("old/tiny-format2").toURI()), b);
        Path index = b.resolve(BundleDirectory.INDEX);
        String good = Files.readString(index);
        String edited = good.replace("\"step\" : 1,", "\"step\" : 0,");
        assertNotEquals(good, edited);
        Files.writeString(index, edited);
        SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.open(b).read());
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(index + ": the record of step 1, in the place of step 2 (a line repeated, moved or of another bundle)",
                e.getMessage());
    }

    /** Killed while a step's record was appended (kill -9, a power loss): resumed, that step runs again, and the run says so. */
    @Test
    void aResumeRunsAgainTheStepWhoseRecordWasCutShort(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - replay: {trace: TRACE, max-idle: 0}\n  - replay: {trace: TRACE}\n");
        Path b = dir.resolve("bundle");
        run(s, b, false, null, new Heard());
        Path stepLog = b.resolve(BundleDirectory.STEP_LOG);
        String whole = Files.readString(stepLog);
        Files.writeString(stepLog, whole.substring(0, whole.length() - 10));
        Path index = b.resolve(BundleDirectory.INDEX);
        Files.writeString(index, Files.readString(index).replace("\"complete\" : true", "\"complete\" : false"));
        ScenarioBundle cut = ScenarioBundle.read(b);
        assertEquals(1, cut.finished().size());
        String words = stepLog + ":2: the last step record is cut short (no line end: sbench ended while writing it, at a power"
                + " loss or kill -9); its step did not finish";
        assertEquals(words, cut.cut());
        java.io.StringWriter compared = new java.io.StringWriter();
        new BundleComparisonWriter().write(BundleComparison.of(List.of(cut, cut), null, false), org.sbench.result.RankingMetric.BUSY,
                new java.io.PrintWriter(compared));
        assertTrue(compared.toString().contains(", 1 steps finished; " + words + "\n"), "named by compare: " + compared);
        // Its head says neither how it ended nor why (a run appending to it, or killed): compare said "INCOMPLETE (null)".
        assertTrue(compared.toString().contains("INCOMPLETE (running, or stopped without a word), 1 steps"), compared.toString());
        assertTrue(ScenarioReport.render(cut).contains("<td>incomplete (running, or stopped without a word)</td>"), "the report's status");

        List<String> heard = new ArrayList<>();
        Heard second = new Heard() {
            @Override
            public void cut(String line) {
                heard.add(line);
            }
        };
        ScenarioOutcome resumed = run(null, b, true, null, second);
        assertTrue(resumed.complete(), resumed.stopReason());
        assertEquals(List.of(words), heard);
        assertEquals(List.of(2), second.started);
        assertEquals(2, BundleDirectory.open(b).read().steps().size());
        assertNull(ScenarioBundle.read(b).cut());
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }

    @Test
    void aResumedBundleKeepsItsScenarioScaleAndEngine(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - stop: {}\n  - replay: {trace: TRACE}\n");
        Path b = dir.resolve("bundle");
        run(s, b, false, 0.5, new Heard());
        SbenchException scale = assertThrows(SbenchException.class, () -> run(null, b, true, 0.25, new Heard()));
        assertEquals(b + " was begun with --scale 0.5; resume it with the same, or without --scale", scale.getMessage());
        Scenario other = scenario(dir, "  - stop: {}\n  - replay: {trace: TRACE, data: zero}\n");
        SbenchException changed = assertThrows(SbenchException.class, () -> run(other, b, true, null, new Heard()));
        assertEquals(ErrorKind.USAGE, changed.kind());
        assertTrue(changed.getMessage().contains("another version of scenario 't'"), changed.getMessage());
        Path copyFile = b.resolve(BundleScenario.FILE);
        String copyText = Files.readString(copyFile);
        Files.writeString(copyFile, copyText.replace("data: zero", "data: random").replace("TRACE}", "TRACE, data: zero}")
                .replace("replay: {trace: ", "replay: {data: zero, trace: "));
        SbenchException edited = assertThrows(SbenchException.class, () -> run(null, b, true, null, new Heard()));
        String editedMessage = copyFile + ": the copy of scenario 't' no longer matches its SHA-256 (edited after the bundle was"
                + " begun); the bundle cannot be resumed or compared as it was begun";
        assertEquals(editedMessage, edited.getMessage());
        assertEquals(editedMessage, assertThrows(SbenchException.class, () -> ScenarioBundle.read(b)).getMessage());
        // A copy that no longer parses was named by its original file's path (the scenario's source), not the copy's.
        com.fasterxml.jackson.databind.node.ObjectNode json = (com.fasterxml.jackson.databind.node.ObjectNode)
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(copyText);
        Files.writeString(copyFile, json.put("text", "mini").toString());
        assertEquals(editedMessage, assertThrows(SbenchException.class, () -> ScenarioBundle.read(b)).getMessage());
        Files.writeString(copyFile, copyText);
        assertTrue(run(null, b, true, 0.5, new Heard()).complete());
        BundleScenario copy = BundleScenario.read(b);
        assertEquals(0.5, copy.scale());
        assertEquals(List.of("the first 576,460,752,303,423,488 of the target's 1,152,921,504,606,846,976 bytes", "replay first"),
                copy.scaled());
        assertEquals("replay " + dir.resolve("t.sbt") + " (first 50% of its IOs)", BundleDirectory.open(b).read().steps().get(1).label());
        assertEquals(50, new JsonResults().read(b.resolve(BundleDirectory.open(b).read().steps().get(1).runs().get(0).file()))
                .summary().ios());
    }

    @Test
    void aGroupUntilSteadyEndsAtTheRoundItIsSteadyAndCarriesTheVerdict(@TempDir Path dir) throws Exception {
        sameStepsReplay(dir);
        Scenario s = scenario(dir, "  - group: ss\n    until: steady\n    track: same.iops\n    steps:\n      - same: {}\n");
        Path b = dir.resolve("bundle");
        assertTrue(run(s, b, false, null, new Heard()).complete());
        Bundle bundle = BundleDirectory.open(b).read();
        assertEquals(25, bundle.plannedSteps(), "at most 25 rounds");
        assertEquals(5, bundle.steps().size(), "the same value five times is steady at round 5");
        assertTrue(bundle.steps().get(4).steadyState().reached());
        assertEquals(5, bundle.steps().get(4).steadyState().round());
        assertFalse(bundle.steps().get(3).steadyState().reached());
        assertEquals("round 5 of at most 25 (ss): same", bundle.steps().get(4).label());
        assertTrue(chartIds(xml(Files.readString(b.resolve(ScenarioReport.FILE)))).contains("chart-steady-1"));
    }

    /** Each group until steady state has one verdict, on its last round, in scenario order (read in one pass from the last step back). */
    @Test
    void eachGroupUntilSteadyHasOneVerdictOnItsLastRound(@TempDir Path dir) throws Exception {
        sameStepsReplay(dir);
        String group = "    until: steady\n    track: same.iops\n    steps:\n      - same: {}\n";
        Scenario s = scenario(dir, "  - group: a\n" + group + "  - same: {}\n  - group: b\n" + group);
        Path b = dir.resolve("bundle");
        assertTrue(run(s, b, false, null, new Heard()).complete());
        ScenarioBundle read = ScenarioBundle.read(b);
        assertEquals(List.of(4, 10), read.verdicts().stream().map(ScenarioBundle.Entry::record).toList(),
                "rounds 1-5 of a, the single step, rounds 1-5 of b");
        assertEquals(List.of("a", "b"), read.verdicts().stream().map(e -> e.planned().position().group()).toList());
    }

    /**
     * A bundle of 1,201 step records had 1,201 rows in its end table and in each table of its report (100,000 steps: a
     * report.html of 52.5 MB); past 1,000 records the rows between the first and last 500 fold, a row per group's run of
     * finished steps, a single step keeping its own.
     */
    @Test
    void theTablesOfABundleOfMoreThan1000StepsFoldTheMiddleByGroup(@TempDir Path dir) throws Exception {
        Path b = foldedBundle(dir);
        ScenarioBundle read = ScenarioBundle.read(b);
        StringWriter printed = new StringWriter();
        StepTable.of(read).print(new PrintWriter(printed), "");
        List<String[]> rows = printed.toString().lines().skip(1).map(line -> line.split(" {2,}")).toList();
        assertEquals(1003, rows.size(), "records 1-500, a's 501-600, the single step 601, b's 602-701, records 702-1201");
        assertEquals("500. round 500 of 600 (a): same", rows.get(499)[0]);
        long bytes = steps.result.summary().bytesWritten();
        double mb = 100 * bytes / 1e6;
        // 100 steps alike: times, MB and busy seconds 100 times one step's, the same rates and p99 as each.
        assertEquals(List.of("501-600. 100 steps of a, folded", "done", StepTable.f1(100e-9), StepTable.f1(mb), rows.get(0)[4],
                rows.get(0)[5], StepTable.f1(100 * steps.result.summary().busyNs() / 1e9), rows.get(0)[7]), List.of(rows.get(500)));
        assertEquals("601. same", rows.get(501)[0]);
        assertEquals("602-701. 100 steps of b, folded", rows.get(502)[0]);
        assertEquals("702. round 101 of 600 (b): same", rows.get(503)[0]);
        assertEquals("1201. round 600 of 600 (b): same", rows.get(1002)[0]);
        assertTrue(StepTable.foldNote(read).startsWith("A bundle of more than 1,000 step records has a row for each of its first and"
                + " last 500"), StepTable.foldNote(read));

        Document page = xml(Files.readString(b.resolve(ScenarioReport.FILE)));
        Map<String, Element> tables = tables(page);
        Element steps = tables.get("steps");
        Element log = tables.get("state-log");
        assertEquals(1 + 1003, steps.getElementsByTagName("tr").getLength(), "the header and the rows");
        assertEquals(1 + 1003, log.getElementsByTagName("tr").getLength());
        NodeList folded = ((Element) log.getElementsByTagName("tr").item(1 + 500)).getElementsByTagName("td");
        Bundle bundle = read.bundle();
        assertEquals(bundle.stateLog().get(500).at() + " to " + bundle.stateLog().get(599).at(), folded.item(0).getTextContent());
        assertEquals("501", folded.item(1).getTextContent());
        assertEquals("steps 501-600: 100 steps of a, folded", folded.item(2).getTextContent());
        assertEquals(StepTable.f1(mb), folded.item(3).getTextContent());
        assertEquals(StepTable.f1(bundle.stateLog().get(599).bytesWrittenSincePurge() == null ? Double.NaN
                : bundle.stateLog().get(599).bytesWrittenSincePurge() / 1e6), folded.item(4).getTextContent(), "as after the last");
        assertTrue(page.getDocumentElement().getTextContent().contains(StepTable.foldNote(read) + "."), "the note under the steps");
    }

    /** A bundle of 1,201 step records: 500, a's 100 folded (records 501-600), a single step, b's 100 folded, 500. */
    private Path foldedBundle(Path dir) throws Exception {
        sameStepsReplay(dir);
        String group = "    rounds: 600\n    steps:\n      - same: {}\n";
        Scenario s = scenario(dir, "  - group: a\n" + group + "  - same: {}\n  - group: b\n" + group);
        Path b = dir.resolve("bundle");
        assertTrue(run(s, b, false, null, new Heard()).complete());
        return b;
    }

    /**
     * A run that started seconds before its scenario (as a wall clock stepped back by NTP has it; here the result the test's
     * step hands out, made 2 s before) failed the scenario at its end: the over-time charts put its seconds in bin -2,
     * ArrayIndexOutOfBoundsException. They go in the first bin.
     */
    @Test
    void aRunStartedBeforeItsScenarioIsChartedFromItsStart(@TempDir Path dir) throws Exception {
        sameStepsReplay(dir);
        Thread.sleep(2_100);
        Path b = dir.resolve("bundle");
        assertTrue(run(scenario(dir, "  - same: {}\n"), b, false, null, new Heard()).complete());
        assertTrue(chartIds(xml(Files.readString(b.resolve(ScenarioReport.FILE)))).contains("chart-iops-over-time"));
    }

    /**
     * Steps that wrote 2^62 bytes and more each (a bundle edited by hand: the lines are sound) folded into a row whose MB
     * written was their sum wrapped past 2^63, -9223372036854.8 in the steps' table and the state log; it stops at 2^63 - 1,
     * as bytesWrittenSincePurge does.
     */
    @Test
    void aFoldedRowsBytesWrittenStopAt2To63(@TempDir Path dir) throws Exception {
        Path b = foldedBundle(dir);
        Path stepLog = b.resolve(org.sbench.step.BundleDirectory.STEP_LOG);
        List<String> lines = new ArrayList<>(Files.readAllLines(stepLog));
        ObjectMapper mapper = new ObjectMapper();
        for (int i : new int[] {500, 501}) {
            ObjectNode line = (ObjectNode) mapper.readTree(lines.get(i));
            ((ObjectNode) line.get("step")).put("bytesWritten", 1L << 62);
            ((ObjectNode) line.get("state")).put("bytesWritten", 1L << 62);
            lines.set(i, mapper.writeValueAsString(line));
        }
        Files.write(stepLog, lines);
        ScenarioBundle read = ScenarioBundle.read(b);
        StringWriter printed = new StringWriter();
        StepTable.of(read).print(new PrintWriter(printed), "");
        String most = StepTable.f1(Long.MAX_VALUE / 1e6);
        assertEquals(most, printed.toString().lines().skip(1 + 500).findFirst().orElseThrow().split(" {2,}")[3]);
        Map<String, Element> tables = tables(xml(ScenarioReport.render(read)));
        for (String table : List.of("steps", "state-log")) {
            NodeList folded = ((Element) tables.get(table).getElementsByTagName("tr").item(1 + 500)).getElementsByTagName("td");
            assertEquals(most, folded.item(3).getTextContent(), table);
        }
    }

    /** The page's tables by their class. */
    private static Map<String, Element> tables(Document page) {
        Map<String, Element> tables = new HashMap<>();
        NodeList all = page.getElementsByTagName("table");
        for (int i = 0; i < all.getLength(); i++) {
            tables.put(((Element) all.item(i)).getAttribute("class"), (Element) all.item(i));
        }
        return tables;
    }

    /**
     * Steps whose runs read and wrote 2^62 bytes each, in 2^62 IOs over 2^62 ns (each run sound alone) folded into a row
     * whose bytes, IOs and busy time were their sums wrapped past 2^63: negative MB/s, IOPS and busy seconds. Each sum stops
     * at 2^63 - 1, as bytes written do.
     */
    @Test
    void aFoldedRowsBytesIosAndBusyStopAt2To63(@TempDir Path dir) throws Exception {
        ScenarioBundle read = ScenarioBundle.read(foldedBundle(dir));
        List<ScenarioBundle.Entry> entries = new ArrayList<>(read.entries());
        long big = 1L << 62;
        for (int i : new int[] {500, 501}) {
            ScenarioBundle.Entry e = entries.get(i);
            entries.set(i, new ScenarioBundle.Entry(e.record(), e.planned(), e.step(), e.runs(),
                    new StepNumbers(1, big, big, big, big, 2000, 1e9, 1, 0), e.finished()));
        }
        ScenarioBundle edited = new ScenarioBundle(read.files(), read.bundle(), read.scenario(), entries, read.cut());
        StringWriter printed = new StringWriter();
        StepTable.of(edited).print(new PrintWriter(printed), "");
        String[] folded = printed.toString().lines().skip(1 + 500).findFirst().orElseThrow().split(" {2,}");
        double busyS = Long.MAX_VALUE / 1e9;
        assertEquals(List.of(StepTable.f1(Long.MAX_VALUE / 1e6 / busyS), StepTable.f0(Long.MAX_VALUE / busyS), StepTable.f1(busyS)),
                List.of(folded[4], folded[5], folded[6]));
    }

    /**
     * A zeroing purge's range was "written MB" in the steps table and the state log, and "data written" in compare of
     * bundles, where the device may have written nothing (zram turns BLKZEROOUT into a discard): the purge command's
     * table already said "to zero asked of the kernel". The range has a column of its own in those words; the fill's
     * bytes stay written; compare's CSV keeps the key {@code written} and says so in its note.
     */
    @Test
    void aZeroingPurgesRangeIsSaidToZeroAskedOfTheKernelNotWritten(@TempDir Path dir) throws Exception {
        Scenario s = scenario(dir, "  - purge: {method: zero, range: 1M:4M}\n  - fill: {passes: 1, bs: 1M}\n");
        for (String b : List.of("a", "b")) {
            assertTrue(runOn(s, dir.resolve(b), NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(16L << 20), 1).complete());
        }
        ScenarioBundle a = ScenarioBundle.read(dir.resolve("a"));
        StringWriter printed = new StringWriter();
        StepTable.of(a).print(new PrintWriter(printed), "");
        List<String[]> rows = printed.toString().lines().map(line -> line.trim().split(" {2,}")).toList();
        assertEquals(List.of("step", "status", "time s", "written MB", "MB to zero asked of the kernel", "MB/s"),
                List.of(rows.get(0)).subList(0, 6), printed.toString());
        assertEquals(List.of("-", "4.2"), List.of(rows.get(1)[3], rows.get(1)[4]), printed.toString());
        assertEquals(List.of("16.8", "-"), List.of(rows.get(2)[3], rows.get(2)[4]), printed.toString());

        Map<String, Element> tables = tables(xml(ScenarioReport.render(a)));
        for (String table : List.of("steps", "state-log")) {
            NodeList tr = tables.get(table).getElementsByTagName("tr");
            List<List<String>> bytes = new ArrayList<>();
            for (int r = 0; r < tr.getLength(); r++) {
                NodeList cells = tr.item(r).getChildNodes();
                bytes.add(List.of(cells.item(3).getTextContent(), cells.item(4).getTextContent()));
            }
            assertEquals(List.of(List.of("written MB", "MB to zero asked of the kernel"), List.of("-", "4.2"), List.of("16.8", "-")),
                    bytes, table);
        }

        BundleComparison c = BundleComparison.of(List.of(a, ScenarioBundle.read(dir.resolve("b"))), List.of("A", "B"), false);
        StringWriter table = new StringWriter();
        BundleComparisonWriter.steps(c).print(new PrintWriter(table, true), "");
        assertTrue(table.toString().lines().anyMatch(l -> l.contains("  data to zero asked of the kernel  ")), table.toString());
        assertEquals(1, table.toString().lines().filter(l -> l.contains("  data written  ")).count(), "the fill's: " + table);
        Path csv = dir.resolve("c.csv");
        try (OutputFiles files = new OutputFiles()) {
            new BundleComparisonWriter().writeCsv(c, csv, files);
            files.commit();
        }
        List<String> lines = Files.readAllLines(csv);
        assertEquals("step,kind,metric,unit,column,label,value,ratio,note", lines.get(0));
        assertEquals("purge zero 1M:4M,purge,written,MB,1,A,4.194304,1,to zero asked of the kernel", lines.get(3));
        assertTrue(lines.stream().filter(l -> l.contains(",fill,written,")).allMatch(l -> l.endsWith(",1,")), lines.toString());
    }

    /** A folded row of a group with a zeroing purge adds the purges' bytes to zero in their column, those written in theirs. */
    @Test
    void aFoldedRowAddsTheBytesToZeroApartFromThoseWritten(@TempDir Path dir) throws Exception {
        sameStepsReplay(dir);
        Path b = dir.resolve("bundle");
        assertTrue(runOn(scenario(dir, "  - group: a\n    rounds: 600\n    steps:\n      - purge: {method: zero, range: 0:1M}\n"
                + "      - same: {}\n"), b, NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(16L << 20), 1).complete());
        ScenarioBundle read = ScenarioBundle.read(b);
        List<String> expected = List.of(StepTable.f1(100 * steps.result.summary().bytesWritten() / 1e6),
                StepTable.f1(100 * (1 << 20) / 1e6));
        StringWriter printed = new StringWriter();
        StepTable.of(read).print(new PrintWriter(printed), "");
        String[] folded = printed.toString().lines().skip(1 + 500).findFirst().orElseThrow().split(" {2,}");
        assertEquals("501-700. 200 steps of a, folded", folded[0]);
        assertEquals(expected, List.of(folded[3], folded[4]), printed.toString().lines().skip(500).limit(3).toList().toString());
        Map<String, Element> tables = tables(xml(ScenarioReport.render(read)));
        for (String table : List.of("steps", "state-log")) {
            NodeList cells = ((Element) tables.get(table).getElementsByTagName("tr").item(1 + 500)).getElementsByTagName("td");
            assertEquals(expected, List.of(cells.item(3).getTextContent(), cells.item(4).getTextContent()), table);
        }
    }

    /** The page of compared bundles had a "Charts" heading with nothing under it where no step was of a group or a sweep. */
    @Test
    void comparedBundlesHaveAChartsSectionOnlyWithCharts(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Scenario plain = scenario(dir, "  - replay: {trace: TRACE, max-idle: 0}\n");
        run(plain, dir.resolve("a"), false, null, new Heard());
        run(plain, dir.resolve("b"), false, null, new Heard());
        String page = BundleComparisonWriter.render(BundleComparison.of(List.of(ScenarioBundle.read(dir.resolve("a")),
                ScenarioBundle.read(dir.resolve("b"))), List.of("A", "B"), false));
        assertFalse(page.contains("<h2>Charts</h2>"), page);
        assertEquals(List.of(), chartIds(xml(page)));

        Scenario rounds = scenario(dir, "  - group: g\n    rounds: 2\n    steps:\n      - replay: {trace: TRACE, max-idle: 0}\n");
        run(rounds, dir.resolve("c"), false, null, new Heard());
        run(rounds, dir.resolve("d"), false, null, new Heard());
        String charted = BundleComparisonWriter.render(BundleComparison.of(List.of(ScenarioBundle.read(dir.resolve("c")),
                ScenarioBundle.read(dir.resolve("d"))), List.of("C", "D"), false));
        assertTrue(charted.contains("<h2>Charts</h2>\n<div class=\"chart\" id=\"chart-rounds-mbps\">"), charted);
    }

    @Test
    void bundlesOfOneScenarioCompareStepByStepAndTheirReplaysAsResults(@TempDir Path dir) throws Exception {
        TestSteps.trace(dir);
        Scenario s = scenario(dir, "  - replay: {trace: TRACE}\n  - group: g\n    rounds: 2\n    steps:\n"
                + "      - replay: {trace: TRACE, max-idle: 0}\n");
        run(s, dir.resolve("a"), false, null, new Heard());
        run(s, dir.resolve("b"), false, null, new Heard());
        BundleComparison c = BundleComparison.of(List.of(ScenarioBundle.read(dir.resolve("a")), ScenarioBundle.read(dir.resolve("b"))),
                List.of("A", "B"), false);
        assertEquals(3 * 6, c.rows().size(), "time, written, MB/s, IOPS, busy and p99 of each of the 3 steps");
        BundleComparison.Row written = c.rows().get(1);
        assertEquals("written", written.metric());
        assertEquals(50 * 4096 / 1e6, written.values()[0], 1e-9);
        // The table named its rows by the CSV's keys (mbps, latency_p99), where compare of results says them in words.
        java.io.StringWriter table = new java.io.StringWriter();
        BundleComparisonWriter.steps(c).print(new java.io.PrintWriter(table, true), "");
        for (String words : List.of("time", "data written", "average data rate", "average IOPS", "busy time", "p99 latency")) {
            assertTrue(table.toString().contains("  " + words + "  "), words + ":\n" + table);
        }
        for (String key : List.of("written", "mbps", "iops", "busy", "latency_p99")) {
            assertFalse(table.toString().contains("  " + key + "  "), key + ":\n" + table);
        }
        assertEquals(written.values()[0], written.values()[1], 1e-9);
        assertEquals(3, c.runs().size());
        assertEquals(2, c.runs().get(2).comparison().columns().size());
        assertEquals("round 2 of 2 (g): replay " + dir.resolve("t.sbt"), c.runs().get(2).step());
        // Made when asked for, from the run files, and not kept: every comparison held its results whole to the end, and
        // compare's heap grew with the bundles' replay steps.
        assertNotSame(c.runs().get(0).comparison(), c.runs().get(0).comparison());

        Scenario other = scenario(dir, "  - replay: {trace: TRACE}\n");
        run(other, dir.resolve("c"), false, null, new Heard());
        SbenchException e = assertThrows(SbenchException.class, () -> BundleComparison.of(
                List.of(ScenarioBundle.read(dir.resolve("a")), ScenarioBundle.read(dir.resolve("c"))), null, false));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().startsWith("not comparable: " + dir.resolve("c") + " is of scenario 't'"), e.getMessage());

        // A bundle of an earlier build (no format; as aBundleBegunByAnEarlierBuildIsNotResumed's) ran its steps by other rules.
        // Written as such a build did, its steps in its index.
        ObjectNode whole = new ObjectMapper().valueToTree(BundleDirectory.open(dir.resolve("b")).read());
        whole.remove("format");
        Files.writeString(dir.resolve("b").resolve(BundleDirectory.INDEX), whole.toString());
        Files.delete(dir.resolve("b").resolve(BundleDirectory.STEP_LOG));
        List<ScenarioBundle> acrossBuilds = List.of(ScenarioBundle.read(dir.resolve("a")), ScenarioBundle.read(dir.resolve("b")));
        SbenchException rules = assertThrows(SbenchException.class, () -> BundleComparison.of(acrossBuilds, null, false));
        String differs = dir.resolve("b") + " was begun by an sbench before 2026-12-05 23:34 UTC (no bundle format), " + dir.resolve("a")
                + " by an sbench of bundle format " + Bundle.FORMAT + ": their steps ran by other rules";
        assertEquals("not comparable: " + differs + " (--force compares anyway)", rules.getMessage());
        assertEquals(List.of(differs), BundleComparison.of(acrossBuilds, null, true).differences());
    }

    static Document xml(String xhtml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xhtml.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> chartIds(Document d) {
        List<String> ids = new ArrayList<>();
        NodeList divs = d.getElementsByTagName("div");
        for (int i = 0; i < divs.getLength(); i++) {
            Element e = (Element) divs.item(i);
            if ("chart".equals(e.getAttribute("class"))) {
                ids.add(e.getAttribute("id"));
            }
        }
        return ids;
    }

    /** The {@code same} steps' result from now on: one replay of a small trace on the null target. */
    private void sameStepsReplay(Path dir) throws Exception {
        steps.result = new ReplayStep("t.sbt", TestSteps.trace(dir), null, ReadOptions.DEFAULTS, ReplaySettings.DEFAULTS, Map.of())
                .run(new StepContext(new NullTarget(), IoEngines::open, NanoClock.SYSTEM, new ReplayControl(), StepListener.NONE, "test"))
                .results().get(0);
    }
}
