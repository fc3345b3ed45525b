package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.cdm.CdmStep;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.target.NullTarget;
import org.sbench.target.TargetSettings;

/**
 * Step records of every kind, as a run writes them, read; edited by hand to a negative, NaN or huge figure anywhere in
 * them or in their state-log entry, refused at their line. compare, report (its tables, CSV and HTML) and run --resume
 * showed or took such figures as the step's.
 */
class StepShapeTest {
    private static final long MIB = 1L << 20;
    private static final String BEYOND = ", expected at most 1e21 either way (more than any run measures)";
    /** A bundle of one step of each kind, on a null target of 64 MiB, by kind. */
    private static final Map<String, Path> BUNDLES = new LinkedHashMap<>();

    @TempDir
    static Path dir;

    private static Map<String, String> opts(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    @BeforeAll
    static void runEachKind() {
        List<Step> steps = List.of(PurgeStep.of(opts()), FillStep.of(opts("bs", "1M")),
                TortureStep.of(opts("until", "steady", "round", "50ms", "qd", "1")), SweepStep.of(opts("points", "3", "per-point", "1M")),
                IdleStep.of(opts("duration", "200ms", "probe", "100ms", "probe-duration", "20ms", "probe-qd", "1")),
                CdmStep.of(opts("size", "2M", "passes", "1", "duration", "20ms")));
        for (Step step : steps) {
            Path b = dir.resolve(step.kind());
            StepSession.run(step, NullTarget.NAME, TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), b, NanoClock.SYSTEM, StepListener.NONE,
                    new ReplayControl(), "test");
            BUNDLES.put(step.kind(), b);
        }
    }

    @Test
    void aRecordOfEachKindAsWrittenIsRead() {
        BUNDLES.forEach((kind, b) -> assertEquals(kind, BundleDirectory.open(b).read().steps().get(0).kind()));
    }

    @Test
    void aNegativeTemperatureIsRead() throws Exception {
        Path b = BUNDLES.get(IdleStep.KIND);
        String good = Files.readString(b.resolve(BundleDirectory.STEP_LOG));
        try {
            Files.writeString(b.resolve(BundleDirectory.STEP_LOG), good.replaceFirst("\"action\":", "\"temperatureC\":-5.5,\"action\":"));
            assertEquals(-5.5, BundleDirectory.open(b).read().stateLog().get(0).temperatureC(), "a drive below 0 °C");
        } finally {
            Files.writeString(b.resolve(BundleDirectory.STEP_LOG), good);
        }
    }

    @Test
    void aPurgesRangeOutOfRangeIsRefused() throws Exception {
        refused(PurgeStep.KIND,
                "\"offsetBytes\":\\d+", "\"offsetBytes\":-4096", "purge.offsetBytes -4096, expected 0 or more",
                "\"lengthBytes\":\\d+", "\"lengthBytes\":-67108864", "purge.lengthBytes -67108864, expected 0 or more",
                "\"chunks\":\\d+", "\"chunks\":-1", "purge.chunks -1, expected 0 or more");
    }

    @Test
    void aFillsTimeBytesOrStateOutOfRangeIsRefused() throws Exception {
        refused(FillStep.KIND,
                "\"durationNs\":\\d+", "\"durationNs\":-1", "durationNs -1, expected 0 or more",
                "(\"action\":\"[^\"]*\",\"bytesWritten\":)\\d+", "$1-1", "state.bytesWritten -1, expected 0 or more",
                "\"action\":", "\"temperatureC\":\"NaN\",\"action\":", "state.temperatureC NaN, expected a number",
                "\"action\":", "\"temperatureC\":1e309,\"action\":", "state.temperatureC Infinity" + BEYOND,
                "\"action\":", "\"bytesWrittenSincePurge\":-1,\"action\":", "state.bytesWrittenSincePurge -1, expected 0 or more");
    }

    @Test
    void aSteadyStateVerdictOutOfRangeIsRefused() throws Exception {
        refused(TortureStep.KIND,
                "\"round\":\\d+", "\"round\":-1", "steadyState.round -1, expected 0 or more",
                "\"rounds\":\\d+", "\"rounds\":-3", "steadyState.rounds -3, expected 0 or more",
                "\"mean\":[-0-9.E]+", "\"mean\":-100.0", "steadyState.mean -100.0, expected 0 or more",
                "\"range\":[-0-9.E]+", "\"range\":1e300", "steadyState.range 1.0E300" + BEYOND,
                "\"slopeExcursion\":[-0-9.E]+", "\"slopeExcursion\":-0.5", "steadyState.slopeExcursion -0.5, expected 0 or more",
                "\"window\":\\[", "\"window\":[-7.0,", "steadyState.window[0] -7.0, expected 0 or more",
                "\"window\":\\[", "\"window\":[1e309,", "steadyState.window[0] Infinity" + BEYOND);
    }

    @Test
    void aSweepPointOutOfRangeIsRefused() throws Exception {
        refused(SweepStep.KIND,
                "\"mbps\":[-0-9.E]+", "\"mbps\":\"NaN\"", "sweep[0].mbps NaN, expected a number",
                "\"mbps\":[-0-9.E]+", "\"mbps\":-1.5", "sweep[0].mbps -1.5, expected 0 or more",
                "\"p99Us\":[-0-9.E]+", "\"p99Us\":1e300", "sweep[0].p99Us 1.0E300" + BEYOND,
                "\"p99Us\":[-0-9.E]+", "\"p99Us\":\"-Infinity\"", "sweep[0].p99Us -Infinity" + BEYOND,
                "\"offsetBytes\":\\d+", "\"offsetBytes\":-1048576", "sweep[0].offsetBytes -1048576, expected 0 or more",
                "\"point\":\\d+", "\"point\":-1", "sweep[0].point -1, expected 0 or more",
                "\"sweep\":\\[", "\"sweep\":[null,", "sweep[0] null, expected a value");
    }

    @Test
    void anIdleOrCdmStepsFiguresOutOfRangeAreRefused() throws Exception {
        refused(IdleStep.KIND,
                "\"durationNs\":\\d+", "\"durationNs\":-200000000", "durationNs -200000000, expected 0 or more",
                "(\"action\":\"[^\"]*\",\"bytesWritten\":)\\d+", "$1-4096", "state.bytesWritten -4096, expected 0 or more");
        refused(CdmStep.KIND,
                "\"bytesWritten\":\\d+", "\"bytesWritten\":-1", "bytesWritten -1, expected 0 or more",
                "\"health\":\\{", "\"health\":{\"kernelSectorsWritten\":null", "state.health.kernelSectorsWritten null, expected a value");
    }

    /**
     * Figures each in range that no step writes together were read, and report, compare and run --resume took them as the
     * step's: a steady state reached at a round after the last, figures not of its window, sweep points out of order.
     */
    @Test
    void aSteadyStateVerdictNotOfItsWindowIsRefused() throws Exception {
        SteadyState.Verdict v = BundleDirectory.open(BUNDLES.get(TortureStep.KIND)).read().steps().get(0).steadyState();
        int round = v.reached() ? v.rounds() : 0;
        refused(TortureStep.KIND,
                "\"rounds\":\\d+", "\"rounds\":26", "steadyState.rounds 26, expected at most 25 (rounds stop there)",
                "\"rounds\":\\d+", "\"rounds\":2", "steadyState.window of 5 values, expected 2 (the last 5 of its 2 rounds)",
                "\"window\":\\[", "\"window\":[1.0,", "steadyState.window of " + (v.window().size() + 1) + " values, expected "
                        + v.window().size() + " (the last 5 of its " + v.rounds() + " rounds)",
                "\"mean\":[-0-9.E]+", "\"mean\":12345.5", "steadyState.mean 12345.5, expected " + v.mean() + " (its window's)",
                "\"range\":[-0-9.E]+", "\"range\":null", "steadyState.range null, expected " + v.range() + " (its window's)",
                "\"slopeExcursion\":[-0-9.E]+", "\"slopeExcursion\":0.25", "steadyState.slopeExcursion 0.25, expected "
                        + v.slopeExcursion() + " (its window's)",
                "\"reached\":" + v.reached(), "\"reached\":" + !v.reached(), "steadyState.reached " + !v.reached() + ", expected "
                        + v.reached() + " (as its window's figures say)",
                "\"round\":\\d+", "\"round\":30", "steadyState.round 30, expected " + round
                        + (v.reached() ? " (its rounds: reached at the last)" : " (not reached)"));
    }

    @Test
    void sweepPointsOutOfOrderOrOfOtherSizesAreRefused() throws Exception {
        List<StepResult.SweepPoint> points = BundleDirectory.open(BUNDLES.get(SweepStep.KIND)).read().steps().get(0).sweep();
        assertEquals(3, points.size());
        refused(SweepStep.KIND,
                "\"point\":1,", "\"point\":0,", "sweep[0].point 0, expected 1 or more",
                "\"point\":2,", "\"point\":1,", "sweep[1].point 1, expected more than sweep[0]'s 1 (points in order)",
                "\"point\":3,\"offsetBytes\":\\d+", "\"point\":3,\"offsetBytes\":0", "sweep[2].offsetBytes 0, expected sweep[1]'s "
                        + points.get(1).offsetBytes() + " or more (points in order from the first byte to the last)",
                "\"lengthBytes\":\\d+", "\"lengthBytes\":0", "sweep[0].lengthBytes 0, expected more than 0",
                "(\"point\":2,\"offsetBytes\":\\d+,\"lengthBytes\":)\\d+", "$12097152", "sweep[1].lengthBytes 2097152, expected"
                        + " sweep[0]'s 1048576 (as many bytes at every point)",
                "\"kind\":\"sweep\"", "\"kind\":\"fill\"", "sweep in a step of kind fill, expected none (a sweep step's only)");
    }

    @Test
    void aPurgesChunksOrBytesNotOfItsRangeAreRefused() throws Exception {
        StepResult purge = BundleDirectory.open(BUNDLES.get(PurgeStep.KIND)).read().steps().get(0);
        long length = purge.purge().lengthBytes();
        refused(PurgeStep.KIND,
                "\"chunks\":\\d+", "\"chunks\":0", "purge.chunks 0, expected 1 to its lengthBytes " + length
                        + " (requests of a byte or more)",
                "\"lengthBytes\":\\d+", "\"lengthBytes\":0", "purge.chunks " + purge.purge().chunks() + ", expected 0 (it erased no"
                        + " bytes)",
                "\"bytesWritten\":0,\"runs\"", "\"bytesWritten\":5,\"runs\"", "bytesWritten 5, expected 0 or the purge's"
                        + " lengthBytes " + length + " (a zeroing purge writes what it erases)",
                "\"kind\":\"purge\"", "\"kind\":\"fill\"", "purge in a step of kind fill, expected none (a purge step's only)",
                "\"bytesWrittenSincePurge\":0", "\"bytesWrittenSincePurge\":5", "state.bytesWrittenSincePurge 5, expected 0 (the"
                        + " bytesWritten of the steps from the last purge on, this one's included)");
    }

    @Test
    void aStopNotOfTheStepsEndOrStateBytesNotTheStepsAreRefused() throws Exception {
        long written = BundleDirectory.open(BUNDLES.get(FillStep.KIND)).read().steps().get(0).bytesWritten();
        refused(FillStep.KIND,
                "\"complete\":true", "\"complete\":false", "complete false without a stopReason, expected one (why it stopped)",
                "\"complete\":true", "\"complete\":true,\"stopReason\":\"x\"", "stopReason 'x' with complete true, expected none (a"
                        + " complete step did not stop)",
                "\"kind\":\"fill\"", "\"kind\":\"purge\"", "kind purge without a purge, expected one (what it did)",
                "(\"action\":\"[^\"]*\",\"bytesWritten\":)\\d+", "$17", "state.bytesWritten 7, expected the step's bytesWritten "
                        + written,
                "\"action\":", "\"bytesWrittenSincePurge\":5,\"action\":", "state.bytesWrittenSincePurge 5, expected none (no purge"
                        + " before it)");
    }

    /** Each of {@code edits} (a regex, its replacement, the refusal after 'step 1 has ') on the record of {@code kind}'s bundle. */
    private static void refused(String kind, String... edits) throws Exception {
        Path log = BUNDLES.get(kind).resolve(BundleDirectory.STEP_LOG);
        String good = Files.readString(log);
        try {
            for (int i = 0; i < edits.length; i += 3) {
                String edited = good.replaceFirst(edits[i], edits[i + 1]);
                assertNotEquals(good, edited, edits[i] + " in " + good);
                Files.writeString(log, edited);
                SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.open(log.getParent()).read(), edited);
                assertEquals(ErrorKind.BAD_INPUT, e.kind());
                assertEquals(log + ":1: step 1 has " + edits[i + 2], e.getMessage());
            }
        } finally {
            Files.writeString(log, good);
        }
    }
}
