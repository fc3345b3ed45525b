package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.NullTarget;
import org.sbench.target.TargetSettings;
import org.sbench.target.Tmpfs;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/** Steps written into a bundle as they finish, read back as report reads them, and resumed only where they belong. */
class BundleLogTest {
    private static Path trace(Path dir) {
        List<IoRecord> ios = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ios.add(TestRecords.record(i * 1000L, i * 1000L + 500, i * 4096L, 4096, i % 2 == 0 ? Op.READ : Op.WRITE, IoRecord.NO_STREAM));
        }
        return TestRecords.writeSbt(dir.resolve("t.sbt"), TraceInfo.of("t", EnumSet.of(Field.COMPLETE)), ios);
    }

    private static ReplayStep replay(Path trace) {
        return new ReplayStep("t.sbt", trace, null, ReadOptions.DEFAULTS, ReplaySettings.DEFAULTS.withRecordedQd(0, 0), Map.of());
    }

    /** {@code dir/b}: a bundle of one replay step on the null target. */
    private static Path bundleOfOneReplay(Path dir) {
        Path bundleDir = dir.resolve("b");
        StepSession.run(replay(trace(dir)), NullTarget.NAME, TargetSettings.DEFAULTS, bundleDir, NanoClock.SYSTEM, StepListener.NONE,
                new ReplayControl(), "test");
        return bundleDir;
    }

    @Test
    void aStepCommandWritesABundleOfOneStepWhoseRunReportReads(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        StepResult r = StepSession.run(replay(trace(dir)), NullTarget.NAME, TargetSettings.DEFAULTS, bundleDir, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test");
        assertTrue(r.complete());
        assertEquals(50 * 4096, r.bytesWritten());
        Bundle b = BundleDirectory.open(bundleDir).read();
        assertTrue(b.complete());
        assertEquals("replay", b.scenario());
        assertEquals(1, b.steps().size());
        assertEquals(1, b.stateLog().size());
        assertEquals(50 * 4096, b.stateLog().get(0).bytesWritten());
        assertNull(b.stateLog().get(0).bytesWrittenSincePurge(), "no purge in the bundle");
        String file = b.steps().get(0).runs().get(0).file();
        assertEquals("steps/01-replay/t.sbt.json", file);
        ReplayResult run = new JsonResults().read(bundleDir.resolve(file));
        assertEquals(100, run.summary().ios());
    }

    /**
     * A step log edited to name /etc/passwd was resumed: every step ran again, then the read of that file failed. A step
     * record of a negative time or bytes written was read, and compare showed them ('time s -0.00', 'data written MB -1.00').
     */
    @Test
    void aStepLogNamingRunFilesOutsideTheBundleOrMissingIsRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = bundleOfOneReplay(dir);
        Path log = bundleDir.resolve(BundleDirectory.STEP_LOG);
        String good = Files.readString(log);
        String[][] cases = {
            {"steps/01-replay/t.sbt.json", "../../../../etc/passwd", "step 1 names run file '../../../../etc/passwd', outside the bundle's steps/"},
            {"steps/01-replay/t.sbt.json", "/etc/passwd", "step 1 names run file '/etc/passwd', outside the bundle's steps/"},
            {"steps/01-replay/t.sbt.json", "steps/01-replay/gone.json", "step 1 names run file 'steps/01-replay/gone.json', which is missing"},
            {"\"kind\":\"replay\"", "\"kind\":null", "step 1 is not a whole step record (kind, label, options, runs)"},
            {"\"durationNs\":\\d+", "\"durationNs\":-5", "step 1 has durationNs -5, expected 0 or more"},
            {"\"bytesWritten\":\\d+", "\"bytesWritten\":-1000000", "step 1 has bytesWritten -1000000, expected 0 or more"},
        };
        for (String[] c : cases) {
            String edited = good.replaceFirst(c[0], c[1]);
            assertTrue(!edited.equals(good), c[0] + " in " + good);
            Files.writeString(log, edited);
            SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read(), c[1]);
            assertEquals(ErrorKind.BAD_INPUT, e.kind());
            assertEquals(log + ":1: " + c[2], e.getMessage());
        }
        Path run = bundleDir.resolve("steps/01-replay/t.sbt.json");
        Path moved = Files.move(run, dir.resolve("outside.json"));
        Files.createSymbolicLink(run, moved);
        Files.writeString(log, good);
        SbenchException link = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read());
        assertEquals(log + ":1: step 1 names run file 'steps/01-replay/t.sbt.json', a link out of the bundle's steps/", link.getMessage());
        Files.delete(run);
        Files.move(moved, run);
        assertEquals(1, BundleDirectory.open(bundleDir).read().steps().size());
    }

    /**
     * A bundle.json whose target had lost its kind (the null target's name; a path is absent there) was read, and
     * compare of it ended in a NullPointerException, exit 70 (found by bench/JsonFuzz.java).
     */
    @Test
    void anIndexWhoseTargetHasNoKindIsRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = bundleOfOneReplay(dir);
        Path index = bundleDir.resolve(BundleDirectory.INDEX);
        String good = Files.readString(index);
        assertTrue(good.contains("\"kind\" : \"null\","), good);
        Files.writeString(index, good.replace("\"kind\" : \"null\",", ""));
        SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read());
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(index + ": not an sbench bundle: no steps, state log, scenario, target (with its kind) or host", e.getMessage());
    }

    /**
     * The index, every step's record, was written whole after each step: about 365 n^2 bytes over n steps (36 GB for
     * 10,000 torture steps on the null target). Each step's record is appended to the step log; the index is its head,
     * written when the bundle begins and ends.
     */
    @Test
    void eachStepAppendsItsRecordAndTheIndexIsNotWrittenAgain(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        Path index = bundleDir.resolve(BundleDirectory.INDEX);
        Path stepLog = bundleDir.resolve(BundleDirectory.STEP_LOG);
        String head = Files.readString(index);
        String before = "";
        for (int i = 1; i <= 3; i++) {
            log.stepDone(step("fill", 1000, null));
            String now = Files.readString(stepLog);
            // Not by size: a line's state-log time is an Instant, whose fraction has 0, 3, 6 or 9 digits.
            assertTrue(now.startsWith(before), "step " + i + " left the lines before it as they were");
            assertEquals(i, now.lines().count(), "a line a step");
            assertEquals(head, Files.readString(index), "the index as begun");
            before = now;
        }
        log.end(true, null);
        Bundle b = BundleDirectory.open(bundleDir).read();
        assertEquals(Bundle.FORMAT, b.format());
        assertTrue(b.complete());
        assertEquals(3, b.steps().size());
        assertEquals(List.of(0, 1, 2), b.stateLog().stream().map(Bundle.StateEvent::step).toList());
        assertTrue(Files.readString(index).contains("\"complete\" : true"));
        assertTrue(!Files.readString(index).contains("\"steps\""), "the steps are in the step log alone");
    }

    /**
     * A kill -9 or power loss while a step's record was appended leaves its line without its line end: that step did not
     * finish. Read, it is passed over and named; resumed, it is cut off and its step runs again. Any other damage is an
     * error naming the file and line.
     */
    @Test
    void aLastLineCutShortIsTheStepThatDidNotFinish(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        log.stepDone(step("fill", 1000, null));
        log.stepDone(step("purge", 0, new StepResult.PurgeSummary("trim", 0, 1 << 20, 1, null)));
        Path stepLog = bundleDir.resolve(BundleDirectory.STEP_LOG);
        String whole = Files.readString(stepLog);
        String second = whole.substring(whole.indexOf('\n') + 1);
        Files.writeString(stepLog, whole + second.substring(0, second.length() / 2));
        String cut = stepLog + ":3: the last step record is cut short (no line end: sbench ended while writing it, at a power"
                + " loss or kill -9); its step did not finish";
        BundleDirectory read = BundleDirectory.open(bundleDir);
        assertEquals(2, read.read().steps().size());
        assertEquals(cut, read.cut());

        BundleLog resumed = BundleLog.resume(bundleDir, "s", new NullTarget());
        assertEquals(cut, resumed.cut());
        assertEquals(2, resumed.finishedSteps());
        assertEquals(whole, Files.readString(stepLog), "cut off");
        resumed.stepDone(step("torture", 300, null));
        BundleDirectory again = BundleDirectory.open(bundleDir);
        assertEquals(300L, again.read().stateLog().get(2).bytesWrittenSincePurge(), "the last state-log entry carried on");
        assertNull(again.cut());

        Files.writeString(stepLog, whole + "{\"step\":\n" + second);
        SbenchException damaged = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read());
        assertEquals(ErrorKind.BAD_INPUT, damaged.kind());
        assertTrue(damaged.getMessage().startsWith(stepLog + ":3: not a step record: "), damaged.getMessage());
        Files.writeString(stepLog, whole + "{}\n");
        assertEquals(stepLog + ":3: not a step record (a step and its state-log entry)",
                assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "s", new NullTarget())).getMessage());
    }

    /**
     * A step log with a line repeated, or two lines swapped, was read and resumed as it was: with the record of round 4
     * repeated after it, a resume of a 42-step bundle cut to 10 lines passed round 10 as finished (the repeat took its
     * place), never ran it, and ended complete, exit 0. Each record's state-log entry names its step: one out of its place
     * is refused, naming the file and line.
     */
    @Test
    void aStepRecordOutOfItsPlaceIsRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        for (int i = 0; i < 3; i++) {
            log.stepDone(step("fill", 1000, null));
        }
        Path stepLog = bundleDir.resolve(BundleDirectory.STEP_LOG);
        List<String> lines = Files.readAllLines(stepLog);
        List<List<String>> cases = List.of(List.of(lines.get(0), lines.get(0), lines.get(1), lines.get(2)),
                List.of(lines.get(0), lines.get(2), lines.get(1)));
        for (List<String> edited : cases) {
            Files.write(stepLog, edited);
            SbenchException e = assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "s", new NullTarget()));
            assertEquals(ErrorKind.BAD_INPUT, e.kind());
            assertEquals(stepLog + ":2: the record of step " + (edited.get(1).equals(lines.get(0)) ? 1 : 3) + ", in the place of"
                    + " step 2 (a line repeated, moved or of another bundle)", e.getMessage());
        }
    }

    /**
     * A step log line is read whole before it is parsed: 1 GiB of 'a' without a line end after the 42 lines of a bundle
     * took compare 52 s and 2.3 GB of memory, then was passed over as a record cut short (and a resume would have cut it
     * off); under -Xmx512m compare ran out of memory (exit 5). A line longer than any step record is refused at its
     * line, read no further.
     */
    @Test
    void aLineLongerThanAnyStepRecordIsRefusedAtItsLine(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog.begin(bundleDir, "s", 2, new NullTarget(), "test").stepDone(step("fill", 1000, null));
        Path stepLog = bundleDir.resolve(BundleDirectory.STEP_LOG);
        Files.write(stepLog, new byte[BundleDirectory.MAX_RECORD_BYTES + 1], java.nio.file.StandardOpenOption.APPEND);
        SbenchException e = assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "s", new NullTarget()));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(stepLog + ":2: a line of more than 16 MiB, longer than any step record (some KB): not a step log",
                e.getMessage());
    }

    /** A resume refused after it opened the bundle (a step record of another kind) leaves how the bundle ended as it was. */
    @Test
    void aResumedBundleSaysHowItEndedUntilItsFirstStepIsRecorded(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        log.stepDone(step("fill", 1, null));
        log.end(false, "interrupted (SIGTERM) before step 2");
        BundleLog resumed = BundleLog.resume(bundleDir, "s", new NullTarget());
        assertEquals("interrupted (SIGTERM) before step 2", BundleDirectory.open(bundleDir).head().stopReason());
        resumed.stepDone(step("idle", 0, null));
        Bundle running = BundleDirectory.open(bundleDir).read();
        assertNull(running.stopReason());
        assertEquals(2, running.steps().size());
    }

    /** As a result of a newer format is: refused by report, compare and resume alike. */
    @Test
    void aBundleOfANewerFormatIsRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog.begin(bundleDir, "s", 1, new NullTarget(), "test").stepDone(step("fill", 1, null));
        Path index = bundleDir.resolve(BundleDirectory.INDEX);
        Files.writeString(index, Files.readString(index).replace("\"format\" : " + Bundle.FORMAT, "\"format\" : 4"));
        String newer = index + ": written by a newer sbench (bundle format 4; this sbench reads formats up to " + Bundle.FORMAT
                + "): read it with that sbench or a later one";
        SbenchException read = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read());
        assertEquals(ErrorKind.BAD_INPUT, read.kind());
        assertEquals(newer, read.getMessage());
        assertEquals(newer, assertThrows(SbenchException.class, () -> BundleLog.checkResumable(bundleDir)).getMessage());
    }

    /**
     * Step directories were numbered in two digits whatever the scenario: past 99 steps, ls put 100-replay between
     * 10-replay and 11-replay. They are numbered in as many digits as the scenario's planned steps need, two at least.
     */
    @Test
    void stepDirectoriesAreNumberedInTheDigitsOfThePlannedSteps(@TempDir Path dir) throws IOException {
        StepResult ran = StepSession.run(replay(trace(dir)), NullTarget.NAME, TargetSettings.DEFAULTS, null, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test");
        for (Map.Entry<Integer, String> e : Map.of(1, "steps/01-replay/", 99, "steps/01-replay/", 100, "steps/001-replay/", 10_000,
                "steps/00001-replay/").entrySet()) {
            BundleLog log = BundleLog.begin(dir.resolve("b" + e.getKey()), "s", e.getKey(), new NullTarget(), "test");
            assertEquals(e.getValue() + "t.sbt.json", log.stepDone(ran).runs().get(0).file(), e.getKey() + " planned steps");
        }
        // A bundle of 100 planned steps written before, in two digits, reads and resumes by the names its log records.
        Path old = dir.resolve("b100");
        Files.move(old.resolve("steps/001-replay"), old.resolve("steps/01-replay"));
        Files.writeString(old.resolve(BundleDirectory.STEP_LOG), Files.readString(old.resolve(BundleDirectory.STEP_LOG))
                .replace("steps/001-replay/", "steps/01-replay/"));
        BundleLog resumed = BundleLog.resume(old, "s", new NullTarget());
        assertEquals("steps/002-replay/t.sbt.json", resumed.stepDone(ran).runs().get(0).file());
        assertEquals(List.of("steps/01-replay/t.sbt.json", "steps/002-replay/t.sbt.json"), BundleDirectory.open(old).read().steps()
                .stream().map(step -> step.runs().get(0).file()).toList());
    }

    /**
     * The index a run keeps in memory held every run's result (about 10 KB for a 10 ms torture step, more for a long one): a
     * scenario's heap grew with its steps, and 10,000 steps under -Xmx96m ran out of it. Written, a result is left to its file.
     */
    @Test
    void aStepWrittenToDiskLeavesItsResultsToTheirFiles(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 1, new NullTarget(), "test");
        StepResult ran = StepSession.run(replay(trace(dir)), NullTarget.NAME, TargetSettings.DEFAULTS, null, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test");
        StepResult recorded = log.stepDone(ran);
        assertEquals("steps/01-replay/t.sbt.json", recorded.runs().get(0).file());
        assertEquals(100, recorded.runs().get(0).result().summary().ios(), "the step as recorded, for its caller");
        StepResult.NamedRun kept = BundleDirectory.open(bundleDir).read().steps().get(0).runs().get(0);
        assertNull(kept.result(), "the step log names the run's file");
        assertEquals(100, log.directory().readRun(kept).summary().ios());
    }

    @Test
    void bytesSinceTheLastPurgeAddUpAfterIt(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        fillPurgeTorture(bundleDir).end(true, null);
        List<Bundle.StateEvent> events = BundleDirectory.open(bundleDir).read().stateLog();
        assertNull(events.get(0).bytesWrittenSincePurge());
        assertEquals(0L, events.get(1).bytesWrittenSincePurge());
        assertEquals(300L, events.get(2).bytesWrittenSincePurge());
    }

    /** A line's bytes since the last purge, edited, were read as they were: report's state log showed them. */
    @Test
    void bytesSinceTheLastPurgeNotTheStepsSumAreRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        fillPurgeTorture(bundleDir);
        Path stepLog = bundleDir.resolve(BundleDirectory.STEP_LOG);
        List<String> lines = Files.readAllLines(stepLog);
        Files.write(stepLog, List.of(lines.get(0), lines.get(1), lines.get(2).replace("\"bytesWrittenSincePurge\":300",
                "\"bytesWrittenSincePurge\":1300")));
        SbenchException e = assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "s", new NullTarget()));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(stepLog + ":3: step 3 has state.bytesWrittenSincePurge 1300, expected 300 (the bytesWritten of the steps from"
                + " the last purge on, this one's included)", e.getMessage());
    }

    /**
     * Bytes since the last purge near 2^63 (a bundle edited by hand, its figures each in range and adding up) were read, and a
     * resumed run added its steps' bytes to them after those steps ran: past 2^63 the sum turned negative, and the bundle was
     * refused at its next read, the steps just run in it. The sum stops at the largest long.
     */
    @Test
    void bytesSinceTheLastPurgeStopAtTheLargestLong(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        long near = Long.MAX_VALUE - 10;
        BundleLog.begin(bundleDir, "s", 2, new NullTarget(), "test")
                .stepDone(step("purge", near, new StepResult.PurgeSummary("zero", 0, near, 1, null)));
        BundleLog.resume(bundleDir, "s", new NullTarget()).stepDone(step("fill", 100, null));
        assertEquals(Long.MAX_VALUE, BundleDirectory.open(bundleDir).read().stateLog().get(1).bytesWrittenSincePurge());
    }

    /** A bundle at {@code bundleDir} of 3 steps, all recorded: a fill of 1000 bytes, a trim purge, a torture of 300 bytes. */
    private static BundleLog fillPurgeTorture(Path bundleDir) {
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        log.stepDone(step("fill", 1000, null));
        log.stepDone(step("purge", 0, new StepResult.PurgeSummary("trim", 0, 1 << 20, 1, null)));
        log.stepDone(step("torture", 300, null));
        return log;
    }

    private static StepResult step(String kind, long written, StepResult.PurgeSummary purge) {
        return new StepResult(kind, kind, Map.of(), "2026-12-01T00:00:00Z", 1, true, null, written, List.of(), purge, null, null);
    }

    @Test
    void aBundleIsNeverWrittenOverAndResumesOnlyForItsScenarioAndDrive(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        BundleLog.begin(bundleDir, "s", 2, new NullTarget(), "test").stepDone(step("fill", 1, null));
        SbenchException e = assertThrows(SbenchException.class, () -> BundleLog.begin(bundleDir, "s", 2, new NullTarget(), "test"));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertTrue(e.getMessage().contains("--resume"), e.getMessage());
        assertEquals(1, BundleLog.resume(bundleDir, "s", new NullTarget()).finishedSteps());
        assertTrue(assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "other", new NullTarget()))
                .getMessage().contains("scenario 's'"));
        assertTrue(assertThrows(SbenchException.class, () -> BundleLog.resume(bundleDir, "s", new NullTarget(1L << 30)))
                .getMessage().contains("resume it on the same drive"));
        Files.writeString(dir.resolve("x/bundle.json".replace("x/", "")), "not json");
        assertEquals(ErrorKind.BAD_INPUT, assertThrows(SbenchException.class, () -> BundleDirectory.open(dir).read()).kind());
    }

    /** On a file system made read-only since it was begun: refused before a step runs whose results it could not keep. */
    @Test
    void aBundleThatCannotBeWrittenIsNotResumed(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("mnt")), 1 << 20)) {
            Path onTmpfs = fs.dir().resolve("b");
            BundleLog.begin(onTmpfs, "s", 2, new NullTarget(), "test").stepDone(step("fill", 1, null));
            fs.remountReadOnly();
            SbenchException ro = assertThrows(SbenchException.class, () -> BundleLog.resume(onTmpfs, "s", new NullTarget()));
            assertEquals(ErrorKind.SYSTEM_FAILURE, ro.kind());
            assertEquals("cannot resume " + onTmpfs + ": the bundle cannot be written (a read-only file system)", ro.getMessage());
        }
    }
}
