package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.sbench.data.ZeroPattern;
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
 * phase markers) replayed in every mode on a simulated device with random latencies, flushes and
 * trims run in commit, trims that wait there and failing IOs (the replay going on or stopping),
 * alone or as a stripe of 1-4 members whose chunks and request limits split IOs, the metrics' busy
 * time of all IOs, of each op, of each size class of reads and writes, of each phase, and of each
 * member and its ops equals the union of the stamps the engines handed back; wall time likewise
 * spans them. A failing case names its seed: {@link #replayOf} it alone.
 */
class BusyUnionTest {
    private static final int CASES = 200;
    private static final long US = 1_000;
    private static final int MAX_IO = 192 << 10;
    private static final long[] SIZES = {512, 2048, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536, 98304,
            131072, 135168, MAX_IO};

    @Test
    void busyTimeIsTheUnionOfTheStampsOnEveryPath() {
        for (long seed = 1; seed <= CASES; seed++) {
            replayOf(seed);
        }
    }

    /** One random case: replays it and checks every busy time against the union of the stamps. */
    static void replayOf(long seed) {
        Random rnd = new Random(seed);
        StringBuilder what = new StringBuilder("seed " + seed + ":");
        List<IoRecord> trace = trace(rnd, what);
        List<PhaseMarker> phases = phases(rnd, trace, what);
        int depth;
        Scheduler scheduler;
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
                double speed = speeds[rnd.nextInt(speeds.length)];
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
        SimulatedEngine device = new SimulatedEngine(depth + partSlots, clock, s -> 10 * US * latencies.nextInt(30), depth, MAX_IO)
                .withResults(s -> result(seed, s));
        if (rnd.nextBoolean()) {
            long ns = 10 * US * rnd.nextInt(20);
            device.withFlushesAndTrimsInCommit(ns);
            what.append(", flushes and trims in commit ").append(ns).append(" ns");
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
        MetricsRecorder metrics = new MetricsRecorder(0, phases.size());
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0);
        new Replayer(ReplayerTest.listOf(trace, phases), mapper, scheduler, traceLog, new ZeroPattern(MAX_IO), metrics, clock,
                ReplayListener.NONE, new ReplayControl(), onError, trace.size(), trace.size(), poll).run();

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
    }

    /** Up to 40 IOs of every op and size class, at idle gaps of 0 to 1 ms, with recorded completions and depths. */
    private static List<IoRecord> trace(Random rnd, StringBuilder what) {
        int n = 1 + rnd.nextInt(40);
        Op[] ops = {Op.READ, Op.READ, Op.READ, Op.WRITE, Op.WRITE, Op.WRITE, Op.TRIM, Op.FLUSH};
        List<IoRecord> trace = new ArrayList<>();
        long issueNs = 0;
        for (int i = 0; i < n; i++) {
            int gap = rnd.nextInt(4);
            issueNs += gap == 0 ? 0 : gap == 1 ? rnd.nextInt(1_000_000) : rnd.nextInt(20_000);
            Op op = ops[rnd.nextInt(ops.length)];
            IoRecord r = ReplayerTest.io(issueNs, issueNs + rnd.nextInt(300_000), op, 512L * rnd.nextInt(4096), 1 + rnd.nextInt(8));
            r.lengthBytes = switch (op) {
                case READ, WRITE -> SIZES[rnd.nextInt(SIZES.length)];
                case TRIM -> 512L * (1 + rnd.nextInt(512));
                default -> 0;
            };
            trace.add(r);
        }
        what.append(' ').append(n).append(" IOs");
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

    /** One in five IOs fails, half of those with EIO and half (reads and writes) short; the same each time it is asked. */
    private static long result(long seed, IoSlot s) {
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
