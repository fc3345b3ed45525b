package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class ResultComparisonTest {
    private static ResultComparison abb() {
        return ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(ResultFixtures.B2)), 0, false);
    }

    @Test
    void repeatedRunsOfOneDriveFormOneColumnWithMeanAndSpread() {
        ResultComparison c = abb();
        assertEquals(2, c.columns().size());
        assertEquals("DriveA", c.columns().get(0).label(), "models differ: the model alone names the drive");
        assertEquals("DriveB", c.columns().get(1).label());
        assertEquals(2, c.columns().get(1).runs().size());
        assertEquals(0, c.baseline());
        ResultComparison.Stat busy = c.stat(1, Metric.BUSY);
        assertEquals(2, busy.runs());
        assertEquals(1.125, busy.mean(), 1e-12);
        assertEquals(Math.sqrt(2 * 0.125 * 0.125), busy.sd(), 1e-12, "sample standard deviation of 1.0 and 1.25 s");
        assertEquals(1.0, busy.min(), 1e-12);
        assertEquals(1.25, busy.max(), 1e-12);
        assertEquals(Double.NaN, c.stat(0, Metric.BUSY).sd(), "one run: no spread");
        assertEquals(-0.875, c.difference(1, Metric.BUSY), 1e-12);
        assertEquals(0.5625, c.ratio(1, Metric.BUSY), 1e-12);
        assertEquals(3.6, c.stat(1, Metric.MBPS).mean(), 1e-12);
        assertEquals(1.8, c.ratio(1, Metric.MBPS), 1e-12);
        assertEquals(List.of(1, 0), c.ranking(Metric.BUSY), "lower busy time first");
        assertEquals(List.of(1, 0), c.ranking(Metric.MBPS), "higher MB/s first");
        assertEquals(1, c.best(Metric.P99));
        assertEquals(-1, c.best(Metric.IOS), "a workload count has no winner");
        assertTrue(c.differences().isEmpty());
        assertTrue(c.hasRepeats());
    }

    @Test
    void theBaselineIsTheColumnOfTheChosenResult() {
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A),
                ResultFixtures.input(ResultFixtures.B), ResultFixtures.input(ResultFixtures.B2)), 2, false);
        assertEquals(1, c.baseline());
        assertEquals(2.0 - 1.125, c.difference(0, Metric.BUSY), 1e-12);
    }

    @Test
    void labelsGroupResultsAndNameColumns() {
        ResultComparison c = ResultComparison.of(List.of(
                new ResultComparison.Input("a", ResultFixtures.load(ResultFixtures.A), "old"),
                new ResultComparison.Input("b", ResultFixtures.load(ResultFixtures.B), "new"),
                new ResultComparison.Input("b2", ResultFixtures.load(ResultFixtures.B2), "new 2")), 0, false);
        assertEquals(List.of("old", "new", "new 2"), c.columns().stream().map(ResultComparison.Column::label).toList());
    }

    /** A control character in a label (a target path's, or --label's) made the compare page ill-formed XML. */
    @Test
    void controlCharactersInALabelBecomeQuestionMarks() throws Exception {
        ResultComparison c = ResultComparison.of(List.of(
                new ResultComparison.Input("a", ResultFixtures.load(ResultFixtures.A), "t\u0001x"),
                new ResultComparison.Input("b", ResultFixtures.load(ResultFixtures.B), "new")), 0, false);
        assertEquals("t?x", c.columns().get(0).label());
        new XhtmlDocument(new HtmlComparisonWriter(RankingMetric.BUSY).render(c));
    }

    @Test
    void sameModelIsToldApartByWhatDiffers(@TempDir Path dir) {
        Path other = ResultFixtures.variant(dir, ResultFixtures.B, "b-other.json", j -> {
            ((ObjectNode) j.get("target").get("device")).put("serial", "B2");
            ((ObjectNode) j.get("target")).put("path", "/dev/sdz");
        });
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(other)), 0, false);
        assertEquals(List.of("DriveA", "DriveB, serial B1, /dev/sdy", "DriveB, serial B2, /dev/sdz"),
                c.columns().stream().map(ResultComparison.Column::label).toList());
    }

    @Test
    void refusesWhatIsNotComparableSayingExactlyWhat(@TempDir Path dir) {
        assertRefused(dir, j -> ((ObjectNode) j.get("trace")).put("sha256", "b2".repeat(32)).put("name", "other.csv"),
                "not comparable: x.json differs from the baseline drive-a.json in trace (other.csv sha256 b2b2b2b2b2b2"
                        + " vs tiny.csv sha256 a1a1a1a1a1a1) (--force compares anyway)");
        assertRefused(dir, j -> ((ObjectNode) j.get("settings")).put("mode", "fixed-qd").put("qd", 4).put("maxIdleNs", 0),
                "not comparable: x.json differs from the baseline drive-a.json in mode (fixed-qd QD 4 vs recorded-qd)"
                        + " (--force compares anyway)");
        assertRefused(dir, j -> ((ObjectNode) j.get("settings")).put("maxIdleNs", 0),
                "not comparable: x.json differs from the baseline drive-a.json in idle cap (0.0 ms vs 25.0 ms)"
                        + " (--force compares anyway)");
        assertRefused(dir, j -> ((ObjectNode) j.get("settings")).put("data", "zero"),
                "not comparable: x.json differs from the baseline drive-a.json in data pattern (zero vs random)"
                        + " (--force compares anyway)");
        assertRefused(dir, j -> j.put("complete", false).put("stopReason", "interrupted"),
                "not comparable: x.json is incomplete (interrupted after 4 of 4 IOs) (--force compares anyway)");
        assertRefused(dir, j -> {
            ((ObjectNode) j.get("settings")).put("data", "zero").put("maxIdleNs", 0);
            j.put("complete", false).put("stopReason", "interrupted");
        }, "not comparable: x.json is incomplete (interrupted after 4 of 4 IOs) and differs from the baseline"
                + " drive-a.json in idle cap (0.0 ms vs 25.0 ms), data pattern (zero vs random) (--force compares anyway)");
    }

    @Test
    void forceComparesAndMarksTheDifferingColumn(@TempDir Path dir) {
        Path zero = ResultFixtures.variant(dir, ResultFixtures.B, "zero.json", j -> ((ObjectNode) j.get("settings")).put("data", "zero"));
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(zero)), 0, true);
        assertEquals(List.of("zero.json differs from the baseline drive-a.json in data pattern (zero vs random)"), c.differences());
        assertTrue(c.columns().get(0).comparable());
        assertFalse(c.columns().get(1).comparable());
    }

    /** Result {@code name} as if replayed on a new file: its reads went to never-written extents. */
    static Path unwritten(Path dir, String name, String as) {
        return ResultFixtures.variant(dir, name, as, j -> ((ObjectNode) j.get("target")).put("kind", "file").put("path", "/tmp/new.img")
                .putObject("unwritten").put("bytes", 2_000_000).put("rangeBytes", 4_000_000));
    }

    @Test
    void readsOfNeverWrittenExtentsAreNotRankedAgainstADrive(@TempDir Path dir) {
        Path fresh = unwritten(dir, ResultFixtures.B, "fresh.json");
        SbenchException e = assertThrows(SbenchException.class, () -> ResultComparison.of(
                List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(fresh)), 0, false));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals("not comparable: fresh.json read never-written extents of /tmp/new.img (2.00 MB of 4.00 MB held no data), which the"
                + " filesystem answers without device IO, unlike drive-a.json (--force compares anyway)", e.getMessage());
        ResultComparison forced = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(fresh)), 0,
                true);
        assertTrue(forced.columns().get(0).comparable());
        assertFalse(forced.columns().get(1).comparable());
        // Two such results measure the same thing (a filesystem's answer to unwritten reads): comparable.
        Path other = unwritten(dir, ResultFixtures.B2, "fresh2.json");
        assertEquals(List.of(), ResultComparison.of(List.of(ResultFixtures.input(fresh), ResultFixtures.input(other)), 0, false)
                .differences());
    }

    @Test
    void sizeClassesAreComparedPerClassAndOp() {
        ResultComparison c = abb();
        assertEquals(4 * 3, c.sizeClassMetrics().size(), "4K and >128K reads, 8K and >128K writes: MB/s, busy time, p99 each");
        Metric bigReads = find(c.sizeClassMetrics(), "class_mbps", ">128K", Metric.READ);
        assertEquals(2.995904, c.stat(0, bigReads).mean(), 1e-12);
        assertEquals((5.991808 + 4.279862857142858) / 2, c.stat(1, bigReads).mean(), 1e-12);
        assertEquals(1, c.best(bigReads), "higher MB/s wins");
        Metric smallBusy = find(c.sizeClassMetrics(), "class_busy", "4K", Metric.READ);
        assertEquals(0.5, c.stat(0, smallBusy).mean(), 1e-12);
        assertEquals(0.275, c.stat(1, smallBusy).mean(), 1e-12);
        assertEquals(0.55, c.ratio(1, smallBusy), 1e-12);
        Metric p99 = find(c.sizeClassMetrics(), "class_latency_p99", "8K", Metric.WRITE);
        assertEquals(0.5, c.stat(0, p99).mean(), 1e-12);
        assertEquals(0.275, c.stat(1, p99).mean(), 1e-12);
        assertEquals("data rate of >128K, read", bigReads.name());
    }

    @Test
    void phasesAreComparedByName(@TempDir Path dir) {
        ResultComparison c = phased(dir, List.of("boot", "work"), List.of("boot", "work"), false);
        assertEquals(2 * 3, c.phaseMetrics().size());
        Metric wall = find(c.phaseMetrics(), "phase_wall", "boot", Metric.ALL_OPS);
        assertEquals(1.0, c.stat(0, wall).mean(), 1e-12);
        assertEquals(0.85, c.stat(1, wall).mean(), 1e-12);
        assertEquals(0.85, c.ratio(1, wall), 1e-12);
        Metric mbps = find(c.phaseMetrics(), "phase_mbps", "work", Metric.ALL_OPS);
        assertEquals(1.0, c.stat(0, mbps).mean(), 1e-12, "1 MB in 1 s of busy time");
        assertEquals((2.0 + 1 / 0.6) / 2, c.stat(1, mbps).mean(), 1e-12);
        assertEquals(List.of(), c.phaseNotes());
        assertTrue(abb().phaseMetrics().isEmpty(), "results without phases compare without a phase section");
    }

    @Test
    void phasesOfOtherNamesAreRefusedAndUnderForceMarked(@TempDir Path dir) {
        SbenchException e = assertThrows(SbenchException.class, () -> phased(dir, List.of("boot", "work"), List.of("boot", "idle"),
                false));
        assertEquals("not comparable: b.json differs from the baseline a.json in phases (boot, idle vs boot, work); b2.json"
                + " differs from the baseline a.json in phases (boot, idle vs boot, work) (--force compares anyway)", e.getMessage());
        ResultComparison c = phased(dir, List.of("boot", "work"), List.of("boot", "idle"), true);
        assertEquals(List.of("boot", "work", "idle"), groups(c.phaseMetrics(), "phase_wall"), "matched by name, baseline's first");
        Metric idle = find(c.phaseMetrics(), "phase_wall", "idle", Metric.ALL_OPS);
        assertTrue(Double.isNaN(c.stat(0, idle).mean()), "the baseline has no phase 'idle'");
        assertEquals(List.of("a.json has no phase idle", "b.json has no phase work", "b2.json has no phase work"), c.phaseNotes());
        assertEquals(-1, c.best(idle), "one column with a value has no winner");
    }

    @Test
    void phasesNoResultReachedAreLeftOutAndNoted(@TempDir Path dir) {
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (String name : List.of(ResultFixtures.A, ResultFixtures.B)) {
            inputs.add(ResultFixtures.input(ResultFixtures.variant(dir, name, "cut-" + name, j -> {
                ArrayNode phases = j.putArray("phases");
                phases.addObject().put("name", "boot").put("ios", 1).put("bytesRead", 1_000_000).put("bytesWritten", 0)
                        .put("wallNs", 1_000_000_000L).put("busyNs", 500_000_000L).put("mbps", 2.0);
                phases.addObject().put("name", "e-mail").put("ios", 0).put("bytesRead", 0).put("bytesWritten", 0)
                        .put("wallNs", 0).put("busyNs", 0).put("mbps", 0.0);
            })));
        }
        ResultComparison c = ResultComparison.of(inputs, 0, false);
        assertEquals(List.of("boot"), groups(c.phaseMetrics(), "phase_wall"), "a trace cut before e-mail keeps its mark, not its IOs");
        assertEquals(List.of("no result has IOs in phase e-mail (the traces end before it): not compared"), c.phaseNotes());
    }

    @Test
    void aResultWithoutPhaseResultsIsComparedWithOneThatHasThem(@TempDir Path dir) {
        Path a = ResultFixtures.phased(dir, ResultFixtures.A, "a.json", List.of("boot"), new long[] {1_000_000_000L},
                new long[] {500_000_000L});
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(a), ResultFixtures.input(ResultFixtures.B)), 0, false);
        assertEquals(List.of(), c.differences(), "results written before phases were measured are not refused");
        assertEquals(List.of("drive-b.json has no phase results (its trace has no phases, or it was written before sbench measured them)"), c.phaseNotes());
    }

    /**
     * A run whose writes failed was compared and ranked unmarked, its busy time and rates those of the IOs that succeeded:
     * a light-2010 replay onto a loop device over a full tmpfs, 20,181 of its 57,769 IOs failed (ENOSPC), stood in the
     * ranking and the page's charts beside a clean run with no word of it (its own report says ERRORS above its tables).
     */
    @Test
    void aRunWithIoErrorsIsNotedOnItsColumn(@TempDir Path dir) {
        Path failed = ResultFixtures.variant(dir, ResultFixtures.B, "failed.json", j -> {
            ResultFixtures.failed(j, 3);
            j.putObject("errors").putObject("write").put("ENOSPC", 3);
        });
        ResultComparison c = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(failed)), 0,
                false);
        assertEquals(List.of("3 IOs failed (write: ENOSPC 3): its IOs, MB and latencies leave them out"), c.columns().get(1).notes());
        assertTrue(c.columns().get(1).flagged());
    }

    @Test
    void whatMattersForARankingIsNotedOnTheColumn(@TempDir Path dir) {
        Path file = ResultFixtures.writtenFile(dir, ResultFixtures.B);
        ResultComparison kinds = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(file)), 0,
                false);
        assertEquals(List.of(), kinds.differences(), "another kind of target is compared: that is the point");
        assertEquals(List.of(), kinds.columns().get(0).notes());
        assertEquals(List.of("ran on a file, the baseline on a block device"), kinds.columns().get(1).notes());
        assertTrue(kinds.columns().get(1).flagged());
        assertFalse(kinds.columns().get(0).flagged());
        Path none = ResultFixtures.variant(dir, ResultFixtures.B, "null.json", j -> ((ObjectNode) j.get("target")).put("kind", "null")
                .putNull("path"));
        assertEquals(List.of("ran on the null target (no device), the baseline on a block device"), ResultComparison.of(
                List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(none)), 0, false).columns().get(1).notes());

        Path partial = ResultFixtures.variant(dir, ResultFixtures.B2, "partial.json", j -> {
            j.put("complete", false).put("stopReason", "interrupted (SIGINT)");
            ((ObjectNode) j.get("fidelity")).put("inTrace", 5);
        });
        ResultComparison forced = ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(ResultFixtures.B),
                ResultFixtures.input(partial)), 0, true);
        assertEquals(List.of("incomplete (partial.json): stopped (interrupted (SIGINT)) after 4 of 5 IOs"),
                forced.columns().get(1).notes());
        assertFalse(forced.columns().get(1).comparable());

        Path fresh = unwritten(dir, ResultFixtures.B, "fresh.json");
        Path fresh2 = unwritten(dir, ResultFixtures.B2, "fresh2.json");
        ResultComparison files = ResultComparison.of(List.of(ResultFixtures.input(fresh), ResultFixtures.input(fresh2)), 0, false);
        assertEquals(List.of("read never-written extents of /tmp/new.img (fresh.json): the filesystem answered those reads without"
                + " device IO", "read never-written extents of /tmp/new.img (fresh2.json): the filesystem answered those reads without"
                + " device IO"), files.columns().get(0).notes(), "comparable among themselves, and still marked");
    }

    /** A (baseline) with phases {@code basePhases}, and both runs of B with {@code otherPhases}. */
    /**
     * Phases were matched by name with a scan of every result's phases for each phase and metric: comparing two results of
     * 20,000 phases took 43 s. Counted as reads of the results' phases, the work is now a few per phase.
     */
    @Test
    void phasesAreMatchedInTimeLinearInTheirNumber(@TempDir Path dir) {
        int n = 1000;
        List<String> names = new ArrayList<>();
        long[] wallNs = new long[n];
        long[] busyNs = new long[n];
        for (int i = 0; i < n; i++) {
            names.add(i % 10 == 0 ? "idle" : "p" + i);
            wallNs[i] = 2_000_000L + i;
            busyNs[i] = 1_000_000L + i;
        }
        long[] reads = new long[1];
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (String fixture : List.of(ResultFixtures.A, ResultFixtures.B)) {
            ReplayResult r = new JsonResults().read(ResultFixtures.phased(dir, fixture, fixture + ".json", names, wallNs, busyNs));
            List<ReplayResult.PhaseResult> phases = r.phases();
            List<ReplayResult.PhaseResult> counted = new java.util.AbstractList<>() {
                @Override
                public ReplayResult.PhaseResult get(int i) {
                    reads[0]++;
                    return phases.get(i);
                }

                @Override
                public int size() {
                    return phases.size();
                }
            };
            inputs.add(new ResultComparison.Input(fixture, new ReplayResult(r.format(), r.complete(), r.stopReason(), r.sbenchVersion(),
                    r.startedAt(), r.settings(), r.trace(), r.target(), r.host(), r.summary(), r.sizeClasses(), r.timeSeries(),
                    r.latencyHistogram(), r.fidelity(), r.mapping(), r.errors(), counted, r.firstError(), r.stripe()), null));
        }
        ResultComparison c = ResultComparison.of(inputs, 0, false);
        assertEquals(3 * n, c.phaseMetrics().size());
        Metric idle = find(c.phaseMetrics(), "phase_busy", "idle (3)", Metric.ALL_OPS);
        assertEquals(busyNs[20] / 1e9, c.stat(1, idle).mean(), 1e-12, "the third phase called idle");
        assertTrue(reads[0] < 50L * n, reads[0] + " reads of " + n + " phases in each of two results");
    }

    static ResultComparison phased(Path dir, List<String> basePhases, List<String> otherPhases, boolean force) {
        Path a = ResultFixtures.phased(dir, ResultFixtures.A, "a.json", basePhases, new long[] {1_000_000_000L, 2_000_000_000L},
                new long[] {500_000_000L, 1_000_000_000L});
        Path b = ResultFixtures.phased(dir, ResultFixtures.B, "b.json", otherPhases, new long[] {800_000_000L, 1_700_000_000L},
                new long[] {250_000_000L, 500_000_000L});
        Path b2 = ResultFixtures.phased(dir, ResultFixtures.B2, "b2.json", otherPhases, new long[] {900_000_000L, 1_700_000_000L},
                new long[] {300_000_000L, 600_000_000L});
        return ResultComparison.of(List.of(ResultFixtures.input(a), ResultFixtures.input(b), ResultFixtures.input(b2)), 0, force);
    }

    private static Metric find(List<Metric> metrics, String key, String group, String op) {
        for (Metric m : metrics) {
            if (m.key().equals(key) && m.group().equals(group) && m.op().equals(op)) {
                return m;
            }
        }
        throw new AssertionError("no " + key + " of " + group + " " + op + " in " + metrics);
    }

    private static List<String> groups(List<Metric> metrics, String key) {
        return metrics.stream().filter(m -> m.key().equals(key)).map(Metric::group).toList();
    }

    private static void assertRefused(Path dir, Consumer<ObjectNode> edit, String message) {
        Path x = ResultFixtures.variant(dir, ResultFixtures.B, "x.json", edit);
        SbenchException e = assertThrows(SbenchException.class, () -> ResultComparison.of(
                List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(x)), 0, false));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(message, e.getMessage());
    }
}
