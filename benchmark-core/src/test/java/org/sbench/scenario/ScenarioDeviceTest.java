package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.StepListener;
import org.sbench.step.StepResult;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;

/**
 * A scenario on a loop device of its own: the writes its bundle records are the writes that
 * reached the device, as the kernel counted them (/sys/block/DEV/stat), step by step in the state log.
 */
@Tag("device")
class ScenarioDeviceTest {
    private static final long MIB = 1 << 20;

    @Test
    void theBytesTheBundleSaysWereWrittenReachedTheDevice(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = TestSteps.trace(dir);
        Scenario s = ScenarioFile.parse("d.yaml", "d", "steps:\n  - cdm: {size: 4M, passes: 1, duration: 100ms}\n"
                + "  - replay: {trace: " + trace + "}\n  - group: g\n    rounds: 2\n    steps:\n      - replay: {trace: " + trace
                + ", mode: fixed-qd, qd: 4}\n");
        try (LoopDevice loop = LoopDevice.create(64 * MIB)) {
            String target = loop.path().toString();
            SbenchException refused = assertThrows(SbenchException.class, () -> run(s, dir.resolve("refused"), target,
                    TargetSettings.DEFAULTS));
            assertEquals(ErrorKind.UNSAFE_TARGET, refused.kind(), refused.getMessage());
            BlockStat before = BlockStat.of(loop);
            ScenarioOutcome o = run(s, dir.resolve("b"), target, TargetSettings.DEFAULTS.withAllowWrite(true));
            BlockStat reached = BlockStat.of(loop).since(before);
            assertTrue(o.complete(), o.stopReason());
            Bundle b = BundleDirectory.open(dir.resolve("b")).read();
            long written = 0;
            for (Bundle.StateEvent e : b.stateLog()) {
                written += e.bytesWritten();
            }
            assertEquals(reached.sectorsWritten() * BlockStat.SECTOR_BYTES, written, "every byte the bundle counts reached the device");
            assertEquals(4 * MIB + writePasses(dir.resolve("b"), b), b.steps().get(0).bytesWritten(),
                    "cdm wrote its fill of the region and its write passes (one each)");
            assertEquals(3 * 50 * 4096, written - b.steps().get(0).bytesWritten(), "3 replays of 50 writes");
            long previous = Long.parseLong(b.stateLog().get(0).health().get("kernelSectorsWritten"));
            for (Bundle.StateEvent e : b.stateLog().subList(1, b.stateLog().size())) {
                long now = Long.parseLong(e.health().get("kernelSectorsWritten"));
                assertEquals(e.bytesWritten(), (now - previous) * BlockStat.SECTOR_BYTES, "step " + (e.step() + 1));
                previous = now;
            }
        }
    }

    /**
     * Secure discard is the one erase method sysfs does not show, so the device refuses it only when
     * the step runs: an error of the scenario at the step's line, the steps before it kept.
     */
    @Test
    void aSecureTrimTheDeviceRefusesIsAnErrorAtTheStepsLine(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Scenario s = ScenarioFile.parse("d.yaml", "d", "steps:\n  - fill: {passes: 1, percent: 10}\n"
                + "  - purge: {method: secure-trim}\n");
        try (LoopDevice loop = LoopDevice.create(64 * MIB)) {
            String target = loop.path().toString();
            SbenchException e = assertThrows(SbenchException.class, () -> run(s, dir.resolve("b"), target,
                    TargetSettings.DEFAULTS.withAllowWrite(true)));
            assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
            assertEquals("d.yaml:3: " + target + " refused secure-trim (ioctl BLKSECDISCARD: EOPNOTSUPP (Operation not supported));"
                    + " use method trim, or method zero", e.getMessage());
            Bundle b = BundleDirectory.open(dir.resolve("b")).read();
            assertEquals(1, b.steps().size(), "the fill is kept");
        }
    }

    /**
     * Writeback throttling is turned off for a scenario only when a replay step's stream has trims. A replay of a trace
     * file of reads and writes alone turned it off (its run's wbtLatUsec 0): the target was opened before any step read its
     * trace. Each trace is now planned once before the open, and its fit checked from that plan.
     */
    @Test
    void aReplayStepOfATraceWithoutTrimsLeavesWritebackThrottlingOn(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        List<IoRecord> trimming = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            trimming.add(TestRecords.record(i * 1000L, i * 1000L + 500, i / 2 * 4096L, 4096, i % 2 == 0 ? Op.WRITE : Op.TRIM,
                    IoRecord.NO_STREAM));
        }
        Map<Path, String> wbtDuring = new LinkedHashMap<>();
        wbtDuring.put(TestSteps.trace(dir), "2000");
        wbtDuring.put(TestRecords.writeSbt(dir.resolve("trims.sbt"), TraceInfo.of("trims", EnumSet.of(Field.COMPLETE)), trimming), "0");
        try (LoopDevice loop = LoopDevice.create(64 * MIB)) {
            Path wbt = Path.of("/sys/class/block", loop.name(), "queue/wbt_lat_usec");
            assumeTrue(Files.exists(wbt), "kernel without writeback throttling");
            Files.writeString(wbt, "2000");
            for (Map.Entry<Path, String> t : wbtDuring.entrySet()) {
                Path b = dir.resolve("b-" + t.getValue());
                Scenario s = ScenarioFile.parse("d.yaml", "d", "steps:\n  - replay: {trace: " + t.getKey() + ", mode: fixed-qd, qd: 4}\n");
                ScenarioOutcome o = run(s, b, loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
                assertTrue(o.complete(), o.stopReason());
                StepResult.NamedRun run = BundleDirectory.open(b).read().steps().get(0).runs().get(0);
                assertEquals(t.getValue(), BundleDirectory.open(b).readRun(run).target().device().get(BlockDeviceTarget.KEY_WBT_LAT_USEC),
                        t.getKey().toString());
            }
            assertEquals("2000", Files.readString(wbt).trim(), "put back");
        }
    }

    /** What the cdm step's write passes wrote, from their results in the bundle. */
    private static long writePasses(Path dir, Bundle b) {
        BundleDirectory files = BundleDirectory.open(dir);
        long bytes = 0;
        for (StepResult.NamedRun run : b.steps().get(0).runs()) {
            bytes += files.readRun(run).summary().bytesWritten();
        }
        return bytes;
    }

    private static ScenarioOutcome run(Scenario s, Path bundle, String target, TargetSettings ts) {
        return ScenarioSession.prepare(new ScenarioSession.Request(s, bundle, false, null, target, ts, null), StepKinds.standard())
                .run(NanoClock.SYSTEM, ScenarioListener.NONE, StepListener.NONE, new ReplayControl(), "test");
    }
}
