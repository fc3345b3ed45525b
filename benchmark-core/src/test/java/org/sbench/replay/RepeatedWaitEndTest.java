package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.data.ZeroPattern;
import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.target.StripeLayout;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Two commits in a row each wait (a FLUSH runs there), the second ending on the clock value the first ended on (it
 * took no time on the clock): the second still waited, and what completed in it is counted before the IOs submitted
 * after it.
 */
class RepeatedWaitEndTest {
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    /** The first FLUSH runs 1 ms in commit, any later one no time at all. */
    private static SimulatedEngine flushesTakingNoTimeAfterTheFirst(int depth, ManualClock clock) {
        return new SimulatedEngine(depth, clock, s -> 100 * US).withFlushesAndTrimsInCommit(s -> clock.now == 0 ? 1 * MS : 0);
    }

    @Test
    void theReplayCountsTheSecondFlushDoneBeforeTheReadAfterIt() {
        // Timed: the first flush runs from 0 to 1 ms in the first commit; the second flush and the read, due at 1 ms,
        // go in the next commit, the flush running there from 1 ms to 1 ms. The read finds nothing in flight.
        ManualClock clock = new ManualClock();
        SimulatedEngine engine = flushesTakingNoTimeAfterTheFirst(4, clock);
        List<IoRecord> trace = List.of(ReplayerTest.io(0, IoRecord.NO_TIME, Op.FLUSH, 0, 0),
                ReplayerTest.io(1 * MS, IoRecord.NO_TIME, Op.FLUSH, 0, 0), ReplayerTest.io(1 * MS, IoRecord.NO_TIME, Op.READ, 0, 0));
        MetricsRecorder metrics = new MetricsRecorder(0);
        ReplayerTest.replayer(trace, new TimedScheduler(1.0, 4), engine, new ZeroPattern(1 << 20), metrics, clock,
                ReplayListener.NONE, new ReplayControl()).run();
        assertEquals(List.of(0L, 1 * MS, 1 * MS), engine.submits.stream().map(SimulatedEngine.Submit::submitNs).toList());
        assertEquals(2, engine.waits.size(), "each flush's commit waited for it");
        assertEquals(3, metrics.qdReplayed().count(1), "each IO alone in flight");
        assertEquals(1100 * US, metrics.all().busyNs());
    }

    @Test
    void aStripesMembersHearTheSecondFlushDoneBeforeTheReadAfterIt() {
        // A FLUSH over two members, its parts running 1 ms in the first commit; then a FLUSH whose parts run no time
        // and a read on member 0 in the next commit, at 1 ms.
        ManualClock clock = new ManualClock();
        SimulatedEngine device = flushesTakingNoTimeAfterTheFirst(2 + 4, clock);
        StripedEngine engine = new StripedEngine(device, 2, new StripeLayout(2, 4096), new int[] {2, 2});
        List<String> heard = new ArrayList<>();
        engine.listen(new StripedEngine.MemberListener() {
            @Override
            public void split(int parts) {
            }

            @Override
            public void submitted(IoSlot part, int memberInFlight) {
                heard.add(part.op + " on " + part.member + " submitted at " + part.submitNs);
            }

            @Override
            public void completed(IoSlot part) {
                heard.add(part.op + " on " + part.member + " done at " + part.doneNs);
            }
        });
        IoSlot[] s = engine.slots();
        List<IoSlot> done = new ArrayList<>();
        set(s[0], Op.FLUSH, 0);
        engine.submit(s[0]);
        engine.commit();
        engine.reap(0, 0, done::add);
        assertEquals(List.of(s[0]), done);
        heard.clear();
        set(s[0], Op.FLUSH, 0);
        set(s[1], Op.READ, 4096);
        engine.submit(s[0]);
        engine.submit(s[1]);
        engine.commit();
        // Each member IO done by a submit's time is heard before that submit.
        assertEquals(List.of("FLUSH on 0 submitted at " + MS, "FLUSH on 0 done at " + MS, "FLUSH on 1 submitted at " + MS,
                "FLUSH on 1 done at " + MS, "READ on 0 submitted at " + MS), heard);
    }

    private static void set(IoSlot s, Op op, long lengthBytes) {
        s.op = op;
        s.offsetBytes = 0;
        s.lengthBytes = lengthBytes;
    }
}
