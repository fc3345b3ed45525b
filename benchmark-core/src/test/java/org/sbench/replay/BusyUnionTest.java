package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.sbench.data.ZeroPattern;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.ForwardingEngine;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.metrics.IoGroup;
import org.sbench.metrics.MemberMetrics;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripeLayout;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.stats.SizeClass;

/**
 * Busy time is the length of the union of every IO's {@code [submit, done)} (SEMANTICS.md, failed
 * IOs included: docs/json.md {@code summary.busyNs}), whatever the path the events took: over
 * random traces (reads, writes, trims, flushes of every size class, idle gaps, recorded depths,
 * phase markers) replayed in every mode on a simulated device with random latencies that hands IOs
 * back as the engines do (what ran in commit, then what completed meanwhile, then what it refused, then
 * what it waited for; the sync engine's completions from worker threads, seen at a later poll than they were
 * done and out of the device's order, each drain stamped apart; io_uring's batches taken a part at a time), with flushes and trims run in commit (a striped one on its members at once,
 * each part ending when it does), trims that wait there, trims and the reads and writes they overlap
 * waiting in commit for each other, IOs refused at commit and failing IOs (EIO, ENOSPC from a full
 * target), the replay going on or stopping (on an error, asked to, at a planned end) with IOs in flight,
 * alone or as a stripe of 1-4 members whose chunks and request limits split IOs, the metrics' busy
 * time of all IOs, of each op, of each size class of reads and writes, of each phase, and of each
 * member and its ops equals the union of the stamps the engines handed back; wall time likewise
 * spans them, and a striped IO spans its parts. In timed mode each IO's lateness and whether it fell due behind a wait in
 * commit, derived from the stamps handed back, the trace's due times and the device's own record of its waits, give the
 * result's lateness figures ({@link #checkLateness}). Each {@link Path} must be taken by some of the cases.
 * A failing case names its seed: {@link #replayOf} it alone; {@code -Dcases=N} runs N cases.
 */
class BusyUnionTest {
    private static final int CASES = Integer.getInteger("cases", 200);
    private static final long US = 1_000;
    private static final int MAX_IO = 192 << 10;
    private static final long[] SIZES = {512, 2048, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536, 98304,
            131072, 135168, MAX_IO};

    /** The engine paths where completions can reach the metrics out of time order or IOs wait in commit, each to be taken by some cases. */
    enum Path {
        /** A striped FLUSH or TRIM ran on its members at once in commit, a later member's part done before an earlier one's. */
        MEMBERS_DONE_OUT_OF_ORDER,
        /** An IO refused at commit (completedEarly) was handed back at a later reap, stamped then. */
        COMPLETED_EARLY,
        /** A read or write waited in commit for a running TRIM it overlaps, collecting completions meanwhile. */
        WAITED_BEHIND_TRIM,
        /** The replay was asked to stop (a signal, a planned end) with IOs in flight. */
        STOPPED_WITH_IOS_IN_FLIGHT,
        /** An IO failed under --on-error stop (EIO, or ENOSPC of a full target) with others in flight. */
        FAILED_WITH_IOS_IN_FLIGHT,
        /** A timed replay where some IOs fell due behind a wait in commit (a flush, a trim, an overlap) and some did not. */
        TIMED_BEHIND_A_WAIT,
        /**
         * A sync engine's worker finished an IO that a poll (a reap, or one in commit) did not see, its worker late to
         * publish it or behind one that was: a later poll handed it back, stamped then, out of the device's order.
         */
        COMPLETION_SEEN_LATE,
        /** io_uring_enter took only part of a batch; the engine entered again for the rest, stamped by the clock before that enter. */
        SUBMITTED_IN_PARTS
    }

    /** Which engine's hand-over the simulated device follows besides what every engine does. */
    private enum Engine {
        /** As before the other two were modelled: IOs refused at commit (libaio's) and TRIMs queued (io_uring's) alike. */
        KERNEL,
        /** The sync engine's: completions from worker threads ({@link SimulatedEngine#withWorkers}); none refused, no TRIM queued. */
        WORKERS,
        /** io_uring's: a batch may go in parts ({@link SimulatedEngine#withPartialSubmits}); none refused. */
        URING
    }

    /** The least share of the cases that must take each {@link Path}, so that the model cannot silently stop covering it. */
    private static final double MIN_SHARE = 0.05;

    @Test
    void busyTimeAndLatenessFollowTheStampsOnEveryPath() {
        EnumMap<Path, Integer> hits = new EnumMap<>(Path.class);
        for (long seed = 1; seed <= CASES; seed++) {
            for (Path p : replayOf(seed)) {
                hits.merge(p, 1, Integer::sum);
            }
        }
        for (Path p : Path.values()) {
            int n = hits.getOrDefault(p, 0);
            assertTrue(n >= MIN_SHARE * CASES, p + " taken by " + n + " of " + CASES + " cases: " + hits);
        }
    }

    /** One random case: replays it, checks every busy time against the union of the stamps, and says which paths it took. */
    static Set<Path> replayOf(long seed) {
        Random rnd = new Random(seed);
        StringBuilder what = new StringBuilder("seed " + seed + ":");
        List<IoRecord> trace = trace(rnd, what);
        List<PhaseMarker> phases = phases(rnd, trace, what);
        int depth;
        Scheduler scheduler;
        double speed = Double.NaN;
        switch (rnd.nextInt(3)) {
            case 0 -> {
                long[] idles = {0, 10 * US * rnd.nextInt(50), ReplayMode.RecordedQd.NO_IDLE_CAP};
                long maxIdleNs = idles[rnd.nextInt(idles.length)];
                depth = 1 + rnd.nextInt(16);
                scheduler = new RecordedQdScheduler(maxIdleNs, 0);
                what.append(" recorded-qd --max-idle ").append(maxIdleNs).append(" ns, ").append(depth).append(" slots");
            }
            case 1 -> {
                double[] speeds = {0.5, 1, 2, 10};
                speed = speeds[rnd.nextInt(speeds.length)];
                depth = 1 + rnd.nextInt(64);
                scheduler = new TimedScheduler(speed, depth);
                what.append(" timed --speed ").append(speed).append(", ").append(depth).append(" slots");
            }
            default -> {
                int qd = 1 + rnd.nextInt(64);
                depth = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(qd) : qd;
                boolean drains = rnd.nextBoolean();
                scheduler = new FixedQdScheduler(qd, drains);
                what.append(" fixed-qd --qd ").append(qd).append(", ").append(depth).append(" slots")
                        .append(drains ? ", drained between phases" : "");
            }
        }
        boolean striped = rnd.nextBoolean();
        int members = striped ? 1 + rnd.nextInt(4) : 1;
        int partSlots = striped ? members + rnd.nextInt(depth + 2 * members) : 0;
        ManualClock clock = new ManualClock();
        Random latencies = new Random(seed * 31);
        long fullAtBytes = rnd.nextInt(6) == 0 ? 512L * rnd.nextInt(4096) : Long.MAX_VALUE;
        SimulatedEngine device = new SimulatedEngine(depth + partSlots, clock, s -> 10 * US * latencies.nextInt(30), depth, MAX_IO)
                .withResults(s -> result(seed, s, fullAtBytes));
        if (fullAtBytes != Long.MAX_VALUE) {
            what.append(", full from ").append(fullAtBytes).append(" B");
        }
        // Drawn apart, so that a case of libaio's hand-over is what it was before the other two were modelled.
        Engine kind = Engine.values()[new Random(seed * 13).nextInt(Engine.values().length)];
        if (kind == Engine.WORKERS) {
            device.withWorkers(new Random(seed * 11));
            what.append(", completions from worker threads");
        } else if (kind == Engine.URING) {
            device.withPartialSubmits(new Random(seed * 5));
            what.append(", batches taken in parts");
        }
        boolean inCommit = rnd.nextBoolean();
        if (inCommit) {
            int most = 1 + rnd.nextInt(20);
            Random durations = new Random(seed * 17);
            device.withFlushesAndTrimsInCommit(s -> 10 * US * durations.nextInt(most));
            what.append(", flushes and trims in commit up to ").append(10 * US * (most - 1)).append(" ns");
        }
        if (rnd.nextBoolean()) {
            device.withTrimOverlaps();
            what.append(", trims and the reads and writes they overlap wait for each other");
            if (inCommit && kind != Engine.WORKERS) {
                device.withQueuedTrims(s -> s.lengthBytes <= 64 << 10);
                what.append(", trims of up to 64 KiB queued");
            }
        }
        if (rnd.nextInt(3) == 0 && kind == Engine.KERNEL) {
            Random refusals = new Random(seed * 7);
            device.withRefusals(s -> refusals.nextInt(6) == 0);
            what.append(", some IOs refused at commit");
        }
        if (rnd.nextInt(3) == 0) {
            long ns = 10 * US * rnd.nextInt(10);
            device.withWaitBeforeTrims(ns);
            what.append(", trims wait ").append(ns).append(" ns");
        }
        LoggedEngine memberLog = new LoggedEngine(device);
        IoEngine engine = memberLog;
        MemberMetrics memberMetrics = null;
        if (striped) {
            int chunk = (int) StripeLayout.MIN_CHUNK_BYTES << rnd.nextInt(5);
            int[] caps = new int[members];
            for (int m = 0; m < members; m++) {
                caps[m] = 1 + rnd.nextInt(depth);
            }
            SplitGeometry[] splits = new SplitGeometry[members];
            long maxBytes = members == 1 || rnd.nextInt(3) == 0 ? 4096L << rnd.nextInt(5) : 0;
            Arrays.fill(splits, new SplitGeometry(maxBytes, 0, 0, 0, 512, 0));
            StripedEngine stripe = new StripedEngine(memberLog, depth, new StripeLayout(members, chunk), caps, splits);
            memberMetrics = MemberMetrics.attach(stripe);
            engine = stripe;
            what.append(", stripe of ").append(members).append(" x ").append(chunk).append(" B, caps ")
                    .append(Arrays.toString(caps)).append(", ").append(partSlots).append(" member slots, cut at ").append(maxBytes);
        }
        boolean poll = rnd.nextBoolean();
        Replayer.OnError onError = rnd.nextInt(4) == 0 ? Replayer.OnError.STOP : Replayer.OnError.CONTINUE;
        what.append(poll ? ", polling" : "").append(", on error ").append(onError);
        LoggedEngine traceLog = new LoggedEngine(engine);
        ReplayControl control = new ReplayControl();
        int stopAtCommit = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(Math.max(1, trace.size() / 2)) : 0;
        boolean planned = rnd.nextBoolean();
        if (stopAtCommit > 0) {
            what.append(planned ? ", run ended" : ", stop asked").append(" after commit ").append(stopAtCommit);
        }
        StoppingEngine stopping = new StoppingEngine(traceLog, control, stopAtCommit, planned);
        MetricsRecorder metrics = new MetricsRecorder(0, phases.size());
        long startNs = clock.now;
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0);
        Replayer.Outcome outcome = new Replayer(ReplayerTest.listOf(trace, phases), mapper, scheduler, stopping, new ZeroPattern(MAX_IO),
                metrics, clock, ReplayListener.NONE, control, onError, trace.size(), trace.size(), poll).run();

        String where = what.toString();
        List<LoggedEngine.Done> ios = traceLog.done;
        assertEquals(metrics.issued(), ios.size(), where + ": IOs handed back");
        assertEquals(ios.size(), metrics.all().ios() + metrics.all().errors(), where + ": IOs counted");
        long firstSubmitNs = ios.stream().mapToLong(LoggedEngine.Done::submitNs).min().orElse(0);
        assertEquals(ios.stream().mapToLong(LoggedEngine.Done::doneNs).max().orElse(0) - firstSubmitNs, metrics.wallNs(), where + ": wall time");
        check(where + ": all IOs", metrics.all(), ios, d -> true);
        for (Op op : Op.values()) {
            check(where + ": " + op, metrics.op(op), ios, d -> d.op() == op);
        }
        for (Op op : List.of(Op.READ, Op.WRITE)) {
            for (SizeClass c : SizeClass.values()) {
                check(where + ": " + op + " " + c, metrics.sizeClass(c, op), ios, d -> d.op() == op && SizeClass.of(d.lengthBytes()) == c);
            }
        }
        for (int p = 0; p < phases.size(); p++) {
            long from = phases.get(p).timeNs();
            long to = p + 1 < phases.size() ? phases.get(p + 1).timeNs() : Long.MAX_VALUE;
            check(where + ": phase " + p, metrics.phase(p), ios, d -> trace.get((int) d.tag()).issueNs >= from && trace.get((int) d.tag()).issueNs < to);
        }
        if (memberMetrics != null) {
            checkSpans(where, ios, memberLog.done);
            for (int m = 0; m < members; m++) {
                int member = m;
                List<LoggedEngine.Done> parts = memberLog.done.stream().filter(d -> d.member() == member).toList();
                assertEquals(parts.size(), memberMetrics.all(m).ios() + memberMetrics.all(m).errors(), where + ": member " + m + " IOs counted");
                check(where + ": member " + m, memberMetrics.all(m), parts, d -> true);
                for (Op op : Op.values()) {
                    check(where + ": member " + m + " " + op, memberMetrics.op(m, op), parts, d -> d.op() == op);
                }
            }
        }
        Set<Path> taken = EnumSet.noneOf(Path.class);
        if (scheduler.timed() && checkLateness(where, metrics, trace, speed, startNs, ios, device)) {
            taken.add(Path.TIMED_BEHIND_A_WAIT);
        }
        if (device.unorderedMemberRuns > 0) {
            taken.add(Path.MEMBERS_DONE_OUT_OF_ORDER);
        }
        if (device.refusals > 0) {
            taken.add(Path.COMPLETED_EARLY);
        }
        if (device.waitsBehindTrims > 0) {
            taken.add(Path.WAITED_BEHIND_TRIM);
        }
        if (device.seenLate > 0) {
            taken.add(Path.COMPLETION_SEEN_LATE);
        }
        if (device.shortSubmits > 0) {
            taken.add(Path.SUBMITTED_IN_PARTS);
        }
        if (stopping.inFlightAtStop > 0 && outcome.stopReason() != null) {
            taken.add(Path.STOPPED_WITH_IOS_IN_FLIGHT);
        }
        if (onError == Replayer.OnError.STOP && stopping.inFlightAtFirstFailure > 0 && "IO error".equals(outcome.stopReason())) {
            taken.add(Path.FAILED_WITH_IOS_IN_FLIGHT);
        }
        return taken;
    }

    /** Asks the replay to stop (or ends the run as planned) right after its {@code atCommit}-th commit; notes the IOs in flight then, and at the first failure. */
    private static final class StoppingEngine extends ForwardingEngine {
        private final ReplayControl control;
        private final int atCommit;
        private final boolean planned;
        private int commits;
        int inFlightAtStop;
        int inFlightAtFirstFailure = -1;

        StoppingEngine(IoEngine engine, ReplayControl control, int atCommit, boolean planned) {
            super(engine);
            this.control = control;
            this.atCommit = atCommit;
            this.planned = planned;
        }

        @Override
        public int commit() {
            int n = super.commit();
            if (++commits == atCommit) {
                inFlightAtStop = inFlight();
                if (planned) {
                    control.endRun("time limit");
                } else {
                    control.requestStop();
                }
            }
            return n;
        }

        @Override
        public int reap(int min, long timeoutNs, CompletionSink sink) {
            return super.reap(min, timeoutNs, s -> {
                if (s.failed() && inFlightAtFirstFailure < 0) {
                    inFlightAtFirstFailure = inFlight();
                }
                sink.completed(s);
            });
        }
    }

    /** Up to 40 IOs of every op and size class over 256 KiB or 2 MiB, at idle gaps of 0 to 1 ms, with recorded completions and depths. */
    private static List<IoRecord> trace(Random rnd, StringBuilder what) {
        int n = 1 + rnd.nextInt(40);
        int blocks = rnd.nextBoolean() ? 4096 : 512;
        Op[] ops = {Op.READ, Op.READ, Op.READ, Op.WRITE, Op.WRITE, Op.WRITE, Op.TRIM, Op.FLUSH};
        List<IoRecord> trace = new ArrayList<>();
        long issueNs = 0;
        for (int i = 0; i < n; i++) {
            int gap = rnd.nextInt(4);
            issueNs += gap == 0 ? 0 : gap == 1 ? rnd.nextInt(1_000_000) : rnd.nextInt(20_000);
            Op op = ops[rnd.nextInt(ops.length)];
            IoRecord r = ReplayerTest.io(issueNs, issueNs + rnd.nextInt(300_000), op, 512L * rnd.nextInt(blocks), 1 + rnd.nextInt(8));
            r.lengthBytes = switch (op) {
                case READ, WRITE -> SIZES[rnd.nextInt(SIZES.length)];
                case TRIM -> 512L * (1 + rnd.nextInt(512));
                default -> 0;
            };
            trace.add(r);
        }
        what.append(' ').append(n).append(" IOs over ").append(blocks / 2).append(" KiB");
        return trace;
    }

    /** Up to 3 phase markers, at IOs' issue times or between them. */
    private static List<PhaseMarker> phases(Random rnd, List<IoRecord> trace, StringBuilder what) {
        long[] times = new long[rnd.nextInt(4)];
        long endNs = trace.get(trace.size() - 1).issueNs + 1;
        for (int i = 0; i < times.length; i++) {
            times[i] = rnd.nextBoolean() ? trace.get(rnd.nextInt(trace.size())).issueNs : (long) (rnd.nextDouble() * endNs);
        }
        Arrays.sort(times);
        List<PhaseMarker> phases = new ArrayList<>();
        for (long t : times) {
            phases.add(new PhaseMarker("p" + phases.size(), t));
        }
        what.append(", phases at ").append(Arrays.toString(times));
        return phases;
    }

    /**
     * One in five IOs fails, half of those with EIO and half (reads and writes) short; writes from {@code fullAtBytes} on
     * fail with ENOSPC, as on a full target; the same each time it is asked.
     */
    private static long result(long seed, IoSlot s, long fullAtBytes) {
        if (s.op == Op.WRITE && s.offsetBytes >= fullAtBytes) {
            return -28;
        }
        long h = (seed * 0x9E3779B97F4A7C15L) ^ (s.tag * 0xC2B2AE3D27D4EB4FL) ^ (s.offsetBytes * 31 + s.member);
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        int pick = (int) Math.floorMod(h, 10);
        if (pick == 0) {
            return -5;
        }
        if (pick == 1 && s.op.transfersData()) {
            return s.lengthBytes / 2;
        }
        return s.op.transfersData() ? s.lengthBytes : 0;
    }

    /** Each striped IO is submitted with its first member IO and done with its last: its stamps span its parts'. */
    private static void checkSpans(String what, List<LoggedEngine.Done> ios, List<LoggedEngine.Done> parts) {
        Map<Long, List<LoggedEngine.Done>> byTag = parts.stream().collect(Collectors.groupingBy(LoggedEngine.Done::tag));
        for (LoggedEngine.Done d : ios) {
            List<LoggedEngine.Done> of = byTag.get(d.tag());
            assertEquals(of.stream().mapToLong(LoggedEngine.Done::submitNs).min().orElseThrow(), d.submitNs(), what + ": IO " + d.tag() + " submitted with its first part");
            assertEquals(of.stream().mapToLong(LoggedEngine.Done::doneNs).max().orElseThrow(), d.doneNs(), what + ": IO " + d.tag() + " done with its last part");
        }
    }

    /**
     * Each IO is due at the replay's start plus its issue time past the first IO's over {@code speed}, and is as late as its
     * submit is past that (at least 1 ns, as the metrics hold it); it fell due behind a wait in commit when one of the
     * device's waits ended after it was due and before its first submit at the device (in the device's order: a wait may
     * take no time). The lateness of all IOs and of those not behind a wait (so the count behind) equal the result's:
     * counts exactly, p50, p99 and max at the histograms' precision. Returns whether IOs of both kinds were there.
     */
    private static boolean checkLateness(String what, MetricsRecorder metrics, List<IoRecord> trace, double speed, long startNs,
                                         List<LoggedEngine.Done> ios, SimulatedEngine device) {
        List<SimulatedEngine.Wait> waits = device.waits;
        Map<Long, Integer> firstSubmits = new HashMap<>();
        for (int i = 0; i < device.submits.size(); i++) {
            firstSubmits.putIfAbsent(device.submits.get(i).tag(), i);
        }
        Histogram all = new Histogram(metrics.lateness());
        Histogram others = new Histogram(metrics.lateness());
        long firstIssueNs = trace.get(0).issueNs;
        for (LoggedEngine.Done d : ios) {
            long dueNs = startNs + (long) ((trace.get((int) d.tag()).issueNs - firstIssueNs) / speed);
            long lateNs = Math.max(1, d.submitNs() - dueNs);
            all.recordValue(lateNs);
            int submitted = firstSubmits.get(d.tag());
            if (waits.stream().noneMatch(w -> dueNs < w.endNs() && w.submitsBefore() <= submitted)) {
                others.recordValue(lateNs);
            }
        }
        assertEquals(figures(all), figures(metrics.lateness()), what + ": lateness of all IOs");
        assertEquals(figures(others), figures(metrics.latenessNotBehindSync()),
                what + ": lateness of the IOs not behind a wait in commit (the others; behindFlush is all less these)");
        return others.getTotalCount() > 0 && others.getTotalCount() < all.getTotalCount();
    }

    private static String figures(Histogram ns) {
        return ns.getTotalCount() + " IOs, p50 " + ns.getValueAtPercentile(50) + " ns, p99 " + ns.getValueAtPercentile(99)
                + " ns, max " + ns.getMaxValue() + " ns";
    }

    private static void check(String what, IoGroup group, List<LoggedEngine.Done> ios, Predicate<LoggedEngine.Done> in) {
        IntervalUnion union = new IntervalUnion();
        for (LoggedEngine.Done d : ios) {
            if (in.test(d)) {
                union.add(d.submitNs(), d.doneNs());
            }
        }
        assertEquals(union.lengthNs(), group.busyNs(), what + ": busy time against the union of [submit, done)");
    }
}
