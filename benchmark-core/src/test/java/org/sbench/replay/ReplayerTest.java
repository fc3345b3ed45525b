package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;
import org.sbench.data.WritePattern;
import org.sbench.data.ZeroPattern;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.ListReader;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/** The replay loop against a simulated device and a manual clock: exact times, depths and order. */
class ReplayerTest {
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    static IoRecord io(long issueNs, long completeNs, Op op, long offset, int qd) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.completeNs = completeNs;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = op == Op.FLUSH ? 0 : 4096;
        r.qd = qd;
        return r;
    }

    static TraceReader listOf(List<IoRecord> records) {
        return listOf(records, List.of());
    }

    static TraceReader listOf(List<IoRecord> records, List<PhaseMarker> phases) {
        return new ListReader(TraceInfo.of("test", EnumSet.of(Field.COMPLETE, Field.QD)).withPhases(phases), records);
    }

    record Run(MetricsRecorder metrics, SimulatedEngine engine, Replayer.Outcome outcome, ManualClock clock) {
    }

    static Run replay(List<IoRecord> trace, Scheduler scheduler, int depth, java.util.function.ToLongFunction<org.sbench.engine.IoSlot> latency) {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(depth, clock, latency);
        MetricsRecorder metrics = new MetricsRecorder(0);
        Replayer r = replayer(trace, scheduler, engine, new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE, new ReplayControl());
        return new Run(metrics, engine, r.run(), clock);
    }

    /** A replayer of {@code trace} with no mapping beyond 512-byte alignment, stopping at the first IO error, reaping by waiting. */
    static Replayer replayer(List<IoRecord> trace, Scheduler scheduler, SimulatedEngine engine, WritePattern pattern,
            MetricsRecorder metrics, ManualClock clock, ReplayListener listener, ReplayControl control) {
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0);
        return new Replayer(listOf(trace), mapper, scheduler, engine, pattern, metrics, clock, listener, control,
                Replayer.OnError.STOP, trace.size(), trace.size(), false);
    }

    /** {@code n} 4 KiB reads, one per ns, without recorded times or depth. */
    static List<IoRecord> reads(int n) {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            trace.add(io(i, IoRecord.NO_TIME, Op.READ, 0, 0));
        }
        return trace;
    }

    @Test
    void aPollerSleepsInTheKernelForCompletionsFarApartAndPollsForNearOnes() {
        // The simulated device completes the IOs submitted together at once: 200 / depth waits, the
        // first polled (no pace known yet).
        assertEquals(0, blockingReaps(4, 5), "4 in flight, a completion every 1.25 us: polled for");
        assertEquals(49, blockingReaps(4, 1000), "1 ms IOs, 4 in flight: every later wait slept until the completions");
        assertEquals(0, blockingReaps(1, 50), "one 50 us IO at a time: polled for, a wake-up would idle the device");
        assertEquals(199, blockingReaps(1, 1000), "one 1 ms IO at a time: slept for");
    }

    private static int blockingReaps(int depth, long latencyUs) {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(depth, clock, s -> latencyUs * 1_000);
        List<IoRecord> trace = reads(200);
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0);
        Replayer r = new Replayer(listOf(trace), mapper, new FixedQdScheduler(depth), engine, new ZeroPattern(1 << 20),
                new MetricsRecorder(0), clock, ReplayListener.NONE, new ReplayControl(), Replayer.OnError.STOP, trace.size(), trace.size(), true);
        assertEquals(200, r.run().replayed());
        return engine.blockingReaps;
    }

    @Test
    void fixedQdKeepsExactlyNOutstanding() {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            trace.add(io(i, IoRecord.NO_TIME, Op.READ, i * 4096L, IoRecord.NO_QD));
        }
        Run run = replay(trace, new FixedQdScheduler(2), 8, s -> 100 * US);
        List<SimulatedEngine.Submit> s = run.engine().submits;
        assertEquals(List.of(0L, 0L, 100 * US, 100 * US), s.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(List.of(1, 2, 1, 2), s.stream().map(SimulatedEngine.Submit::inFlightAfter).toList());
        assertEquals(200 * US, run.metrics().all().busyNs());
        assertEquals(200 * US, run.metrics().wallNs());
        assertEquals(2, run.metrics().qdReplayed().count(2));
        assertEquals(4, run.metrics().op(Op.READ).ios());
        assertTrue(run.outcome().complete());
    }

    @Test
    void perOpBusyTimeIsTheUnionOfThatOpsIntervals() {
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1, IoRecord.NO_TIME, Op.WRITE, 4096, 0),
                io(2, IoRecord.NO_TIME, Op.READ, 8192, 0));
        Run run = replay(trace, new FixedQdScheduler(2), 8, s -> s.op == Op.READ ? 100 * US : 300 * US);
        assertEquals(300 * US, run.metrics().all().busyNs());
        assertEquals(200 * US, run.metrics().op(Op.READ).busyNs());
        assertEquals(300 * US, run.metrics().op(Op.WRITE).busyNs());
        assertEquals(8192, run.metrics().op(Op.READ).bytes());
        assertEquals(100 * US, run.metrics().op(Op.READ).latency().getMaxValue(), 100 * US / 1000.0);
    }

    @Test
    void recordedQdReproducesIdleGapsCappedAtMaxIdle() {
        List<IoRecord> trace = List.of(
                io(0, 100, Op.READ, 0, 1),
                io(50, 120, Op.READ, 4096, 2),                              // issued while IO 0 outstanding
                io(10 * MS, 10 * MS + 200, Op.WRITE, 8192, 1),             // after ~10 ms of recorded idle
                io(110 * MS + 200, 110 * MS + 300, Op.READ, 12288, 1));    // after 100 ms: capped at 25 ms
        Run run = replay(trace, new RecordedQdScheduler(25 * MS, 0), 8, s -> 1 * US);
        List<Long> submits = run.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList();
        long gap1 = 10 * MS - 120;
        assertEquals(List.of(0L, 0L, 1 * US + gap1, 2 * US + gap1 + 25 * MS), submits);
        assertEquals(3 * US, run.metrics().all().busyNs());
        assertEquals(3 * US + gap1 + 25 * MS, run.metrics().wallNs());
        assertEquals(0.0, run.metrics().qdReplayed().totalVariationDistance(run.metrics().qdRecorded()), 1e-12);

        Run noIdle = replay(trace, new RecordedQdScheduler(0, 0), 8, s -> 1 * US);
        assertEquals(List.of(0L, 0L, 1 * US, 2 * US),
                noIdle.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());

        Run kept = replay(trace, new RecordedQdScheduler(ReplayMode.RecordedQd.NO_IDLE_CAP, 0), 8, s -> 1 * US);
        long gap2 = 110 * MS + 200 - (10 * MS + 200);
        assertEquals(List.of(0L, 0L, 1 * US + gap1, 2 * US + gap1 + gap2),
                kept.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList(), "--max-idle none: every gap in full");
    }

    @Test
    void aReadOnlyReplayKeepsTheIdleOfTheRecordingWhoseWritesItLeavesOut() {
        // The recorded device was busy with the write until 20 ms: the read at 30 ms followed 10 ms of
        // idle, not the 28 ms since the read before it completed (found by the modes audit).
        List<IoRecord> trace = List.of(
                io(0, 20 * MS, Op.WRITE, 0, 1),
                io(1 * MS, 2 * MS, Op.READ, 4096, 2),
                io(30 * MS, 31 * MS, Op.READ, 8192, 1),
                io(40 * MS, 45 * MS, Op.TRIM, 12288, 1),
                io(41 * MS, 42 * MS, Op.READ, 16384, 2),
                io(60 * MS, 61 * MS, Op.READ, 20480, 1));
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(8, clock, s -> 1 * US);
        TraceMapper readOnly = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, true, 0);
        new Replayer(listOf(trace), readOnly, new RecordedQdScheduler(ReplayMode.RecordedQd.NO_IDLE_CAP, 0), engine,
                new ZeroPattern(1 << 20), new MetricsRecorder(0), clock, ReplayListener.NONE, new ReplayControl(),
                Replayer.OnError.STOP, 6, 4, false).run();
        assertEquals(List.of(0L, 1 * US + 10 * MS, 1 * US + 10 * MS, 2 * US + 10 * MS + 15 * MS),
                engine.submits.stream().map(SimulatedEngine.Submit::submitNs).toList(),
                "idle 10 ms after the write's completion, none before the read issued while the trim ran, 15 ms after the trim's");
    }

    @Test
    void recordedQdNeverExceedsTheRecordedDepthAndKeepsOrder() {
        List<IoRecord> trace = new ArrayList<>();
        int[] qds = {1, 2, 3, 3, 1, 4, 2, 5, 5, 1};
        for (int i = 0; i < qds.length; i++) {
            trace.add(io(i * 10L, i * 10L + 5, i % 2 == 0 ? Op.READ : Op.WRITE, i * 4096L, qds[i]));
        }
        Run run = replay(trace, new RecordedQdScheduler(0, 0), 8, s -> (s.tag % 3 + 1) * US);
        List<SimulatedEngine.Submit> s = run.engine().submits;
        for (int i = 0; i < qds.length; i++) {
            assertEquals(i, s.get(i).tag(), "trace order");
            assertEquals(i * 4096L, s.get(i).offsetBytes());
            assertTrue(s.get(i).inFlightAfter() <= qds[i], "IO " + i + " at depth " + s.get(i).inFlightAfter());
        }
        assertEquals(0, run.metrics().outOfOrder());
        assertEquals(qds.length, run.metrics().issued());
    }

    @Test
    void timedModeSubmitsOnScheduleAtTheSpeedFactor() {
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1 * MS, IoRecord.NO_TIME, Op.READ, 4096, 0),
                io(1 * MS, IoRecord.NO_TIME, Op.WRITE, 8192, 0), io(9 * MS, IoRecord.NO_TIME, Op.READ, 0, 0));
        Run run = replay(trace, new TimedScheduler(2.0, 32), 32, s -> 5 * MS);
        assertEquals(List.of(0L, 500 * US, 500 * US, 4500 * US),
                run.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(1, run.metrics().qdReplayed().count(4), "open loop: the last IO goes while three are out");
        assertEquals(4, run.metrics().lateness().getTotalCount());
        assertTrue(run.metrics().lateness().getMaxValue() <= 1, "on time on a manual clock");
    }

    /**
     * The IOs of {@code --stream 1}, whose first is 2 s into the trace (stream 0's went before): timed
     * mode waited those 2 s before its first IO (hours, for a stream that begins hours in), which no
     * figure showed, as wall time begins at the first submit.
     */
    @Test
    void timedModeBeginsAtTheFirstIoReplayed() {
        List<IoRecord> stream = List.of(io(2_000 * MS, IoRecord.NO_TIME, Op.READ, 0, 0), io(2_003 * MS, IoRecord.NO_TIME, Op.READ, 4096, 0));
        Run run = replay(stream, new TimedScheduler(1.0, 32), 32, s -> 1 * MS);
        assertEquals(List.of(0L, 3 * MS), run.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertTrue(run.metrics().lateness().getMaxValue() <= 1, "on time on a manual clock");
    }

    @Test
    void aPatternTheSameForEveryWriteIsFilledAgainOnlyAfterAReadOrForALongerWrite() {
        // One slot: W 4 KiB (filled), W 4 KiB (still zeros: skipped), R (reads 0x5a into it), W (filled
        // again), W 8 KiB (longer than the zeros there: filled), W 4 KiB (skipped).
        List<IoRecord> trace = new ArrayList<>(List.of(io(0, IoRecord.NO_TIME, Op.WRITE, 0, 0), io(1, IoRecord.NO_TIME, Op.WRITE, 0, 0),
                io(2, IoRecord.NO_TIME, Op.READ, 0, 0), io(3, IoRecord.NO_TIME, Op.WRITE, 0, 0)));
        IoRecord longer = io(4, IoRecord.NO_TIME, Op.WRITE, 0, 0);
        longer.lengthBytes = 8192;
        trace.add(longer);
        trace.add(io(5, IoRecord.NO_TIME, Op.WRITE, 0, 0));
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(1, clock, s -> 10 * US).withReadData((byte) 0x5a);
        ZeroPattern zeros = new ZeroPattern(1 << 20);
        List<Integer> filled = new ArrayList<>();
        WritePattern counting = new WritePattern() {
            @Override
            public String name() {
                return zeros.name();
            }

            @Override
            public void fill(java.nio.ByteBuffer buffer, int lengthBytes, long writeIndex) {
                if (writeIndex >= 0) { // not the warm-up's fills
                    filled.add((int) writeIndex);
                }
                zeros.fill(buffer, lengthBytes, writeIndex);
            }

            @Override
            public boolean sameForEveryWrite() {
                return true;
            }
        };
        Replayer.Outcome o = replayer(trace, new FixedQdScheduler(1), engine, counting, new MetricsRecorder(0), clock,
                ReplayListener.NONE, new ReplayControl()).run();
        assertTrue(o.complete());
        assertEquals(List.of(0, 2, 3), filled, "write indexes filled");
        java.nio.ByteBuffer b = engine.slots()[0].buffer;
        for (int i = 0; i < 8192; i++) {
            assertEquals(0, b.get(i), "byte " + i + " of the last write");
        }
    }

    /** Write data that takes {@code fillNs} of the manual clock to fill. */
    static WritePattern slowFill(ManualClock clock, long fillNs) {
        return new WritePattern() {
            @Override
            public String name() {
                return "slow";
            }

            @Override
            public void fill(java.nio.ByteBuffer buffer, int lengthBytes, long writeIndex) {
                clock.advanceTo(clock.now + fillNs);
            }
        };
    }

    static List<Long> submitTimesFromFirst(SimulatedEngine engine) {
        long first = engine.submits.get(0).submitNs();
        return engine.submits.stream().map(s -> s.submitNs() - first).toList();
    }

    @Test
    void writeDataOfABurstIsFilledBeforeTheBurstIsDue() {
        // 32 reads take every slot at the start; the burst's slots come free 1 ms in, 4 ms before it is due.
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            trace.add(io(0, IoRecord.NO_TIME, Op.READ, i * 4096L, 0));
        }
        for (int i = 0; i < 8; i++) {
            trace.add(io(5 * MS, IoRecord.NO_TIME, Op.WRITE, (i + 32) * 4096L, 0));
        }
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 1 * MS);
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(trace, new TimedScheduler(1.0, 32), engine, slowFill(clock, 100 * US), metrics, clock, ReplayListener.NONE,
                new ReplayControl()).run();
        // 8 fills of 100 us fit between 1 ms and 5 ms: filled ahead, all 8 go at 5 ms, none late.
        List<Long> expected = new ArrayList<>(java.util.Collections.nCopies(32, 0L));
        expected.addAll(java.util.Collections.nCopies(8, 5 * MS));
        assertEquals(expected, submitTimesFromFirst(engine));
        assertTrue(metrics.lateness().getMaxValue() <= 1, "no IO late");
    }

    @Test
    void theFirstIosAreReadyBeforeTheClockStarts() {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            trace.add(io(i * US, IoRecord.NO_TIME, Op.WRITE, i * 4096L, 0));
        }
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 1 * MS);
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(trace, new TimedScheduler(1.0, 32), engine, slowFill(clock, 100 * US), metrics, clock, ReplayListener.NONE,
                new ReplayControl()).run();
        // Filled while the clock had not started: a write a µs after another goes a µs after it.
        assertEquals(List.of(0L, 1 * US, 2 * US, 3 * US, 4 * US, 5 * US, 6 * US, 7 * US), submitTimesFromFirst(engine));
        assertTrue(metrics.lateness().getMaxValue() <= 1, "no IO late");
    }

    /**
     * The listener hears the start after the warm-up and after whatever else comes before the first
     * IO (cold code: 50 ms seen on a loaded machine), at the first IO's time stamp, so that a time
     * limit counts IO time only.
     */
    @Test
    void theListenerHearsTheStartAtTheFirstSubmitAfterTheWarmUpAndColdCode() {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            trace.add(io(0, IoRecord.NO_TIME, Op.WRITE, i * 4096L, 0));
        }
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 1 * MS);
        Scheduler fixed = new FixedQdScheduler(8);
        Scheduler coldFirstCall = new Scheduler() {
            private boolean cold = true;

            @Override
            public void start(long startNs) {
                fixed.start(startNs);
            }

            @Override
            public int depthFor(IoRecord r) {
                return fixed.depthFor(r);
            }

            @Override
            public long notBeforeNs(IoRecord r, long idleSinceNs) {
                if (cold) {
                    clock.advanceTo(clock.now + 50 * MS);
                    cold = false;
                }
                return fixed.notBeforeNs(r, idleSinceNs);
            }

            @Override
            public void submitted(IoRecord r) {
                fixed.submitted(r);
            }
        };
        List<Long> started = new ArrayList<>();
        List<Long> firstIo = new ArrayList<>();
        ReplayListener listener = new ReplayListener() {
            @Override
            public void started(long startNs) {
                started.add(startNs);
            }

            @Override
            public void firstIo(long submitNs) {
                firstIo.add(submitNs);
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            }
        };
        replayer(trace, coldFirstCall, engine, slowFill(clock, 100 * US), new MetricsRecorder(0), clock, listener,
                new ReplayControl()).run();
        // 64 warm-up fills of a 1 MiB slot buffer (64 MiB) and the 8 writes' data, 100 us each, then the cold code.
        assertEquals(List.of((64 + 8) * 100 * US + 50 * MS), started);
        assertEquals(started.get(0), engine.submits.get(0).submitNs());
        assertEquals(started, firstIo, "heard once, with the first IO's stamp");
    }

    /** Reads due at 0, 2, 3.5 and 4 ms with {@code op} due at 1 ms, replayed in timed mode on {@code engine}. */
    private static MetricsRecorder timedAround(Op op, SimulatedEngine engine, ManualClock clock) {
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1 * MS, IoRecord.NO_TIME, op, 0, 0),
                io(2 * MS, IoRecord.NO_TIME, Op.READ, 4096, 0), io(3500 * US, IoRecord.NO_TIME, Op.READ, 8192, 0),
                io(4 * MS, IoRecord.NO_TIME, Op.READ, 12288, 0));
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(trace, new TimedScheduler(1.0, 32), engine, new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE,
                new ReplayControl()).run();
        assertEquals(5, metrics.lateness().getTotalCount());
        return metrics;
    }

    @Test
    void latenessTellsTheIosThatWaitedForASynchronousFlushFromTheOthers() {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 100 * US).withFlushesAndTrimsInCommit(2 * MS);
        MetricsRecorder metrics = timedAround(Op.FLUSH, engine, clock);
        // The flush holds the replay from 1 ms to 3 ms: the read due at 2 ms goes at 3 ms; the rest are on time.
        assertEquals(List.of(0L, 1 * MS, 3 * MS, 3500 * US, 4 * MS), submitTimesFromFirst(engine));
        assertEquals(1 * MS, metrics.lateness().getMaxValue(), 1 * MS / 1000.0);
        assertEquals(4, metrics.latenessNotBehindSync().getTotalCount(), "one IO fell due during the flush");
        assertTrue(metrics.latenessNotBehindSync().getMaxValue() <= 1, "the others on time");
    }

    @Test
    void latenessTellsTheIosThatWaitedForAQueuedTrimsOverlapsFromTheOthers() {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 100 * US).withWaitBeforeTrims(2 * MS);
        MetricsRecorder metrics = timedAround(Op.TRIM, engine, clock);
        // The trim waits from 1 ms to 3 ms and goes at 3 ms; the read due at 2 ms goes right after; the rest are on time.
        List<Long> submits = submitTimesFromFirst(engine);
        assertEquals(List.of(0L, 3 * MS), submits.subList(0, 2));
        assertTrue(submits.get(2) >= 3 * MS && submits.get(2) < 3100 * US, "the read due during the wait: " + submits);
        assertEquals(List.of(3500 * US, 4 * MS), submits.subList(3, 5));
        assertEquals(3, metrics.latenessNotBehindSync().getTotalCount(), "the trim and the read due during its wait waited");
        assertTrue(metrics.latenessNotBehindSync().getMaxValue() <= 1, "the others on time");
    }

    @Test
    void anIoBetweenTwoFlushesOfOneCommitCountsBehindTheFirst() {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(32, clock, s -> 100 * US).withFlushesAndTrimsInCommit(1 * MS);
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.FLUSH, 0, 0), io(0, IoRecord.NO_TIME, Op.READ, 0, 0),
                io(0, IoRecord.NO_TIME, Op.FLUSH, 0, 0), io(0, IoRecord.NO_TIME, Op.READ, 4096, 0));
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(trace, new TimedScheduler(1.0, 32), engine, new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE,
                new ReplayControl()).run();
        // One commit: the first flush runs from 0 to 1 ms, the read and the second flush go at 1 ms, the last read at 2 ms.
        assertEquals(List.of(0L, 1 * MS, 1 * MS, 2 * MS), submitTimesFromFirst(engine));
        assertEquals(4, metrics.lateness().getTotalCount());
        assertEquals(1, metrics.latenessNotBehindSync().getTotalCount(), "all but the first flush fell due before a flush ended and went after it");
    }

    @Test
    void aSynchronousFlushCompletesInTheBusyTimeBeforeTheIosSubmittedAfterIt() {
        // The flush runs from 0 to 1 ms inside commit; the writes due at 1 ms go at 1.01 ms (the last
        // one's data is filled after the flush) and take 100 us. Busy: 1 ms + 100 us, not the 10 us between.
        List<IoRecord> trace = new ArrayList<>();
        trace.add(io(0, IoRecord.NO_TIME, Op.FLUSH, 0, 0));
        for (int i = 0; i < 64; i++) {
            trace.add(io(1 * MS, IoRecord.NO_TIME, Op.WRITE, i * 4096L, 0));
        }
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(128, clock, s -> 100 * US).withFlushesAndTrimsInCommit(1 * MS);
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(trace, new TimedScheduler(1.0, 128), engine, slowFill(clock, 10 * US), metrics, clock, ReplayListener.NONE,
                new ReplayControl()).run();
        assertEquals(1010 * US, submitTimesFromFirst(engine).get(64), "the last write");
        assertEquals(1100 * US, metrics.all().busyNs());
    }

    @Test
    void theDepthSeenAtSubmitLeavesOutWhatCompletedInsideCommitBeforeIt() {
        // Flushes run one after the other inside one commit: each finds none of the others in flight,
        // as a tracefs capture of a loop device showed (found by the modes audit: fixed-qd 4 reported
        // an average depth of 2.2 for five flushes the device took one at a time).
        List<IoRecord> flushes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            flushes.add(io(i, IoRecord.NO_TIME, Op.FLUSH, 0, 0));
        }
        ManualClock clock = new ManualClock();
        MetricsRecorder metrics = new MetricsRecorder(0);
        replayer(flushes, new FixedQdScheduler(4), new SimulatedEngine(4, clock, s -> 100 * US).withFlushesAndTrimsInCommit(1 * MS),
                new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE, new ReplayControl()).run();
        assertEquals(5, metrics.qdReplayed().count(1), "every flush alone");
        assertEquals(5 * MS, metrics.all().busyNs());

        // A read, a flush and a read in one commit: the flush goes beside the first read, which
        // completes while the flush runs, so the second read is alone.
        List<IoRecord> mixed = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1, IoRecord.NO_TIME, Op.FLUSH, 0, 0),
                io(2, IoRecord.NO_TIME, Op.READ, 4096, 0));
        ManualClock clock2 = new ManualClock();
        MetricsRecorder metrics2 = new MetricsRecorder(0);
        replayer(mixed, new FixedQdScheduler(4), new SimulatedEngine(4, clock2, s -> 100 * US).withFlushesAndTrimsInCommit(1 * MS),
                new ZeroPattern(1 << 20), metrics2, clock2, ReplayListener.NONE, new ReplayControl()).run();
        assertEquals(2, metrics2.qdReplayed().count(1), "the first read, and the read after the flush");
        assertEquals(1, metrics2.qdReplayed().count(2), "the flush beside the first read");
        assertEquals(1100 * US, metrics2.all().busyNs());
    }

    @Test
    void phasesGetTheirOwnWallAndBusyTime() {
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1, IoRecord.NO_TIME, Op.READ, 4096, 0),
                io(5 * MS, IoRecord.NO_TIME, Op.WRITE, 8192, 0), io(6 * MS, IoRecord.NO_TIME, Op.WRITE, 12288, 0));
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(4, clock, s -> 100 * US);
        MetricsRecorder metrics = new MetricsRecorder(0, 2);
        new Replayer(listOf(trace, List.of(new PhaseMarker("load", 0), new PhaseMarker("save", 5 * MS))),
                new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0), new FixedQdScheduler(1),
                engine, new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE, new ReplayControl(), Replayer.OnError.STOP, 4, 4, false).run();
        assertEquals(2, metrics.phase(0).ios());
        assertEquals(200 * US, metrics.phase(0).wallNs());
        assertEquals(200 * US, metrics.phase(0).busyNs());
        assertEquals(8192, metrics.phase(0).bytesRead());
        assertEquals(2, metrics.phase(1).ios());
        assertEquals(8192, metrics.phase(1).bytesWritten());
        assertEquals(200 * US, metrics.phase(1).wallNs());
        assertEquals(2, metrics.phase(1).latency().getTotalCount(), "phases have latency like every group");
        assertEquals(100 * US, metrics.phase(1).latency().getMaxValue(), 100 * US / 1000.0);
    }

    /**
     * A scheduler that drains between phases (a sweep's) starts each phase at an empty queue: two phases of 4 reads at
     * QD 3, each of 100 us (the simulated device completes the reads submitted together at once). Without it the second
     * phase's first two reads went beside the first phase's last.
     */
    @Test
    void aSchedulerThatDrainsBetweenPhasesStartsEachAtAnEmptyQueue() {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            trace.add(io(i / 4, IoRecord.NO_TIME, Op.READ, i * 4096L, 0));
        }
        List<PhaseMarker> phases = List.of(new PhaseMarker("point-1", 0), new PhaseMarker("point-2", 1));
        assertEquals(List.of(1, 2, 3, 1, 1, 2, 3, 1), inFlightAfterEachSubmit(trace, phases, new FixedQdScheduler(3, true)));
        assertEquals(List.of(1, 2, 3, 1, 2, 3, 1, 2), inFlightAfterEachSubmit(trace, phases, new FixedQdScheduler(3)),
                "without phases to drain between");
        assertEquals(List.of(1, 2, 3, 1, 2, 3, 1, 2), inFlightAfterEachSubmit(trace, List.of(), new FixedQdScheduler(3, true)),
                "a trace of no phases is one");
    }

    private static List<Integer> inFlightAfterEachSubmit(List<IoRecord> trace, List<PhaseMarker> phases, Scheduler scheduler) {
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(4, clock, s -> 100 * US);
        new Replayer(listOf(trace, phases), new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0),
                scheduler, engine, new ZeroPattern(1 << 20), new MetricsRecorder(0, phases.size()), clock, ReplayListener.NONE,
                new ReplayControl(), Replayer.OnError.STOP, trace.size(), trace.size(), false).run();
        return engine.submits.stream().map(SimulatedEngine.Submit::inFlightAfter).toList();
    }

    @Test
    void phaseMarkersOutOfTimeOrderEachTakeTheIosAfterThem() {
        // Markers listed later-first (a hand-edited trace): "save" took no IO and "load" the IOs from 5 ms on.
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, 0), io(1, IoRecord.NO_TIME, Op.READ, 4096, 0),
                io(5 * MS, IoRecord.NO_TIME, Op.WRITE, 8192, 0));
        TraceReader reader = listOf(trace, List.of(new PhaseMarker("save", 5 * MS), new PhaseMarker("load", 0)));
        ManualClock clock = new ManualClock();
        MetricsRecorder metrics = new MetricsRecorder(0, 2);
        new Replayer(reader, new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0), new FixedQdScheduler(1),
                new SimulatedEngine(4, clock, s -> 100 * US), new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE, new ReplayControl(),
                Replayer.OnError.STOP, 4, 4, false).run();
        assertEquals("load", reader.info().phases().get(0).name(), "phases in time order");
        assertEquals(2, metrics.phase(0).ios());
        assertEquals(8192, metrics.phase(0).bytesRead());
        assertEquals(1, metrics.phase(1).ios());
        assertEquals(4096, metrics.phase(1).bytesWritten());
    }

    /**
     * Reads and writes with a flush and a trim every few IOs, all at recorded QD 1 or at {@code qd}:
     * the shape of a recorded fsync/fstrim workload.
     */
    static List<IoRecord> mixedWithFlushesAndTrims(int n, int qd) {
        List<IoRecord> trace = new ArrayList<>();
        Op[] cycle = {Op.WRITE, Op.FLUSH, Op.WRITE, Op.WRITE, Op.READ, Op.TRIM, Op.READ};
        for (int i = 0; i < n; i++) {
            Op op = cycle[i % cycle.length];
            trace.add(io(i * 10 * US, i * 10 * US + 5 * US, op, op == Op.FLUSH ? 0 : i * 4096L, Math.min(qd, 1 + i % qd)));
        }
        return trace;
    }

    @Test
    void everyFlushTrimReadAndWriteIsIssuedInEveryModeAndDepth() {
        for (int depth : new int[] {1, 2, 4, 32}) {
            List<IoRecord> trace = mixedWithFlushesAndTrims(200, depth);
            Scheduler[] modes = {new RecordedQdScheduler(0, 0), new FixedQdScheduler(depth), new TimedScheduler(1.0, depth)};
            for (Scheduler mode : modes) {
                String what = mode.getClass().getSimpleName() + " at depth " + depth;
                ManualClock clock = new ManualClock();
                SimulatedEngine engine = new SimulatedEngine(depth, clock, s -> 20 * US).withFlushesAndTrimsInCommit(50 * US);
                MetricsRecorder metrics = new MetricsRecorder(0);
                Replayer.Outcome o = replayer(trace, mode, engine, new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE,
                        new ReplayControl()).run();
                for (Op op : Op.values()) {
                    assertEquals(trace.stream().filter(r -> r.op == op).count(), metrics.op(op).ios(), what + ": " + op);
                }
                assertEquals(trace.size(), engine.submits.size(), what);
                assertEquals(trace.size(), o.replayed(), what);
                assertEquals(trace.size(), o.inTrace(), what);
                assertTrue(o.complete(), what);
            }
        }
    }

    @Test
    void aWriteAfterAFlushAtDepthOneIsIssued() {
        List<IoRecord> trace = List.of(io(0, 5 * US, Op.WRITE, 0, 1), io(10 * US, 15 * US, Op.FLUSH, 0, 1),
                io(20 * US, 25 * US, Op.WRITE, 4096, 1), io(30 * US, 35 * US, Op.WRITE, 8192, 1));
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = new SimulatedEngine(1, clock, s -> 20 * US).withFlushesAndTrimsInCommit(50 * US);
        MetricsRecorder metrics = new MetricsRecorder(0);
        Replayer.Outcome o = replayer(trace, new RecordedQdScheduler(0, 0), engine, new ZeroPattern(1 << 20), metrics, clock,
                ReplayListener.NONE, new ReplayControl()).run();
        assertEquals(List.of(0L, 1L, 2L, 3L), engine.submits.stream().map(SimulatedEngine.Submit::tag).toList());
        assertEquals(3, metrics.op(Op.WRITE).ios());
        assertEquals(4, o.recordsRead());
        assertTrue(o.complete());
    }

    @Test
    void aStoppedRunCountsTheTracesIosNotTheRecordsReadSoFar() {
        ReplayControl control = new ReplayControl();
        ManualClock clock = new ManualClock();
        MetricsRecorder metrics = new MetricsRecorder(0);
        ReplayListener stopAfterStart = new ReplayListener() {
            @Override
            public void started(long startNs) {
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
                control.requestStop();
            }
        };
        List<IoRecord> trace = reads(10_000);
        Replayer.Outcome o = replayer(trace, new FixedQdScheduler(1), new SimulatedEngine(4, clock, s -> 1 * MS),
                new ZeroPattern(1 << 20), metrics, clock, stopAfterStart, control).run();
        assertEquals(false, o.complete());
        assertTrue(o.replayed() < trace.size(), "stopped early: " + o.replayed());
        assertEquals(trace.size(), o.inTrace());
    }

    /**
     * Progress is reported while every completion is reaped inside commit, where the replay never waits
     * for one: three reads and a flush the engine runs in commit, over and over, filling the queue of
     * four each time. The progress line showed nothing until the end (`replay --progress always` of a
     * trace with a flush every 32 IOs at recorded depth 32, io_uring on a loop device: no line in 15 s),
     * and a stop asked from it never came (found by the kernelstop audit).
     */
    @Test
    void progressIsReportedWhenEveryCompletionIsReapedInCommit() {
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            trace.add(io(i, IoRecord.NO_TIME, i % 4 == 3 ? Op.FLUSH : Op.READ, i * 4096L, 0));
        }
        ManualClock clock = new ManualClock();
        List<Long> elapsed = new ArrayList<>();
        ReplayListener progress = (doneIos, totalIos, elapsedNs, bytes) -> elapsed.add(elapsedNs);
        replayer(trace, new FixedQdScheduler(4), new SimulatedEngine(4, clock, s -> 100 * US).withFlushesAndTrimsInCommit(1 * MS),
                new ZeroPattern(1 << 20), new MetricsRecorder(0), clock, progress, new ReplayControl()).run();
        assertEquals(1000 * MS, clock.now, "a flush of 1 ms for every four IOs");
        assertTrue(elapsed.size() >= 4, "a report every 250 ms of the run, and one at its end: " + elapsed);
    }

    /** Replays {@code trace} on {@code slots} slots, each IO taking 100 us, and returns the IOs held at that cap. */
    private static long heldAtCap(List<IoRecord> trace, Scheduler scheduler, int slots) {
        ManualClock clock = new ManualClock();
        MetricsRecorder metrics = new MetricsRecorder(0);
        Replayer.Outcome o = replayer(trace, scheduler, new SimulatedEngine(slots, clock, s -> 100 * US), new ZeroPattern(1 << 20),
                metrics, clock, ReplayListener.NONE, new ReplayControl()).run();
        assertEquals(trace.size(), o.replayed());
        return metrics.heldAtCapCount();
    }

    @Test
    void iosThatWaitedAtTheInFlightCapAreCounted() {
        List<IoRecord> burst = reads(20);
        assertEquals(16, heldAtCap(burst, new TimedScheduler(1.0, 64), 4), "a burst of 20 due at once, 4 slots: 16 waited");
        assertEquals(0, heldAtCap(burst, new TimedScheduler(1.0, 64), 32), "room for all");
        // --max-inflight 4 is the cap when the queue holds more: it was never counted.
        assertEquals(16, heldAtCap(burst, new TimedScheduler(1.0, 4), 4), "a burst of 20 due at once, --max-inflight 4: 16 waited");
        assertEquals(0, heldAtCap(burst, new FixedQdScheduler(4), 4), "the mode's own depth is no cap");
        assertEquals(20, heldAtCap(burst, new FixedQdScheduler(8), 4), "asked for 8, 4 slots: every IO");

        List<IoRecord> deep = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            deep.add(io(i, 1 * MS, Op.READ, i * 4096L, Math.min(i + 1, 8)));
        }
        assertEquals(16, heldAtCap(deep, new RecordedQdScheduler(0, 0), 4), "recorded depth 5 and more on 4 slots");
        assertEquals(0, heldAtCap(deep, new RecordedQdScheduler(0, 0), 8), "recorded depth at most 8 on 8 slots");
        List<IoRecord> spaced = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            spaced.add(io(i * MS, IoRecord.NO_TIME, Op.READ, i * 4096L, 0));
        }
        assertEquals(0, heldAtCap(spaced, new TimedScheduler(1.0, 64), 4), "each IO done before the next is due");
    }

    @Test
    void missingRecordedQdIsRefusedNamingTheAlternatives() {
        List<IoRecord> trace = List.of(io(0, IoRecord.NO_TIME, Op.READ, 0, IoRecord.NO_QD));
        SbenchException e = assertThrows(SbenchException.class, () -> replay(trace, new RecordedQdScheduler(0, 0), 4, s -> 1));
        assertTrue(e.getMessage().contains("--mode timed, --mode fixed-qd --qd N, or --qd-fallback N"), e.getMessage());
        Run fallback = replay(trace, new RecordedQdScheduler(0, 3), 4, s -> 1);
        assertEquals(1, fallback.metrics().issued());
    }

    /**
     * The distance compared the replayed depths of all IOs against the recorded depths of those that
     * have one: an IO without a recorded depth replayed at --qd-fallback 2 beside one at depth 1 made
     * a distance of 1/3 of a replay that kept every recorded depth. It is over those IOs now.
     */
    @Test
    void theDistanceIsOverTheIosWithARecordedDepth() {
        List<IoRecord> trace = List.of(io(0, 100 * US, Op.READ, 0, 1), io(10 * US, IoRecord.NO_TIME, Op.READ, 4096, IoRecord.NO_QD),
                io(MS, MS + 100 * US, Op.READ, 8192, 1));
        Run run = replay(trace, new RecordedQdScheduler(0, 2), 4, s -> 50 * US);
        assertEquals(1, run.metrics().qdReplayed().count(2), "the IO at the fallback depth went beside the first");
        assertEquals(2, run.metrics().qdRecorded().total());
        assertEquals(0.0, run.metrics().qdDistance(), 1e-12);
    }

    @Test
    void stopRequestEndsIssuingAndMarksTheRunIncomplete() {
        ReplayControl control = new ReplayControl();
        control.requestStop();
        Replayer.Outcome o = runStoppedBeforeTheFirstIo(control);
        assertEquals(false, o.complete());
        assertEquals("interrupted", o.stopReason());
    }

    @Test
    void aStopAskedDuringALongWaitForTheNextIoIsHeardWithinTheWait() {
        // A timed schedule with an hour between two IOs, and an hour of recorded idle kept in full: a
        // Ctrl-C or SIGTERM during the wait ended the run only when the hour was over (found by the
        // modes audit: a timed replay at --speed 1e-9 was still waiting 10 minutes after SIGTERM).
        long hour = 3_600_000 * MS;
        List<IoRecord> trace = List.of(io(0, 1 * MS, Op.READ, 0, 1), io(hour, hour + 1 * MS, Op.READ, 4096, 1));
        Scheduler[] modes = {new TimedScheduler(1.0, 4), new RecordedQdScheduler(ReplayMode.RecordedQd.NO_IDLE_CAP, 0)};
        for (Scheduler mode : modes) {
            ManualClock manual = new ManualClock();
            ReplayControl control = new ReplayControl();
            NanoClock signalledWhileWaiting = new NanoClock() {
                @Override
                public long nanoTime() {
                    return manual.nanoTime();
                }

                @Override
                public void waitUntil(long deadlineNs) {
                    manual.waitUntil(deadlineNs);
                    control.requestStop();
                }
            };
            Replayer.Outcome o = new Replayer(listOf(trace), new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40,
                    512, false, 0), mode, new SimulatedEngine(4, manual, s -> 1 * US), new ZeroPattern(1 << 20), new MetricsRecorder(0),
                    signalledWhileWaiting, ReplayListener.NONE, control, Replayer.OnError.STOP, 2, 2, false).run();
            String what = mode.getClass().getSimpleName();
            assertEquals(1, o.replayed(), what);
            assertEquals("interrupted", o.stopReason(), what);
            assertTrue(manual.now < hour / 1000, what + ": stopped at " + manual.now + " ns, not after the hour");
        }
    }

    @Test
    void aPlannedEndStopsIssuingAndKeepsTheRunComplete() {
        ReplayControl control = new ReplayControl();
        control.endRun("time limit 5 s");
        Replayer.Outcome o = runStoppedBeforeTheFirstIo(control);
        assertEquals(true, o.complete());
        assertEquals("time limit 5 s", o.stopReason());
    }

    /**
     * A stop asked while a read-only replay reads past the writes it leaves out, before its first IO or
     * after it, is heard there: the replay read all 1,000,000 writes first (3.0 s from SIGTERM to exit on
     * a loaded machine, found by the firstio audit).
     */
    @Test
    void aStopIsHeardWhileTheReplayReadsPastTheIosItLeavesOut() {
        int writes = 1_000_000;
        // 8 reads first: more than the 4 slots hold before the first IO, so the writes are read after it.
        for (int leadingReads : new int[] {0, 8}) {
            ReplayControl control = new ReplayControl();
            long[] read = {0};
            TraceReader stoppingAtTheTenthWrite = new TraceReader() {
                @Override
                public TraceInfo info() {
                    return TraceInfo.of("test", EnumSet.noneOf(Field.class));
                }

                @Override
                public boolean next(IoRecord into) {
                    long i = read[0]++;
                    if (i == leadingReads + 10) {
                        control.requestStop();
                    }
                    into.copyFrom(io(i, IoRecord.NO_TIME, i < leadingReads || i == leadingReads + writes ? Op.READ : Op.WRITE, 0, 0));
                    return i <= leadingReads + writes;
                }

                @Override
                public void close() {
                }
            };
            ManualClock clock = new ManualClock();
            TraceMapper readOnly = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, true, 0);
            Replayer.Outcome o = new Replayer(stoppingAtTheTenthWrite, readOnly, new FixedQdScheduler(1),
                    new SimulatedEngine(4, clock, s -> 1 * US), new ZeroPattern(1 << 20), new MetricsRecorder(0), clock,
                    ReplayListener.NONE, control, Replayer.OnError.STOP, leadingReads + writes + 1, leadingReads + 1, false).run();
            String what = leadingReads + " reads before the writes";
            assertEquals(leadingReads == 0, o.replayed() == 0, what + ": replayed " + o.replayed());
            assertEquals("interrupted", o.stopReason(), what);
            assertEquals(false, o.complete(), what);
            assertTrue(o.recordsRead() < 10_000, what + ": read " + o.recordsRead() + " records");
        }
    }

    /** Replays ten reads under {@code control}, already told to stop, and checks that none was issued. */
    private static Replayer.Outcome runStoppedBeforeTheFirstIo(ReplayControl control) {
        ManualClock clock = new ManualClock();
        MetricsRecorder metrics = new MetricsRecorder(0);
        Replayer.Outcome o = replayer(reads(10), new FixedQdScheduler(1), new SimulatedEngine(4, clock, s -> 1 * US),
                new ZeroPattern(1 << 20), metrics, clock, ReplayListener.NONE, control).run();
        assertEquals(0, metrics.issued());
        return o;
    }
}
