package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.sbench.data.ZeroPattern;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.engine.linux.Errno;
import org.sbench.metrics.MemberMetrics;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripeLayout;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * The replay loop over a {@link StripedEngine} on a simulated device and a manual clock: a trace
 * IO is timed from its first part's submit to its last part's completion, every member keeps to
 * its cap, flushes reach every member and trims each member they touch once, a failing part fails
 * its trace IO, and a stripe of one submits exactly what the device alone gets.
 */
class StripedReplayTest {
    private static final long US = 1_000;
    private static final int K = 1024;

    private static IoRecord io(long issueNs, Op op, long offset, long length) {
        IoRecord r = ReplayerTest.io(issueNs, IoRecord.NO_TIME, op, offset, IoRecord.NO_QD);
        r.lengthBytes = length;
        return r;
    }

    /** One replay: the array's numbers, the members', and what the simulated device saw. */
    record Run(MetricsRecorder metrics, MemberMetrics members, SimulatedEngine device, Replayer.Outcome outcome) {
    }

    /** A simulated device of {@code slots} slots (the trace IOs' first, then the member IOs') on its own clock. */
    private record Device(SimulatedEngine engine, ManualClock clock) {
        static Device of(int slots, ToLongFunction<IoSlot> latency) {
            ManualClock clock = new ManualClock();
            return new Device(new SimulatedEngine(slots, clock, latency), clock);
        }
    }

    /** Replays {@code trace} on a stripe of {@code layout} over {@code device}, {@code depth} trace IOs at most. */
    private static Run replay(List<IoRecord> trace, Scheduler scheduler, int depth, StripeLayout layout, int[] caps, Device device) {
        StripedEngine engine = new StripedEngine(device.engine(), depth, layout, caps);
        return run(trace, scheduler, engine, device, MemberMetrics.attach(engine));
    }

    private static Run run(List<IoRecord> trace, Scheduler scheduler, IoEngine engine, Device device, MemberMetrics members) {
        MetricsRecorder metrics = new MetricsRecorder(0);
        TraceMapper mapper = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1L << 40, 1L << 40, 512, false, 0);
        Replayer r = new Replayer(ReplayerTest.listOf(trace), mapper, scheduler, engine, new ZeroPattern(1 << 20), metrics,
                device.clock(), ReplayListener.NONE, new ReplayControl(), Replayer.OnError.CONTINUE, trace.size(), trace.size(), false);
        return new Run(metrics, members, device.engine(), r.run());
    }

    @Test
    void aTraceIoIsTimedFromItsFirstPartToItsLast() {
        // 8 KiB at 0 over 2 x 4 KiB: member 0 takes 100 us, member 1 300 us.
        Device device = Device.of(1 + 2, s -> s.member == 0 ? 100 * US : 300 * US);
        Run run = replay(List.of(io(0, Op.WRITE, 0, 8 * K)), new FixedQdScheduler(1), 1, new StripeLayout(2, 4 * K),
                new int[] {1, 1}, device);
        assertEquals(1, run.metrics().op(Op.WRITE).ios());
        assertEquals(8 * K, run.metrics().op(Op.WRITE).bytes());
        assertEquals(300 * US, run.metrics().all().busyNs());
        assertEquals(300 * US, run.metrics().op(Op.WRITE).latency().getMaxValue(), 300 * US / 1000.0);
        assertEquals(1, run.metrics().qdReplayed().count(1));
        assertEquals(100 * US, run.members().all(0).busyNs());
        assertEquals(300 * US, run.members().all(1).busyNs());
        assertEquals(4 * K, run.members().op(0, Op.WRITE).bytes());
        assertEquals(4 * K, run.members().op(1, Op.WRITE).bytes());
        assertEquals(1, run.members().splitIos());
        assertEquals(2, run.members().splitParts());
        // Both parts at member offset 0, submitted together.
        assertEquals(List.of(0L, 0L), device.engine().submits.stream().map(SimulatedEngine.Submit::offsetBytes).toList());
        assertEquals(List.of(0L, 0L), device.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
    }

    @Test
    void aMemberIsIdleFromItsFlushPartToItsNextIoWhileAnotherMembersPartRuns() {
        // One commit: the FLUSH's parts run there at once, member 0's 0-50 us and member 1's 0-100 us, then the
        // read on member 0 goes at 100 us for 50 us. Member 0 was idle 50-100 us (the array was not).
        Device device = Device.of(2 + 3, s -> 50 * US);
        device.engine().withFlushesAndTrimsInCommit(s -> s.member == 0 ? 50 * US : 100 * US);
        Run run = replay(List.of(io(0, Op.FLUSH, 0, 0), io(0, Op.READ, 0, 4 * K)), new FixedQdScheduler(2), 2,
                new StripeLayout(2, 4 * K), new int[] {2, 2}, device);
        assertEquals(List.of(0L, 0L, 100 * US), device.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(150 * US, run.metrics().all().busyNs());
        assertEquals(100 * US, run.members().all(0).busyNs());
        assertEquals(100 * US, run.members().all(1).busyNs());
    }

    @Test
    void anIoThatCompletedDuringAStripedFlushIsDoneWhenItsSlowestPartReturned() {
        // The read at 0 goes at 0 for 50 us on member 1; at 10 us the FLUSH's parts run in commit at once, member 0's
        // 10-210 us and member 1's 10-60 us, the read stamped done at 210 us when the run returned; the next read,
        // on member 1, goes at 210 us for 50 us. Member 1 counts 0-260 us busy: its first read ran to its stamp, 210 us.
        Device device = Device.of(3 + 4, s -> 50 * US);
        device.engine().withFlushesAndTrimsInCommit(s -> s.member == 0 ? 200 * US : 50 * US);
        Run run = replay(List.of(io(0, Op.READ, 4 * K, 4 * K), io(10 * US, Op.FLUSH, 0, 0), io(10 * US, Op.READ, 12 * K, 4 * K)),
                new TimedScheduler(1.0, 3), 3, new StripeLayout(2, 4 * K), new int[] {3, 3}, device);
        assertEquals(List.of(0L, 10 * US, 10 * US, 210 * US), device.engine().submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(260 * US, run.metrics().all().busyNs());
        assertEquals(200 * US, run.members().all(0).busyNs());
        assertEquals(260 * US, run.members().all(1).busyNs());
    }

    @Test
    void aMemberNeverGetsMoreThanItsCap() {
        // Ten 4 KiB reads all on member 0 (even chunks of 4 KiB), QD 8, member 0 takes 2 at a time.
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            trace.add(io(i, Op.READ, 2L * i * 4 * K, 4 * K));
        }
        Device device = Device.of(8 + 16, s -> 100 * US);
        Run run = replay(trace, new FixedQdScheduler(8), 8, new StripeLayout(2, 4 * K), new int[] {2, 8}, device);
        assertTrue(run.outcome().complete());
        assertEquals(10, run.metrics().op(Op.READ).ios());
        assertEquals(5, run.members().depth(0).count(1));
        assertEquals(5, run.members().depth(0).count(2));
        assertEquals(0, run.members().all(1).ios());
        assertEquals(500 * US, run.metrics().wallNs(), "five rounds of two");
        // Reads 2, 4, 6 and 8 found member 0 full when their turn came (3, 5, 7, 9 went right after them).
        assertEquals(4, run.metrics().heldAtCapCount());
    }

    @Test
    void anIoWithMorePartsOnAMemberThanItsCapGoesOutInPartsAsRoomComes() {
        // 32 KiB over 2 x 4 KiB: four parts on each member, which takes two at a time; then 4 KiB on member 0.
        List<IoRecord> trace = List.of(io(0, Op.READ, 0, 32 * K), io(1, Op.READ, 8 * K, 4 * K));
        Device device = Device.of(2 + 4, s -> s.member == 0 ? 100 * US : 300 * US);
        Run run = replay(trace, new FixedQdScheduler(2), 2, new StripeLayout(2, 4 * K), new int[] {2, 2}, device);
        assertTrue(run.outcome().complete());
        assertEquals(2, run.metrics().op(Op.READ).ios());
        assertEquals(36 * K, run.metrics().op(Op.READ).bytes());
        List<SimulatedEngine.Submit> submits = device.engine().submits;
        // The parts in order (member 0 at 0, 4K, 8K, 12K; member 1 likewise), then the 4 KiB read.
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L), submits.stream().map(SimulatedEngine.Submit::tag).toList());
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1, 0), submits.stream().map(SimulatedEngine.Submit::member).toList());
        assertEquals(List.of(0L, 0L, 4L * K, 4L * K, 8L * K, 8L * K, 12L * K, 12L * K, 4L * K),
                submits.stream().map(SimulatedEngine.Submit::offsetBytes).toList());
        // Parts 0-3 at once; part 4 when member 0's first two completed; part 5 waits for member 1, and
        // parts 6 and 7 and the next read wait for it.
        assertEquals(List.of(0L, 0L, 0L, 0L, 100 * US, 300 * US, 300 * US, 300 * US, 300 * US),
                submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(0, run.members().depth(0).count(3), "never more than two on member 0");
        assertEquals(0, run.members().depth(1).count(3), "never more than two on member 1");
        assertEquals(600 * US, run.metrics().op(Op.READ).latency().getMaxValue(), 600 * US / 1000.0);
        assertEquals(1, run.members().splitIos());
        assertEquals(8, run.members().splitParts());
    }

    @Test
    void eachPartIsCutIntoTheRequestsItsMemberTakesWhole() {
        // A device taking 128 KiB whole, with chunks (chunk_sectors) of 256 KiB.
        SplitGeometry device = new SplitGeometry(128 * K, 0, 0, 256 * K, 4 * K, 0);
        List<IoRecord> trace = List.of(io(0, Op.WRITE, 0, 300 * K), io(1, Op.READ, 200 * K, 100 * K), io(2, Op.READ, 0, 4 * K));
        Device d = Device.of(1 + 8, s -> 100 * US);
        StripedEngine engine = new StripedEngine(d.engine(), 1, StripeLayout.ONE, new int[] {8}, new SplitGeometry[] {device});
        Run run = run(trace, new FixedQdScheduler(1), engine, d, MemberMetrics.attach(engine));
        assertTrue(run.outcome().complete());
        List<SimulatedEngine.Submit> submits = d.engine().submits;
        assertEquals(List.of(0L, 128L * K, 256L * K, 200L * K, 256L * K, 0L), submits.stream().map(SimulatedEngine.Submit::offsetBytes).toList());
        assertEquals(List.of(128L * K, 128L * K, 44L * K, 56L * K, 44L * K, 4L * K),
                submits.stream().map(SimulatedEngine.Submit::lengthBytes).toList(), "cut at 128 KiB, and where a chunk ends");
        assertEquals(300 * K, run.metrics().op(Op.WRITE).bytes());
        assertEquals(2, run.members().splitIos());
        assertEquals(5, run.members().splitParts());
        assertEquals(3, run.metrics().all().ios(), "fidelity and latency per trace IO");
    }

    @Test
    void aTraceIoWaitsForMemberSlotsForAllItsParts() {
        // 8 KiB reads of two parts each, QD 4, but only 2 member slots: one trace IO at a time.
        List<IoRecord> trace = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            trace.add(io(i, Op.READ, i * 8L * K, 8 * K));
        }
        Device device = Device.of(4 + 2, s -> 100 * US);
        Run run = replay(trace, new FixedQdScheduler(4), 4, new StripeLayout(2, 4 * K), new int[] {4, 4}, device);
        assertEquals(4, run.metrics().qdReplayed().count(1));
        assertEquals(400 * US, run.metrics().wallNs());
    }

    @Test
    void aFlushReachesEveryMemberAndATrimEachMemberItTouchesOnce() {
        // 3 x 4 KiB: [2K, 21K) touches all three members, [5K, 6K) only member 1.
        List<IoRecord> trace = List.of(io(0, Op.FLUSH, 0, 0), io(1, Op.TRIM, 2 * K, 19 * K), io(2, Op.TRIM, 5 * K, K),
                io(3, Op.WRITE, 0, 12 * K));
        Device device = Device.of(2 + 8, s -> 100 * US);
        device.engine().withFlushesAndTrimsInCommit(50 * US);
        Run run = replay(trace, new FixedQdScheduler(2), 2, new StripeLayout(3, 4 * K), new int[] {4, 4, 4}, device);
        assertEquals(1, run.metrics().op(Op.FLUSH).ios());
        assertEquals(2, run.metrics().op(Op.TRIM).ios());
        for (int m = 0; m < 3; m++) {
            assertEquals(1, run.members().op(m, Op.FLUSH).ios(), "flushes on member " + m);
            assertEquals(1, run.members().op(m, Op.WRITE).ios(), "writes on member " + m);
        }
        assertEquals(1, run.members().op(0, Op.TRIM).ios());
        assertEquals(2, run.members().op(1, Op.TRIM).ios());
        assertEquals(1, run.members().op(2, Op.TRIM).ios());
        // Member 1's two discards: [0, 8K) and [1K, 2K) (5K is chunk 1, its row 0, at 1K).
        List<Long> offsets = device.engine().submits.stream().map(SimulatedEngine.Submit::offsetBytes).toList();
        assertEquals(List.of(0L, 0L, 0L, 2L * K, 0L, 0L, (long) K), offsets.subList(0, 7));
    }

    @Test
    void aFailingPartFailsItsTraceIo() {
        Device device = Device.of(1 + 2, s -> 100 * US);
        device.engine().withResults(s -> s.member == 1 ? -Errno.EIO : s.lengthBytes);
        Run run = replay(List.of(io(0, Op.READ, 0, 8 * K), io(1, Op.READ, 0, 4 * K)), new FixedQdScheduler(1), 1,
                new StripeLayout(2, 4 * K), new int[] {1, 1}, device);
        assertEquals(1, run.metrics().errors(Op.READ));
        assertEquals(1, run.metrics().errors(Op.READ, Errno.EIO));
        assertEquals(1, run.metrics().op(Op.READ).ios(), "the read on member 0 alone succeeded");
        assertEquals(1, run.members().all(1).errors());
        assertEquals(0, run.members().all(0).errors());
    }

    @Test
    void aStripeOfOneSubmitsExactlyWhatTheDeviceAloneGets() {
        List<IoRecord> trace = new ArrayList<>();
        Op[] ops = {Op.READ, Op.WRITE, Op.WRITE, Op.FLUSH, Op.READ, Op.TRIM};
        for (int i = 0; i < 60; i++) {
            Op op = ops[i % ops.length];
            trace.add(io(i * 10 * US, op, op == Op.FLUSH ? 0 : (i * 37L % 50) * 64 * K + 4 * K, op == Op.FLUSH ? 0 : (4 * K) << (i % 6)));
        }
        ToLongFunction<IoSlot> latency = s -> 20 * US + s.lengthBytes / 64 + s.offsetBytes % 7 * US;
        Device alone = Device.of(6, latency);
        alone.engine().withFlushesAndTrimsInCommit(30 * US);
        Run plain = run(trace, new TimedScheduler(1.0, 6), alone.engine(), alone, null);
        Device member = Device.of(6 + 6, latency);
        member.engine().withFlushesAndTrimsInCommit(30 * US);
        Run striped = replay(trace, new TimedScheduler(1.0, 6), 6, new StripeLayout(1, 64 * K), new int[] {6}, member);
        assertEquals(plain.device().submits, striped.device().submits);
        assertEquals(plain.metrics().all().busyNs(), striped.metrics().all().busyNs());
        assertEquals(plain.metrics().wallNs(), striped.metrics().wallNs());
        assertEquals(plain.metrics().all().latency(), striped.metrics().all().latency());
        assertEquals(plain.metrics().lateness(), striped.metrics().lateness());
        assertEquals(0, striped.members().splitIos());
        assertEquals(plain.metrics().all().busyNs(), striped.members().all(0).busyNs());
    }
}
