package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.scenario.StepKinds;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;

/** {@code sbench run}, {@code scenarios} and {@code compare} of bundles, in-process on the null target. */
class RunCommandTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,4096,5000\n"
            + "128166372000020000,hm,0,Write,8192,8192,5000\n"
            + "128166372000030000,hm,0,Read,0,4096,5000\n";

    private static Path scenario(Path dir, String steps) throws Exception {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        return Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n" + steps.replace("TRACE", trace.toString()));
    }

    @Test
    void runsAScenarioIntoABundleThatReportAndCompareRead(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n  - group: g\n    rounds: 2\n    steps:\n"
                + "      - cdm: {size: 2M, passes: 1, duration: 100ms}\n        per-round: {duration: 100ms}\n"
                + "      - replay: {trace: TRACE}\n");
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("a").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("step 1 of at most 5  replay " + dir.resolve("hm_0.csv")), r.out());
        assertTrue(r.out().contains("step 4 of at most 5  round 2 of 2 (g): cdm v8, 2 MiB, 1 pass of 200 ms"), r.out());
        assertTrue(r.out().contains("bundle   " + dir.resolve("a") + " (5 step records, report.html)"), r.out());
        String[] row = r.out().lines().filter(l -> l.startsWith("1. replay ")).findFirst().orElseThrow().split(" {2,}");
        assertTrue(r.out().contains("step 1  done  " + row[2] + " s, " + row[4] + " MB/s, " + row[5] + " IOPS"),
                "a step's line writes its numbers as the table after it: " + r.out());
        Bundle b = BundleDirectory.open(dir.resolve("a")).read();
        assertTrue(b.complete());
        Path run = dir.resolve("a").resolve(b.steps().get(0).runs().get(0).file());
        CliTest.Run report = CliTest.run("report", run.toString());
        assertEquals(0, report.code(), report.err());
        assertTrue(Files.isRegularFile(dir.resolve("a/report.html")));

        assertEquals(0, CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("b").toString()).code());
        CliTest.Run cmp = CliTest.run("compare", dir.resolve("a").toString(), dir.resolve("b").toString(), "--label", "A", "--label", "B",
                "--html", dir.resolve("c.html").toString(), "--csv", dir.resolve("c.csv").toString());
        assertEquals(0, cmp.code(), cmp.err());
        assertTrue(cmp.out().contains("compare  scenario s, 2 bundles"), cmp.out());
        assertTrue(cmp.out().lines().anyMatch(l -> l.startsWith("replay " + dir.resolve("hm_0.csv") + " ") && l.contains(" time ")),
                cmp.out());
        assertTrue(cmp.out().contains("== replay " + dir.resolve("hm_0.csv") + " (run hm_0.csv)"), cmp.out());
        assertTrue(cmp.out().contains("compare  hm_0.csv"), "the replay run through the results' comparison: " + cmp.out());
        List<String> csv = Files.readAllLines(dir.resolve("c.csv"));
        assertEquals("step,kind,metric,unit,column,label,value,ratio,note", csv.get(0));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("\"round 1 of 2 (g): cdm v8, 2 MiB, 1 pass of 100 ms\",cdm,iops,IOPS,2,B,")), csv.toString());
        String page = Files.readString(dir.resolve("c.html"));
        assertTrue(page.contains("id=\"chart-rounds-mbps\"") && page.contains("data-series='B: hm_0.csv'"), "both bundles' rounds");

        CliTest.Run mixed = CliTest.run("compare", dir.resolve("a").toString(), run.toString());
        assertEquals(2, mixed.code());
        assertTrue(mixed.err().startsWith("sbench: compare takes results (FILE.json) or bundles (BUNDLE/), not both"), mixed.err());
        // A directory without an index beside a bundle: was the same usage error (exit 2).
        Path empty = Files.createDirectory(dir.resolve("not-a-bundle"));
        CliTest.Run notBundle = CliTest.run("compare", dir.resolve("a").toString(), empty.toString());
        assertEquals(3, notBundle.code());
        assertEquals("sbench: " + empty + ": not an sbench bundle: no bundle.json\n", notBundle.err());
    }

    @Test
    void aScenarioRunsOnAStripeAndItsRunsCarryTheMembers(@TempDir Path dir) throws Exception {
        Path a = Files.write(dir.resolve("a.img"), new byte[4 << 20]);
        Path b = Files.write(dir.resolve("b.img"), new byte[4 << 20]);
        Path s = scenario(dir, "  - purge: {}\n  - fill: {passes: 1, bs: 1M}\n  - replay: {trace: TRACE}\n");
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", "stripe:64K:" + a + "," + b, "--allow-write", "--out",
                dir.resolve("x").toString());
        assertEquals(0, r.code(), r.err());
        Bundle bundle = BundleDirectory.open(dir.resolve("x")).read();
        assertTrue(bundle.complete());
        assertEquals("stripe", bundle.target().kind());
        for (int step = 1; step < 3; step++) {
            ReplayResult run = new JsonResults().read(dir.resolve("x").resolve(bundle.steps().get(step).runs().get(0).file()));
            assertEquals(List.of(a.toString(), b.toString()), run.stripe().members().stream().map(ReplayResult.Member::path).toList());
        }
        CliTest.Run report = CliTest.run("report", dir.resolve("x").resolve(bundle.steps().get(2).runs().get(0).file()).toString());
        assertTrue(report.out().contains("stripe   2 members x 4.19 MB, chunk 64 KiB"), report.out());
    }

    @Test
    void aScenarioWithAnUnknownOptionIsOneLineNamingFileLineAndKey(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n  - cdm:\n      size: 2M\n      bz: 4K\n");
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("b").toString());
        assertEquals(3, r.code());
        assertEquals("sbench: " + s + ":6: unknown option 'bz' of step cdm; cdm takes preset, size, passes, duration, data\n", r.err());
        assertFalse(Files.exists(dir.resolve("b")), "nothing is made before the scenario is checked");
        Path unknown = Files.writeString(dir.resolve("u.yaml"), "steps:\n  - tortue: {duration: 1m}\n");
        CliTest.Run u = CliTest.run("run", unknown.toString(), "--target", "null", "--out", dir.resolve("b").toString());
        assertEquals(3, u.code());
        assertEquals("sbench: " + unknown + ":2: unknown step 'tortue'; the steps are " + String.join(", ", StepKinds.standard().words())
                + "\n", u.err());
    }

    @Test
    void scaleShortensEveryDurationAndSizeAndTheBundleSaysSo(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - cdm: {size: 20M, passes: 1, duration: 1s}\n  - replay: {trace: TRACE}\n");
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("b").toString(), "--scale", "0.1");
        assertEquals(0, r.code(), r.err());
        Bundle b = BundleDirectory.open(dir.resolve("b")).read();
        assertEquals("100ms", b.steps().get(0).options().get("duration"));
        assertEquals("2M", b.steps().get(0).options().get("size"));
        ReplayResult pass = new JsonResults().read(dir.resolve("b").resolve(b.steps().get(0).runs().get(0).file()));
        assertEquals("time limit 100 ms", pass.stopReason());
        ReplayResult replay = new JsonResults().read(dir.resolve("b").resolve(b.steps().get(1).runs().get(0).file()));
        assertEquals(1, replay.summary().ios(), "the first 10% of 4 IOs, at least one");
        assertEquals("hm_0.csv (first 1 IOs)", replay.trace().name());
        String copy = Files.readString(dir.resolve("b/scenario.json"));
        assertTrue(copy.contains("\"scale\" : 0.1"), copy);
        assertTrue(copy.contains("\"cdm duration, size\""), copy);
        CliTest.Run resume = CliTest.run("run", "--resume", dir.resolve("b").toString(), "--target", "null", "--scale", "0.5");
        assertEquals(2, resume.code());
        assertEquals(CliTest.usage("run", dir.resolve("b") + " was begun with --scale 0.1; resume it with the same, or without --scale"),
                resume.err());
    }

    /**
     * A scale so small that it made the share of a replay '0.000…' blamed the scenario's line; now --scale names its range,
     * quoting the scale as typed (it quoted the parsed number: 0.0000005 as 5.0E-7, 2 as 2.0).
     */
    @Test
    void aScaleOutOfItsRangeIsRefusedNamingScaleAndTheRange(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE, first: 0.0001%}\n");
        for (String scale : List.of("1e-30", "0.0000009", "0.0000005", "0", "1.5", "2")) {
            CliTest.Run r = CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("b" + scale).toString(), "--scale", scale);
            assertEquals(2, r.code(), r.err());
            assertEquals(CliTest.usage("run", "--scale takes 0.000001 to 1 (it shortens), found " + scale), r.err());
        }
        CliTest.Run least = CliTest.run("run", s.toString(), "--target", "null", "--out", dir.resolve("b").toString(), "--scale", "1e-6");
        assertEquals(0, least.code(), least.err());
    }

    @Test
    void sigtermStopsTheStepRunningThenRecordsItIncompleteAndTheRunResumes(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n  - cdm: {size: 2M, passes: 1, duration: 100ms}\n"
                + "  - replay: {trace: TRACE}\n");
        Path b = dir.resolve("b");
        try (ChildSbench child = ChildSbench.start(dir, List.of(), "run", s.toString(), "--target", "null", "--out", b.toString())) {
            child.await("step 2 starting", () -> child.out().contains("step 2 of at most 3"));
            child.signal("TERM");
            assertEquals(143, child.waitFor(), child.err());
            assertTrue(child.out().contains("INCOMPLETE: interrupted (SIGTERM)"), child.out());
        }
        Bundle stopped = BundleDirectory.open(b).read();
        assertFalse(stopped.complete());
        assertTrue(stopped.stopReason().startsWith("interrupted (SIGTERM)"), stopped.stopReason());
        CliTest.Run resumed = CliTest.run("run", "--resume", b.toString(), "--target", "null");
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.out().contains("step 1  replay " + dir.resolve("hm_0.csv") + "  finished before"), resumed.out());
        Bundle whole = BundleDirectory.open(b).read();
        assertTrue(whole.complete());
        assertEquals("replay", whole.steps().get(whole.steps().size() - 1).kind());
    }

    /** A stripe of files the run created printed the command without --allow-write, which the resume then needed. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theResumeCommandARunStoppedOnFilesItCreatedPrintsWorksAsPrinted(boolean striped, @TempDir Path dir) throws Exception {
        String target = striped ? "stripe:64K:" + dir.resolve("m0.img") + "," + dir.resolve("m1.img") : dir.resolve("s.img").toString();
        Path b = dir.resolve("b");
        String hint = resumeHintOfARunStoppedInStep2(dir, target, b);
        assertEquals("sbench run --resume " + b + " --target " + target + " --allow-write", hint,
                "the files exist now: writing them again needs --allow-write");
        assertResumesAsPrinted(hint, b);
    }

    @Test
    void theResumeCommandARunStoppedOnTheNullTargetOfASizePrintsKeepsItsSize(@TempDir Path dir) throws Exception {
        Path b = dir.resolve("b");
        String hint = resumeHintOfARunStoppedInStep2(dir, "null", b);
        // Without --size the null target is 2^60 bytes, another drive: the printed command was refused (exit 2).
        assertEquals("sbench run --resume " + b + " --target null --size 8388608", hint);
        assertResumesAsPrinted(hint, b);
    }

    /** The command the INCOMPLETE line prints for a run of 3 steps on {@code target} of 8M into {@code b}, stopped in step 2. */
    private static String resumeHintOfARunStoppedInStep2(Path dir, String target, Path b) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n  - cdm: {size: 2M, passes: 1, duration: 100ms}\n"
                + "  - replay: {trace: TRACE}\n");
        try (ChildSbench child = ChildSbench.start(dir, List.of(), "run", s.toString(), "--target", target, "--size", "8M",
                "--out", b.toString())) {
            child.await("step 2 starting", () -> child.out().contains("step 2 of at most 3"));
            child.signal("TERM");
            assertEquals(143, child.waitFor(), child.err());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("INCOMPLETE: .*; '(sbench run [^']*)' continues").matcher(child.out());
            assertTrue(m.find(), child.out());
            return m.group(1);
        }
    }

    private static void assertResumesAsPrinted(String hint, Path b) {
        List<String> args = List.of(hint.split(" "));
        CliTest.Run resumed = CliTest.run(args.subList(1, args.size()).toArray(new String[0]));
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(BundleDirectory.open(b).read().complete());
    }

    @Test
    void jsonPrintsTheBundlesIndexAndOutDashIsRefused(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n  - replay: {trace: TRACE}\n");
        Path b = dir.resolve("b");
        CliTest.Captured r = CliTest.capturingStdout(() -> CliTest.run("run", s.toString(), "--target", "null", "--out", b.toString(),
                "--json"));
        assertEquals(0, r.run().code(), r.run().err());
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode printed = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(r.stdout());
        assertEquals(2, printed.get("steps").size());
        assertEquals(2, printed.get("stateLog").size());
        printed.remove(List.of("steps", "stateLog"));
        assertEquals(json.readTree(b.resolve("bundle.json").toFile()), printed, "bundle.json's head, with the step log's records");
        assertEquals("", r.run().out(), "the steps' lines and the table go to stderr");
        assertTrue(r.run().err().contains("bundle   " + b), r.run().err());
        CliTest.Run dash = CliTest.run("run", s.toString(), "--target", "null", "--out", "-");
        assertEquals(2, dash.code());
        assertEquals(CliTest.usage("run", "--out -: a scenario's bundle is a directory (--resume continues it); name one, and --json"
                + " prints the bundle on standard output"), dash.err());
        assertFalse(Files.exists(Path.of("-")));
    }

    @Test
    void aStepThatReadANeverWrittenFileIsMarkedInTheStepTableAndTheReport(@TempDir Path dir) throws Exception {
        Path sparse = StepCommandsTest.sparse(dir, 8);
        Path s = scenario(dir, "  - sweep: {points: 2, per-point: 1M, bs: 256K}\n  - replay: {trace: TRACE}\n");
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", sparse.toString(), "--allow-write", "--out",
                dir.resolve("b").toString());
        assertEquals(0, r.code(), r.err());
        String line = " MB this run could read of " + sparse + " held no data when it began;";
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("UNWRITTEN (step 1): ") && l.contains(line)), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("1. sweep read") && l.contains(" done, UNWRITTEN ")), r.out());
        assertTrue(Files.readString(dir.resolve("b/report.html")).contains(line), "the scenario's report says it too");
    }

    /** Past ten, the runs that read never-written extents get one line between them, not one each (100,000 steps would print as many). */
    @Test
    void theUnwrittenLinesPastTenAreCountedInOne(@TempDir Path dir) throws Exception {
        Path sparse = StepCommandsTest.sparse(dir, 8);
        Path s = scenario(dir, "  - replay: {trace: TRACE}\n".repeat(12));
        CliTest.Run r = CliTest.run("run", s.toString(), "--target", sparse.toString(), "--allow-write", "--out",
                dir.resolve("b").toString());
        assertEquals(0, r.code(), r.err());
        List<String> unwritten = r.out().lines().filter(l -> l.startsWith("UNWRITTEN")).toList();
        assertEquals(11, unwritten.size(), r.out());
        assertTrue(unwritten.get(9).startsWith("UNWRITTEN (step 10): "), unwritten.get(9));
        assertEquals("UNWRITTEN: 2 more runs (steps 11 to 12) read never-written extents too, each step marked UNWRITTEN in the"
                + " table above", unwritten.get(10));
        assertEquals(12, r.out().lines().filter(l -> l.contains(" done, UNWRITTEN ")).count(), r.out());
        String report = Files.readString(dir.resolve("b/report.html"));
        assertTrue(report.contains("2 more runs (steps 11 to 12)"), "the report counts them as the table does");
    }

    @Test
    void scenariosListsTheBundledOnesAndPrintsOne() {
        CliTest.Run r = CliTest.run("scenarios");
        assertEquals(0, r.code(), r.err());
        for (String name : List.of("atsb-2011", "consistency", "trim-recovery", "pts-iops-lite")) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(name + " ")), r.out());
        }
        assertTrue(r.out().contains("Step kinds of this build: " + String.join(", ", StepKinds.standard().words()) + "."), r.out());
        List<String> lines = r.out().lines().toList();
        String atsb = lines.stream().filter(l -> l.startsWith("atsb-2011 ")).findFirst().orElseThrow();
        assertEquals(atsb.indexOf("up to 4"), lines.get(0).indexOf("steps"), "the header over its column:\n" + r.out());
        assertEquals(atsb.indexOf("purge, fill"), lines.get(0).indexOf("kinds"), r.out());
        assertEquals(atsb.indexOf("purge (trim), fill"), lines.get(0).indexOf("description"), r.out());
        CliTest.Run one = CliTest.run("scenarios", "consistency");
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("per-round: {duration: 5m}"), one.out());
        assertEquals(3, CliTest.run("scenarios", "nope").code());
    }
}
