// Tests of the issue/completion pairing shared by the Linux block-trace readers.
package org.sbench.trace.format.blockevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

class CompletionMatcherTest {

    @Test
    void releasesInIssueOrderOnlyOnceTheOldestIsComplete() {
        CompletionMatcher m = new CompletionMatcher();
        m.issue(io(10, 100, Op.WRITE, 1), 100);
        m.issue(io(20, 200, Op.READ, 1), 200);
        IoRecord out = new IoRecord();
        m.complete(m.find(1, 200, Op.READ), 30);
        assertFalse(m.poll(out, false), "the older write is still in flight");
        m.complete(m.find(1, 100, Op.WRITE), 40);
        assertTrue(m.poll(out, false));
        assertEquals(10, out.issueNs);
        assertEquals(40, out.completeNs);
        assertTrue(m.poll(out, false));
        assertEquals(20, out.issueNs);
        assertEquals(30, out.completeNs);
        assertFalse(m.poll(out, true));
        assertEquals(0, m.pending());
    }

    @Test
    void keyIsDeviceSectorAndOp() {
        CompletionMatcher m = new CompletionMatcher();
        m.issue(io(10, 100, Op.WRITE, 1), 100);
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(2, 100, Op.WRITE));
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(1, 100, Op.READ));
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(1, 101, Op.WRITE));
        assertEquals(10, m.issueNs(m.find(1, 100, Op.WRITE)));
    }

    @Test
    void flushesPairByDeviceWhateverSectorIsPrinted() {
        CompletionMatcher m = new CompletionMatcher();
        m.issue(io(10, 0, Op.FLUSH, 1), 0);
        m.issue(io(11, 0, Op.FLUSH, 2), 0);
        assertEquals(10, m.issueNs(m.find(1, -1, Op.FLUSH)), "issued as sector 0, completed as 2^64 - 1");
        assertEquals(11, m.issueNs(m.find(2, 0, Op.FLUSH)));
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(3, -1, Op.FLUSH));
    }

    @Test
    void aRequeueForgetsTheNewestIssueOfItsKeyAndKeepsTheOlderOnesInOrder() {
        CompletionMatcher m = new CompletionMatcher();
        m.issue(io(10, 100, Op.WRITE, 1), 100);
        m.issue(io(20, 100, Op.WRITE, 1), 100);
        m.issue(io(30, 100, Op.WRITE, 1), 100);
        m.requeue(1, 100, Op.WRITE);
        m.issue(io(40, 100, Op.WRITE, 1), 100);
        m.requeue(1, 100, Op.WRITE);
        m.requeue(1, 200, Op.WRITE);
        m.issue(io(50, 100, Op.WRITE, 1), 100);
        for (long done = 60; done <= 80; done += 10) {
            m.complete(m.find(1, 100, Op.WRITE), done);
        }
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(1, 100, Op.WRITE));
        IoRecord out = new IoRecord();
        List<Long> paired = new ArrayList<>();
        while (m.poll(out, true)) {
            paired.add(out.issueNs);
            paired.add(out.completeNs);
        }
        assertEquals(List.of(10L, 60L, 20L, 70L, 50L, 80L), paired);
    }

    /** A matcher giving up at 3 waiting, holding a flush still waiting and three writes completed behind it. */
    private static CompletionMatcher flushWaitingBeforeThreeCompletedWrites(boolean keepUncompleted) {
        CompletionMatcher m = new CompletionMatcher(3, keepUncompleted);
        m.issue(io(1, 0, Op.FLUSH, 0), -1);
        for (int i = 1; i <= 3; i++) {
            m.issue(io(1 + i, i * 8L, Op.WRITE, 0), i * 8L);
            m.complete(m.find(0, i * 8L, Op.WRITE), 10 + i);
        }
        return m;
    }

    @Test
    void issuesGivenUpLeaveWithoutACompletionTime() {
        CompletionMatcher m = flushWaitingBeforeThreeCompletedWrites(true);
        IoRecord out = new IoRecord();
        assertTrue(m.poll(out, false), "too many wait behind the flush: it leaves as it is");
        assertEquals(1, out.issueNs);
        assertEquals(Op.FLUSH, out.op);
        assertFalse(out.hasComplete());
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(0, -1, Op.FLUSH), "its completion, if it comes, finds nothing");
        m.issue(io(9, 64, Op.READ, 0), 64);
        for (long expected : new long[] {2, 3, 4}) {
            assertTrue(m.poll(out, true));
            assertEquals(expected, out.issueNs);
            assertTrue(out.hasComplete());
        }
        assertTrue(m.poll(out, true), "the end of the input: the read still waiting leaves too");
        assertEquals(9, out.issueNs);
        assertFalse(out.hasComplete());
        assertFalse(m.poll(out, true));
        assertEquals(0, m.lostIssues());
    }

    @Test
    void aMatcherThatDropsGivesUpTheOldestWhenTooManyWaitAndTheRestAtTheEnd() {
        CompletionMatcher m = flushWaitingBeforeThreeCompletedWrites(false);
        IoRecord out = new IoRecord();
        assertTrue(m.poll(out, false), "the flush is given up, the next one leaves");
        assertEquals(2, out.issueNs);
        assertEquals(1, m.lostIssues());
        assertEquals(CompletionMatcher.NOT_FOUND, m.find(0, -1, Op.FLUSH));
        m.issue(io(9, 64, Op.READ, 0), 64);
        assertTrue(m.poll(out, true));
        assertTrue(m.poll(out, true));
        assertFalse(m.poll(out, true));
        assertEquals(2, m.lostIssues());
    }

    @Test
    void cancelledIssuesLeaveSilently() {
        CompletionMatcher m = new CompletionMatcher();
        IoRecord out = new IoRecord();
        m.issue(io(1, 8, Op.WRITE, 0), 8);
        m.cancel(m.find(0, 8, Op.WRITE));
        m.issue(io(2, 8, Op.WRITE, 0), 8);
        m.complete(m.find(0, 8, Op.WRITE), 5);
        assertTrue(m.poll(out, false));
        assertEquals(2, out.issueNs);
        assertEquals(0, m.lostIssues());
    }

    @Test
    void aRewriteInFlightPairsOldestFirstButAcrossALossTheOlderIssueIsGivenUp() {
        IoRecord out = new IoRecord();
        CompletionMatcher noLoss = new CompletionMatcher();
        noLoss.issue(io(1, 8, Op.WRITE, 0), 8);
        noLoss.issue(io(2, 8, Op.WRITE, 0), 8);
        noLoss.complete(noLoss.find(0, 8, Op.WRITE), 5);
        assertTrue(noLoss.poll(out, false));
        assertEquals(1, out.issueNs, "without a loss the first completion is the older write's");
        assertEquals(5, out.completeNs);

        for (boolean keep : new boolean[] {true, false}) {
            CompletionMatcher m = new CompletionMatcher(CompletionMatcher.DEFAULT_MAX_PENDING, keep);
            m.issue(io(1, 8, Op.WRITE, 0), 8);
            m.issue(io(2, 16, Op.READ, 0), 16);
            m.eventsLost();
            m.issue(io(3, 8, Op.WRITE, 0), 8);
            m.complete(m.find(0, 8, Op.WRITE), 9);
            m.complete(m.find(0, 16, Op.READ), 4);
            if (keep) {
                assertTrue(m.poll(out, false));
                assertEquals(1, out.issueNs);
                assertFalse(out.hasComplete(), "the write waiting across the loss is given up when its sector is written again");
            }
            assertTrue(m.poll(out, false));
            assertEquals(2, out.issueNs, "an issue waiting across the loss whose key is not issued again still pairs");
            assertEquals(4, out.completeNs);
            assertTrue(m.poll(out, false));
            assertEquals(3, out.issueNs);
            assertEquals(9, out.completeNs, "the later write has its own completion");
            assertFalse(m.poll(out, true));
            assertEquals(keep ? 0 : 1, m.lostIssues());
        }
    }

    @Test
    void aLossNamedAfterTheRewriteGivesTheOlderIssueUpAtOnce() {
        CompletionMatcher m = new CompletionMatcher();
        IoRecord out = new IoRecord();
        m.issue(io(1, 8, Op.WRITE, 0), 8);
        m.issue(io(2, 8, Op.WRITE, 0), 8);
        m.eventsLost();
        m.complete(m.find(0, 8, Op.WRITE), 9);
        assertTrue(m.poll(out, false));
        assertEquals(1, out.issueNs);
        assertFalse(out.hasComplete());
        assertTrue(m.poll(out, false));
        assertEquals(2, out.issueNs);
        assertEquals(9, out.completeNs);
    }

    @Test
    void flushesInFlightAcrossALossStillPairOldestFirst() {
        CompletionMatcher m = new CompletionMatcher();
        m.issue(io(1, 0, Op.FLUSH, 0), 0);
        m.eventsLost();
        m.issue(io(2, 0, Op.FLUSH, 0), 0);
        assertEquals(1, m.issueNs(m.find(0, -1, Op.FLUSH)));
    }

    /**
     * Requests sharing keys whose completions are sometimes lost, each loss named to the matcher
     * as a tracer names it: every request still leaves once, in issue order, without a completion
     * or with a completion of its own key that came no earlier than its issue.
     */
    @Property(tries = 200)
    void withLostCompletionsEveryRequestStillLeavesOnce(@ForAll @IntRange(min = 1, max = 600) int count,
            @ForAll @IntRange(min = 1, max = 40) int keys, @ForAll @IntRange(min = 0, max = 30) int lostPercent,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        java.util.Random random = new java.util.Random(seed);
        List<long[]> events = events(count, random);
        int[] keyOf = random.ints(count, 0, keys).toArray();
        java.util.Map<Integer, java.util.Set<Long>> completionsOfKey = new java.util.HashMap<>();
        CompletionMatcher m = new CompletionMatcher(64, true);
        List<IoRecord> out = new ArrayList<>();
        IoRecord r = new IoRecord();
        for (long[] e : events) {
            int key = keyOf[(int) e[2]];
            Op op = key % 2 == 0 ? Op.READ : Op.WRITE;
            if (e[1] == 0) {
                m.issue(io(e[0], key, op, 0), key);
            } else if (random.nextInt(100) < lostPercent) {
                m.eventsLost();
            } else {
                completionsOfKey.computeIfAbsent(key, k -> new java.util.HashSet<>()).add(e[0]);
                long handle = m.find(0, key, op);
                if (handle != CompletionMatcher.NOT_FOUND) {
                    m.complete(handle, e[0]);
                }
            }
            drain(m, r, out, false);
        }
        drain(m, r, out, true);
        assertEquals(count, out.size());
        for (int i = 0; i < count; i++) {
            IoRecord io = out.get(i);
            assertEquals(i * 10L, io.issueNs);
            if (io.hasComplete()) {
                assertTrue(io.completeNs >= io.issueNs
                        && completionsOfKey.getOrDefault(keyOf[i], java.util.Set.of()).contains(io.completeNs));
            }
        }
        assertEquals(0, m.pending());
    }

    /**
     * Any number of requests, many sharing keys, issued in order and completed in any order
     * (each completion going to the oldest in-flight request of its key): every request leaves
     * once, in issue order, with its own completion, however the arrays grew on the way.
     */
    @Property(tries = 200)
    void everyRequestLeavesOnceInIssueOrder(@ForAll @IntRange(min = 1, max = 600) int count,
            @ForAll @IntRange(min = 1, max = 40) int keys, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        java.util.Random random = new java.util.Random(seed);
        List<long[]> events = events(count, random);
        int[] keyOf = random.ints(count, 0, keys).toArray();
        // With shared keys a completion goes to the oldest request in flight with its key, as in a real
        // trace; flushes have no sector, so all flushes of a device share one key (lists keys..keys+2).
        List<List<Integer>> inFlight = new ArrayList<>();
        for (int k = 0; k < keys + 3; k++) {
            inFlight.add(new ArrayList<>());
        }
        long[] expectedComplete = new long[count];
        CompletionMatcher m = new CompletionMatcher();
        List<IoRecord> out = new ArrayList<>();
        IoRecord r = new IoRecord();
        for (long[] e : events) {
            int i = (int) e[2];
            int key = keyOf[i];
            Op op = Op.ofOrdinal(key % Op.values().length);
            int modelKey = op == Op.FLUSH ? keys + key % 3 : key;
            if (e[1] == 0) {
                inFlight.get(modelKey).add(i);
                m.issue(io(e[0], key, op, key % 3), key);
            } else {
                int oldest = inFlight.get(modelKey).remove(0);
                expectedComplete[oldest] = e[0];
                m.complete(m.find(key % 3, key, op), e[0]);
            }
            drain(m, r, out, false);
        }
        drain(m, r, out, true);
        assertEquals(count, out.size());
        for (int i = 0; i < count; i++) {
            assertEquals(i * 10L, out.get(i).issueNs);
            assertEquals(expectedComplete[i], out.get(i).completeNs);
        }
        assertEquals(0, m.lostIssues());
        assertEquals(0, m.pending());
    }

    private static IoRecord io(long issueNs, long sector, Op op, int device) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.offsetBytes = op == Op.FLUSH ? 0 : sector * 512;
        r.lengthBytes = op == Op.FLUSH ? 0 : 4096;
        r.op = op;
        r.stream = device;
        return r;
    }

    /**
     * Request i issued at 10 i and completed 1 to 5000 ns later, as events {time, 0 for the issue or
     * 1 for the completion, i} in time order, an issue before a completion at the same time.
     */
    private static List<long[]> events(int count, java.util.Random random) {
        List<long[]> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(new long[] {i * 10L, 0, i});
            events.add(new long[] {i * 10L + 1 + random.nextInt(5000), 1, i});
        }
        events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        return events;
    }

    /** Every record the matcher releases now (all that are left, at the end of the input) into {@code out}. */
    private static void drain(CompletionMatcher m, IoRecord r, List<IoRecord> out, boolean endOfInput) {
        while (m.poll(r, endOfInput)) {
            out.add(new IoRecord().copyFrom(r));
        }
    }
}
