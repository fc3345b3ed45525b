package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** An index edited to name /etc/passwd was resumed: every step ran again, then the read of that file failed. */
    @Test
    void anIndexNamingRunFilesOutsideTheBundleOrMissingIsRefused(@TempDir Path dir) throws Exception {
        Path bundleDir = dir.resolve("b");
        StepSession.run(replay(trace(dir)), NullTarget.NAME, TargetSettings.DEFAULTS, bundleDir, NanoClock.SYSTEM, StepListener.NONE,
                new ReplayControl(), "test");
        Path index = bundleDir.resolve(BundleDirectory.INDEX);
        String good = Files.readString(index);
        String[][] cases = {
            {"steps/01-replay/t.sbt.json", "../../../../etc/passwd", "step 1 names run file '../../../../etc/passwd', outside the bundle's steps/"},
            {"steps/01-replay/t.sbt.json", "/etc/passwd", "step 1 names run file '/etc/passwd', outside the bundle's steps/"},
            {"steps/01-replay/t.sbt.json", "steps/01-replay/gone.json", "step 1 names run file 'steps/01-replay/gone.json', which is missing"},
            {"\"kind\" : \"replay\"", "\"kind\" : null", "step 1 is not a whole step record (kind, label, options, runs)"},
        };
        for (String[] c : cases) {
            assertTrue(good.contains(c[0]), c[0] + " in " + good);
            Files.writeString(index, good.replace(c[0], c[1]));
            SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read(), c[1]);
            assertEquals(ErrorKind.BAD_INPUT, e.kind());
            assertEquals(index + ": " + c[2], e.getMessage());
        }
        Path run = bundleDir.resolve("steps/01-replay/t.sbt.json");
        Path moved = Files.move(run, dir.resolve("outside.json"));
        Files.createSymbolicLink(run, moved);
        Files.writeString(index, good);
        SbenchException link = assertThrows(SbenchException.class, () -> BundleDirectory.open(bundleDir).read());
        assertEquals(index + ": step 1 names run file 'steps/01-replay/t.sbt.json', a link out of the bundle's steps/", link.getMessage());
        Files.delete(run);
        Files.move(moved, run);
        assertEquals(1, BundleDirectory.open(bundleDir).read().steps().size());
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
        StepResult.NamedRun kept = log.bundle().steps().get(0).runs().get(0);
        assertNull(kept.result(), "the index in memory names the run's file");
        assertEquals(100, log.directory().readRun(kept).summary().ios());
    }

    @Test
    void bytesSinceTheLastPurgeAddUpAfterIt(@TempDir Path dir) {
        Path bundleDir = dir.resolve("b");
        BundleLog log = BundleLog.begin(bundleDir, "s", 3, new NullTarget(), "test");
        log.stepDone(step("fill", 1000, null));
        log.stepDone(step("purge", 0, new StepResult.PurgeSummary("trim", 0, 1 << 20, 1, null)));
        log.stepDone(step("torture", 300, null));
        log.end(true, null);
        List<Bundle.StateEvent> events = BundleDirectory.open(bundleDir).read().stateLog();
        assertNull(events.get(0).bytesWrittenSincePurge());
        assertEquals(0L, events.get(1).bytesWrittenSincePurge());
        assertEquals(300L, events.get(2).bytesWrittenSincePurge());
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
