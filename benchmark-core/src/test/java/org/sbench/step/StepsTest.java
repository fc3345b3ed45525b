package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.cdm.CdmStep;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.target.TargetSettings;

/** The steps on the null target and on files (no root): their runs, results, bundles, stops and refusals. */
class StepsTest {
    private static final long MIB = 1 << 20;
    private static final long NS_PER_MS = 1_000_000L;

    private static Map<String, String> opts(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    /** {@code step} on a null target of {@code capacityBytes}. */
    static StepResult onNull(Step step, long capacityBytes) {
        return StepSession.run(step, "null", TargetSettings.DEFAULTS.withSizeBytes(capacityBytes), null, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test");
    }

    /** A fill or whole purge of the null target without --size would cover 2^60 bytes: years at the null engine's speed. */
    @Test
    void aFillOrWholePurgeOfTheNullTargetNeedsASize() {
        for (Step step : List.of(FillStep.of(opts()), PurgeStep.of(opts()))) {
            SbenchException e = assertThrows(SbenchException.class, () -> StepSession.run(step, "null", TargetSettings.DEFAULTS,
                    null, NanoClock.SYSTEM, StepListener.NONE, new ReplayControl(), "test"), step.kind());
            assertTrue(e.getMessage().endsWith("covers the whole target, and the null target takes any size: 1152921504606846976"
                    + " bytes unless given one: sbench " + step.kind() + " --size 1G, or sbench run --size 1G for a scenario"),
                    e.getMessage());
        }
        assertTrue(onNull(PurgeStep.of(opts()), 16 * MIB).complete(), "with a size it purges that");
        assertTrue(StepSession.run(PurgeStep.of(opts("range", "0:1M")), "null", TargetSettings.DEFAULTS, null, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test").complete(), "a range needs none");
    }

    @Test
    void aFillWritesItsShareOncePerPassAndIsBundled(@TempDir Path dir) {
        Path bundle = dir.resolve("b");
        StepResult r = StepSession.run(FillStep.of(opts("percent", "50", "bs", "1M")), "null",
                TargetSettings.DEFAULTS.withSizeBytes(16 * MIB + 4096), bundle, NanoClock.SYSTEM, StepListener.NONE, new ReplayControl(),
                "test");
        assertTrue(r.complete());
        assertEquals(List.of("pass-1", "pass-2"), r.runs().stream().map(StepResult.NamedRun::name).toList());
        for (ReplayResult pass : r.results()) {
            assertEquals(8, pass.summary().writes(), "50% of 16 MiB + 4 KiB in whole 1 MiB writes");
            assertEquals(8 * MIB, pass.summary().bytesWritten());
            assertEquals("fixed-qd", pass.settings().mode());
            assertEquals(32, pass.settings().qd());
            assertEquals("fill", pass.trace().format());
        }
        assertEquals(r.results().get(0).trace().sha256(), r.results().get(1).trace().sha256(), "the passes are one trace");
        assertEquals(16 * MIB, r.bytesWritten());
        Bundle b = BundleDirectory.open(bundle).read();
        assertEquals("fill", b.scenario());
        assertEquals("steps/01-fill/pass-2.json", b.steps().get(0).runs().get(1).file());
        assertEquals(16 * MIB, b.stateLog().get(0).bytesWritten());
    }

    @Test
    void aTortureRunHasAPointPerSecondOfItsDurationWithLatency() {
        StepResult r = onNull(TortureStep.of(opts("duration", "2s", "qd", "4")), 64 * MIB);
        assertTrue(r.complete(), r.stopReason());
        ReplayResult run = r.results().get(0);
        assertTrue(run.complete());
        assertEquals("time limit 2s", run.stopReason());
        List<ReplayResult.Second> series = run.timeSeries();
        // Two whole seconds, and in a third what completed after the limit: the IOs in flight, and those
        // issued before the timer thread ended the run (late by the scheduling of a loaded machine). The
        // limit counts from the clock's start, the series from the first submit just after it.
        // How late the timer thread gets to stop it is the machine's scheduling (0.4 s seen beside a busy build): the bound
        // here only tells a run stopped by its limit from one that ran on; it measures nothing.
        long overNs = run.summary().wallNs() - 2_000_000_000L;
        assertTrue(overNs > -200 * NS_PER_MS && overNs < 3_000 * NS_PER_MS, "ended at the limit: " + overNs + " ns after it");
        assertEquals((run.summary().wallNs() + 999_999_999L) / 1_000_000_000L, series.size(),
                "one point per second of the run's wall time: " + series);
        for (ReplayResult.Second s : series.subList(0, 2)) {
            assertTrue(s.writeIops() > 0 && s.meanUs() > 0 && s.maxUs() >= s.meanUs(), s.toString());
        }
        StringWriter out = new StringWriter();
        new StepTable().write(r, "null", new PrintWriter(out));
        assertTrue(out.toString().contains("seconds"), out.toString());
        StringWriter rows = new StringWriter();
        StepTable.curve(run).printRows(new PrintWriter(rows), "");
        assertEquals(List.of("0", overNs > 0 ? "1-2" : "1"), rows.toString().lines().map(l -> l.split(" ")[0]).toList(),
                "the drain second counts with the last whole one");
    }

    @Test
    void tortureUntilSteadyStopsAtTheFirstSteadyWindowOrAfter25Rounds() {
        StepResult r = onNull(TortureStep.of(opts("until", "steady", "round", "100ms", "qd", "1", "bs", "4K")), 64 * MIB);
        assertTrue(r.complete(), r.stopReason());
        SteadyState.Verdict v = r.steadyState();
        List<Double> iops = new ArrayList<>();
        r.results().forEach(x -> iops.add(x.summary().iops()));
        assertEquals(SteadyState.check(TortureStep.TRACKED, iops), v, "the verdict is the check of the rounds' IOPS");
        if (v.reached()) {
            assertEquals(v.round(), r.runs().size(), "no round after the steady one");
            assertFalse(SteadyState.check(TortureStep.TRACKED, iops.subList(0, iops.size() - 1)).reached(), "not steady a round earlier");
        } else {
            assertEquals(SteadyState.MAX_ROUNDS, r.runs().size());
        }
        assertEquals("round-1", r.runs().get(0).name());
    }

    @Test
    void roundsStopAtTheRoundWhoseWindowIsSteadyOrAt25() {
        // 1000, 800, 600, then flat: the window of rounds 4-8 is the first that is steady.
        double[] script = {1000, 800, 600, 500, 500, 500, 500, 500, 500, 500};
        List<Integer> ran = new ArrayList<>();
        SteadyState.Verdict v = TortureStep.untilSteady(round -> {
            ran.add(round);
            return script[round - 1];
        });
        assertTrue(v.reached());
        assertEquals(8, v.round());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), ran, "no round after the steady one");
        ran.clear();
        SteadyState.Verdict never = TortureStep.untilSteady(round -> {
            ran.add(round);
            return round % 2 == 0 ? 100 : 300;
        });
        assertFalse(never.reached());
        assertEquals(SteadyState.MAX_ROUNDS, ran.size());
        SteadyState.Verdict stopped = TortureStep.untilSteady(round -> round == 3 ? Double.NaN : 100);
        assertEquals(2, stopped.rounds(), "a round cut short is not counted, and ends the rounds");
        assertFalse(stopped.reached());
    }

    /**
     * A step stopped (Ctrl-C, SIGTERM) before it began (no IO issued, nothing erased, no idle time) did nothing: it
     * fails as a replay so stopped does, in the same words for every kind, and its bundle is not written.
     * 'sbench torture --target new.img --size 256M --duration 10s --out b', held with SIGSTOP as its file appeared,
     * then SIGTERM, wrote b with a torture run of 0 IOs, 'INCOMPLETE: stopped' (found by the stopedges audit); a fill,
     * a rounds-until-steady torture, an idle step and a purge so stopped each wrote a bundle of the step incomplete
     * with no run, or a purge of 0 bytes, and so did a cdm step (in 'run') stopped before its fill's first IO (found by
     * the stepbegun audit).
     */
    @Test
    void aStepStoppedBeforeItBeganIsNotRecorded(@TempDir Path dir) {
        for (Step step : List.of(TortureStep.of(opts("duration", "10s")), SweepStep.of(opts("points", "4", "op", "read")),
                FillStep.of(opts()), TortureStep.of(opts("until", "steady", "round", "1s")), IdleStep.of(opts("duration", "1h")),
                IdleStep.of(opts("duration", "1h", "probe-test", "none")), PurgeStep.of(opts()), CdmStep.of(opts("size", "8M")))) {
            ReplayControl control = new ReplayControl();
            control.requestStop("interrupted (SIGTERM)");
            Path bundle = dir.resolve(step.label().replaceAll("[^a-z0-9]", "-"));
            SbenchException e = assertThrows(SbenchException.class, () -> StepSession.run(step, "null",
                    TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), bundle, NanoClock.SYSTEM, StepListener.NONE, control, "test"),
                    step.label());
            assertEquals(ErrorKind.INTERRUPTED, e.kind(), e.getMessage());
            assertEquals("interrupted (SIGTERM) before " + step.label() + " began", e.getMessage());
            assertFalse(Files.exists(bundle.resolve(BundleDirectory.STEP_LOG)), step.label() + ": no bundle");
        }
    }

    /** A purge stopped after its first chunk changed the drive: it is recorded incomplete with what it erased. */
    @Test
    void aPurgeStoppedAfterItsFirstChunkIsRecordedIncomplete() {
        ReplayControl control = new ReplayControl();
        StepListener stopAtFirstChunk = new StepListener() {
            @Override
            public void progress(String what, Work work, long done, long total, long elapsedNs) {
                control.requestStop("interrupted (SIGTERM)");
            }
        };
        StepResult r = StepSession.run(PurgeStep.of(opts()), "null", TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), null,
                NanoClock.SYSTEM, stopAtFirstChunk, control, "test");
        assertFalse(r.complete());
        assertEquals("interrupted (SIGTERM)", r.stopReason());
        assertEquals(MIB, r.purge().lengthBytes(), "the first chunk");
    }

    @Test
    void roundsStoppedBeforeAWindowAreBundledAndReadBack(@TempDir Path dir) throws Exception {
        ReplayControl control = new ReplayControl();
        // Stopped as its first round ends, not after a fixed sleep: on a loaded machine a sleep could end before the
        // first IO ("before ... began", no bundle).
        StepListener stopAfterFirstRound = new StepListener() {
            @Override
            public void runDone(String what, ReplayResult result) {
                control.requestStop("interrupted (SIGTERM)");
            }
        };
        Path bundle = dir.resolve("b");
        StepResult r = StepSession.run(TortureStep.of(opts("until", "steady", "round", "100ms", "qd", "1")), "null",
                TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), bundle, NanoClock.SYSTEM, stopAfterFirstRound, control, "test");
        assertFalse(r.complete());
        assertEquals("interrupted (SIGTERM)", r.stopReason());
        assertTrue(r.steadyState().rounds() < SteadyState.WINDOW && Double.isNaN(r.steadyState().mean()));
        SteadyState.Verdict read = BundleDirectory.open(bundle).read().steps().get(0).steadyState();
        assertEquals(r.steadyState().rounds(), read.rounds());
        assertTrue(Double.isNaN(read.mean()), "no window yet: NaN, written and read back");
        String stepLog = Files.readString(bundle.resolve(BundleDirectory.STEP_LOG));
        assertTrue(stepLog.contains("\"mean\":null") && stepLog.contains("\"slopeExcursion\":null") && !stepLog.contains("NaN"),
                "no window yet: null in JSON, never the string \"NaN\": " + stepLog);
        assertEquals(r.runs().size(), BundleDirectory.open(bundle).read().steps().get(0).runs().size());
    }

    @Test
    void aSweepHasAPointAtEachComputedOffset() {
        StepResult r = onNull(SweepStep.of(opts("points", "8", "per-point", "1M", "bs", "256K")), 64 * MIB);
        assertTrue(r.complete());
        assertEquals(8, r.sweep().size());
        long[] offsets = SweepStep.offsets(64 * MIB, 8, MIB, 512);
        long[] seen = r.sweep().stream().mapToLong(StepResult.SweepPoint::offsetBytes).toArray();
        assertArrayEquals(offsets, seen);
        assertEquals(63 * MIB, seen[7]);
        ReplayResult run = r.results().get(0);
        assertEquals(32, run.summary().reads());
        assertEquals(8, run.phases().size());
        assertEquals(4, run.phases().get(3).ios());
        assertTrue(r.sweep().stream().allMatch(p -> p.lengthBytes() == MIB && p.mbps() > 0));
        SbenchException e = assertThrows(SbenchException.class,
                () -> onNull(SweepStep.of(opts("points", "100", "per-point", "1M")), 64 * MIB));
        assertEquals("--points 100 of --per-point 1M do not fit in null (67108864 bytes); give fewer points or a smaller --per-point",
                e.getMessage());
        assertEquals(10 * 64 * 1024, onNull(SweepStep.of(opts("points", "100", "bs", "64K")), 64 * MIB).sweep().get(0)
                .lengthBytes(), "auto: as many whole --bs IOs as fit (10 of 64K in 64M / 100)");
        assertEquals("sweep read, 1 point, 1M at QD 1", SweepStep.of(opts("points", "1")).label());
        assertEquals("sweep read, 2 points, 1M at QD 1", SweepStep.of(opts("points", "2")).label());
    }

    /**
     * An automatic point size is a whole number of {@code --bs} IOs, so the run is what its definition says: sequential IOs of
     * {@code --bs} (until 2026-12-06 a 200-point sweep of 256K on 256 MiB ended each point in one IO of 28K: 1,000 IOs of
     * 256K and 200 of 28K). A point of less than one {@code --bs} IO (a tiny target) is one IO of its size, and the run's
     * definition says so.
     */
    @Test
    void anAutomaticPointIsAWholeNumberOfBsIos() {
        StepResult r = onNull(SweepStep.of(opts("points", "200", "bs", "256K", "op", "write")), 256 * MIB);
        assertTrue(r.sweep().stream().allMatch(p -> p.lengthBytes() == 5 * 256 * 1024), "5 IOs of 256K in 256M / 200");
        assertEquals(1000, r.results().get(0).summary().writes());
        assertTrue(r.results().get(0).trace().path().endsWith("1310720 B at each in sequential 262144 B writes at QD 1"),
                r.results().get(0).trace().path());
        StepResult tiny = onNull(SweepStep.of(opts("points", "100")), 64 * MIB);
        assertEquals(100, tiny.results().get(0).summary().reads(), "one IO a point");
        assertTrue(tiny.results().get(0).trace().path().endsWith("670720 B at each in sequential 670720 B reads at QD 1"),
                tiny.results().get(0).trace().path());
    }

    @Test
    void idleProbesAtItsTimesAndAStopEndsTheWaitAtOnce() throws Exception {
        StepResult r = onNull(IdleStep.of(opts("duration", "600ms", "probe", "300ms", "probe-duration", "50ms", "probe-qd", "1")),
                64 * MIB);
        assertTrue(r.complete());
        assertEquals(List.of("probe-0", "probe-300ms", "probe-600ms"), r.runs().stream().map(StepResult.NamedRun::name).toList());
        assertTrue(r.durationNs() >= 750 * NS_PER_MS, "600 ms idle and three 50 ms probes: " + r.durationNs());
        assertTrue(r.results().stream().allMatch(x -> x.summary().writes() > 0 && "time limit 50ms".equals(x.stopReason())));

        ReplayControl control = new ReplayControl();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            control.requestStop("interrupted (SIGINT)");
        });
        long startNs = System.nanoTime();
        stopper.start();
        StepResult stopped = StepSession.run(IdleStep.of(opts("duration", "1h", "probe-test", "none")), "null",
                TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), null, NanoClock.SYSTEM, StepListener.NONE, control, "test");
        long tookMs = (System.nanoTime() - startNs) / NS_PER_MS;
        stopper.join();
        assertFalse(stopped.complete());
        assertEquals("interrupted (SIGINT)", stopped.stopReason());
        // Not a timing check: without the stop the wait would last an hour; this only tells a hang from an end.
        assertTrue(tookMs < 60_000, "the hour's wait ended at the stop: " + tookMs + " ms");
    }

    /**
     * Idle time runs from a probe's last completion to the next probe's first issue: the clock jumps an hour when a
     * probe's result is done (the step's bookkeeping after its IO) and when the next probe is made (its run listener
     * asked for), so each wait, at its first look, has already idled two hours past the probe before it. A wait counted
     * from the end of the bookkeeping, or a probe made after the wait, would first see under a second. A probe starts
     * after its wait: its line was printed as it was made, before the wait.
     */
    @Test
    void idleTimeCountsFromTheLastCompletionAndTheNextProbeIsMadeDuringIt() {
        long hourNs = 3_600_000_000_000L;
        AtomicLong skewNs = new AtomicLong();
        NanoClock clock = () -> System.nanoTime() + skewNs.get();
        List<Long> firstLooks = new ArrayList<>();
        List<String> order = new ArrayList<>();
        StepListener listener = new StepListener() {
            private boolean waiting;

            @Override
            public ReplayListener run(String what, long timeLimitNs) {
                skewNs.addAndGet(hourNs);
                order.add("make " + what);
                waiting = false;
                return ReplayListener.NONE;
            }

            @Override
            public void runStarts(String what) {
                order.add("start " + what);
            }

            @Override
            public void runDone(String what, ReplayResult result) {
                skewNs.addAndGet(hourNs);
                order.add("done " + what);
            }

            @Override
            public void progress(String what, Work work, long done, long total, long elapsedNs) {
                if (!waiting) {
                    waiting = true;
                    firstLooks.add(elapsedNs);
                    order.add("wait");
                }
            }
        };
        StepResult r = StepSession.run(IdleStep.of(opts("duration", "600ms", "probe", "300ms", "probe-duration", "20ms", "probe-qd",
                "1")), "null", TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), null, clock, listener, new ReplayControl(), "test");
        assertTrue(r.complete());
        assertEquals(List.of("probe-0", "probe-300ms", "probe-600ms"), r.runs().stream().map(StepResult.NamedRun::name).toList());
        assertEquals(List.of("make probe 1 of 3 (after 0 idle)", "start probe 1 of 3 (after 0 idle)", "done probe 1 of 3 (after 0 idle)",
                "make probe 2 of 3 (after 300ms idle)", "wait", "start probe 2 of 3 (after 300ms idle)",
                "done probe 2 of 3 (after 300ms idle)", "make probe 3 of 3 (after 600ms idle)", "wait",
                "start probe 3 of 3 (after 600ms idle)", "done probe 3 of 3 (after 600ms idle)"), order);
        assertEquals(2, firstLooks.size());
        for (int i = 0; i < 2; i++) {
            assertTrue(firstLooks.get(i) >= i * 300 * NS_PER_MS + 2 * hourNs, "wait " + (i + 1) + " first idled " + firstLooks.get(i));
        }
    }

    /**
     * A wait ends on the clock's {@link NanoClock#waitUntil} at its deadline (the last completion plus the idle time asked),
     * which spins the last part, not on a sleep that ends late by a wake-up; its last progress and the next probe's line are
     * shown before that, so that after the deadline only the probe's first IO remains: printed after it, the line held the
     * first IO back 0.12-0.23 ms (bench/RESULTS.md, "The idle wait's end to the first IO").
     */
    @Test
    void aWaitEndsAtItsDeadlineThroughTheClockWithItsLastProgressAndTheProbesLineShownBefore() {
        List<String> order = new ArrayList<>();
        AtomicBoolean waiting = new AtomicBoolean();
        NanoClock clock = new NanoClock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void waitUntil(long deadlineNs) {
                if (waiting.get()) {
                    order.add("wait until " + deadlineNs);
                }
                NanoClock.super.waitUntil(deadlineNs);
            }
        };
        AtomicLong firstIoNs = new AtomicLong();
        StepListener listener = new StepListener() {
            @Override
            public ReplayListener run(String what, long timeLimitNs) {
                return FirstIoListener.of(ns -> {
                    waiting.set(false);
                    firstIoNs.set(ns);
                    order.add("first IO");
                }, ReplayListener.NONE);
            }

            @Override
            public void runStarts(String what) {
                order.add("start " + what);
            }

            @Override
            public void runDone(String what, ReplayResult result) {
                waiting.set(true);
                order.add("done, wait until " + (firstIoNs.get() + result.summary().wallNs() + 300 * NS_PER_MS));
            }

            @Override
            public void progress(String what, Work work, long done, long total, long elapsedNs) {
                if (done == 300 * NS_PER_MS) {
                    order.add("waited");
                }
            }
        };
        StepResult r = StepSession.run(IdleStep.of(opts("duration", "300ms", "probe", "300ms", "probe-duration", "20ms", "probe-qd",
                "1")), "null", TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), null, clock, listener, new ReplayControl(), "test");
        assertTrue(r.complete());
        String deadline = order.get(2).substring("done, ".length());
        assertEquals(List.of("start probe 1 of 2 (after 0 idle)", "first IO", "done, " + deadline, "waited",
                "start probe 2 of 2 (after 300ms idle)", deadline, "first IO"), order.subList(0, 7));
    }

    /**
     * A probe a stop during its wait prevents is made (during the wait) but never starts: also when the wait's first look
     * is its last slice (a 30 ms interval, under the 50 ms slice), where the probe's line is shown before the wait ends.
     */
    @ParameterizedTest
    @CsvSource({"600ms, 300ms", "60ms, 30ms"})
    void aProbeStoppedInItsWaitDoesNotStart(String duration, String interval) {
        ReplayControl control = new ReplayControl();
        List<String> order = new ArrayList<>();
        StepListener listener = new StepListener() {
            @Override
            public ReplayListener run(String what, long timeLimitNs) {
                order.add("make " + what);
                return ReplayListener.NONE;
            }

            @Override
            public void runStarts(String what) {
                order.add("start " + what);
            }

            @Override
            public void progress(String what, Work work, long done, long total, long elapsedNs) {
                control.requestStop("interrupted (SIGINT)");
            }
        };
        StepResult r = StepSession.run(IdleStep.of(opts("duration", duration, "probe", interval, "probe-duration", "20ms", "probe-qd",
                "1")), "null", TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), null, NanoClock.SYSTEM, listener, control, "test");
        assertEquals("interrupted (SIGINT)", r.stopReason());
        assertEquals(List.of("make probe 1 of 3 (after 0 idle)", "start probe 1 of 3 (after 0 idle)",
                "make probe 2 of 3 (after " + interval + " idle)"), order);
    }

    @Test
    void aPurgeOfAFileZerosItsRangeAndLeavesTheRest(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.img");
        byte[] content = new byte[(int) (8 * MIB)];
        java.util.Arrays.fill(content, (byte) 0xAB);
        Files.write(file, content);
        TargetSettings writable = TargetSettings.DEFAULTS.withAllowWrite(true);
        List<String> notes = new ArrayList<>();
        StepListener listener = new StepListener() {
            @Override
            public void note(String line) {
                notes.add(line);
            }
        };
        for (String method : new String[] {"trim", "zero"}) {
            java.util.Arrays.fill(content, (byte) 0xAB);
            Files.write(file, content);
            StepResult r = StepSession.run(PurgeStep.of(opts("method", method, "range", "1M:2M")), file.toString(), writable, null,
                    NanoClock.SYSTEM, listener, new ReplayControl(), "test");
            assertTrue(r.complete());
            assertEquals(method.equals("trim") ? "punch-hole" : "zero-range", r.purge().method());
            assertEquals(MIB, r.purge().offsetBytes());
            assertEquals(2 * MIB, r.purge().lengthBytes());
            assertEquals(method.equals("zero") ? 2 * MIB : 0, r.bytesWritten());
            byte[] after = Files.readAllBytes(file);
            for (int i = 0; i < after.length; i++) {
                byte expected = i >= MIB && i < 3 * MIB ? 0 : (byte) 0xAB;
                if (after[i] != expected) {
                    throw new AssertionError(method + ": byte " + i + " is " + after[i]);
                }
            }
        }
        assertTrue(notes.get(0).startsWith("purge destroys the data on file " + file + " (8.39 MB): trim (fallocate(PUNCH_HOLE|KEEP_SIZE))"
                + " of 2,097,152 bytes from byte 1,048,576"), notes.get(0));
        SbenchException e = assertThrows(SbenchException.class, () -> StepSession.run(PurgeStep.of(opts("method", "secure-trim")),
                file.toString(), writable, null, NanoClock.SYSTEM, listener, new ReplayControl(), "test"));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("file " + file + " has no secure discard; use --method trim, or --method zero", e.getMessage());
        e = assertThrows(SbenchException.class, () -> StepSession.run(PurgeStep.of(opts("range", "7M:2M")), file.toString(), writable,
                null, NanoClock.SYSTEM, listener, new ReplayControl(), "test"));
        assertEquals("--range 7M:2M reaches past the end of " + file + " (8388608 bytes)", e.getMessage());
        e = assertThrows(SbenchException.class, () -> StepSession.run(PurgeStep.of(opts("range", "8M:")), file.toString(), writable,
                null, NanoClock.SYSTEM, listener, new ReplayControl(), "test"));
        assertEquals("--range 8M: is empty: it starts at the end of " + file + " (8388608 bytes)", e.getMessage());
    }

    @Test
    void aPurgeOfTheNullTargetGoesInChunksToItsEnd() {
        StepResult r = onNull(PurgeStep.of(Map.of()), 1L << 40);
        assertEquals(new StepResult.PurgeSummary("trim", 0, 1L << 40, r.purge().chunks(), null), r.purge());
        assertTrue(r.purge().chunks() > 1 && r.purge().chunks() < 1000, "chunks grow while they are fast: " + r.purge().chunks());
    }

    @Test
    void aStepThatFailsLeavesNoBundle(@TempDir Path dir) throws Exception {
        Path bundle = dir.resolve("b");
        Path given = Files.createDirectory(dir.resolve("given"));
        for (Path b : new Path[] {bundle, given}) {
            assertThrows(SbenchException.class, () -> StepSession.run(SweepStep.of(opts("points", "10", "per-point", "1G")), "null",
                    TargetSettings.DEFAULTS.withSizeBytes(64 * MIB), b, NanoClock.SYSTEM, StepListener.NONE, new ReplayControl(), "t"));
        }
        assertFalse(Files.exists(bundle), "nothing left, not even the bundle directory it made");
        assertEquals(0, given.toFile().list().length, "nothing left in the empty directory it was given");
    }
}
