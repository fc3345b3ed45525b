package org.sbench.replay;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.trace.Op;

/**
 * A device simulated on a {@link ManualClock}: each IO takes the latency the test programs; reaping
 * jumps the clock to the next completion. Logs every submit with the depth it saw.
 */
final class SimulatedEngine implements IoEngine {
    /** One submission as the device saw it. */
    record Submit(long tag, long submitNs, int inFlightAfter, int member, long offsetBytes, long lengthBytes) {
    }

    /**
     * A wait inside commit that kept trace order, as the device saw it: when its slowest part ended, and the
     * {@link #submits} before that (those of the FLUSHes or TRIMs that ran in it included): it held the submits from
     * this one on.
     */
    record Wait(long endNs, int submitsBefore) {
    }

    static final long POLL_STEP_NS = 1_000;
    /** What one Thread.yield between two io_uring_enter calls of a batch the kernel took only part of costs on the clock. */
    static final long RETRY_STEP_NS = 1_000;
    /** The errno of an IO the kernel refused at submit (io_submit's EINVAL for an iocb it will not take). */
    static final long REFUSED = -22;

    private final ManualClock clock;
    private final ToLongFunction<IoSlot> latencyNs;
    private final IoSlot[] slots;
    private final long[] doneAt;
    /** With {@link #withWorkers}: when the IO's worker claimed its place in the completion ring, and when it stored its index there. */
    private final long[] claimAt;
    private final long[] publishAt;
    /** Done at the device when a poll looked and did not see it yet. */
    private final boolean[] missed;
    private final List<IoSlot> queued = new ArrayList<>();
    /** Handed over and running: neither completed nor collected. */
    private final List<IoSlot> pending = new ArrayList<>();
    /** Ran inside commit, stamped: the next reap hands them back first, in the order they ran (AbstractIoEngine). */
    private final List<IoSlot> ranInCommit = new ArrayList<>();
    /** Completed while commit ran or waited, stamped then: handed back after those. */
    private final List<IoSlot> collectedInCommit = new ArrayList<>();
    /** Refused at commit without running: handed back after those, stamped by that reap's clock read. */
    private final List<IoSlot> refused = new ArrayList<>();
    final List<Submit> submits = new ArrayList<>();
    /** Every wait inside commit: a FLUSH or TRIM run there (a striped one's parts at once), a TRIM held, IOs held behind overlaps. */
    final List<Wait> waits = new ArrayList<>();
    /** Reaps that slept until a completion (min 1, no time limit), as {@code --reap wait} and a poller's long waits do. */
    int blockingReaps;
    /** Runs of FLUSHes or TRIMs on several members at once in commit where a later member's finished before an earlier one's. */
    int unorderedMemberRuns;
    /** IOs refused at commit, handed back at a later reap. */
    int refusals;
    /** Reads and writes that waited in commit for a running TRIM they overlap. */
    int waitsBehindTrims;
    /** Completions a poll did not see though the IO was done at the device, handed back by a later one (with {@link #withWorkers}). */
    int seenLate;
    /** io_uring_enter calls that took only part of what was left of a batch (with {@link #withPartialSubmits}). */
    int shortSubmits;
    /** When set: completions come from worker threads through a ring, as the sync engine's ({@link #withWorkers}). */
    private Random workers;
    /** When set: each io_uring_enter of a batch may take only part of it ({@link #withPartialSubmits}). */
    private Random partialSubmits;
    /** With {@link #withPartialSubmits}: the IOs of the batch commit is building, stamped, not yet taken by the device. */
    private final List<IoSlot> batch = new ArrayList<>();
    /** The result each IO completes with; by default all its bytes (0 for a FLUSH or TRIM). */
    private ToLongFunction<IoSlot> results = s -> s.lengthBytes;
    /** When set: how long a FLUSH or TRIM runs inside commit, as the libaio and io_uring engines run them. */
    private ToLongFunction<IoSlot> inCommitNs;
    /**
     * When non-negative: a TRIM waits this long inside commit (for the IOs it overlaps), then goes like any IO; the IOs
     * that completed meanwhile are stamped when they did.
     */
    private long waitBeforeTrimNs = -1;
    /** A TRIM and a running read or write it overlaps (or the reverse) never run at once: commit waits (TrimOverlaps). */
    private boolean trimOverlaps;
    private Predicate<IoSlot> refuses = s -> false;
    /** The TRIMs queued like reads and writes even when FLUSHes and TRIMs run in commit (io_uring's discards of one request). */
    private Predicate<IoSlot> queuesTrim = s -> false;
    private long orderWaitEndNs = Long.MIN_VALUE;
    /** When set: a completed READ leaves this byte in every byte it read, as data from a device would. */
    private Byte readData;

    SimulatedEngine(int depth, ManualClock clock, ToLongFunction<IoSlot> latencyNs) {
        this(depth, clock, latencyNs, depth, 1 << 20);
    }

    /**
     * The first {@code buffered} slots with buffers of {@code bufferBytes}, the others (a stripe's member IOs, which
     * point into the trace IOs' buffers) with none: a test of many replays then spends its time replaying.
     */
    SimulatedEngine(int depth, ManualClock clock, ToLongFunction<IoSlot> latencyNs, int buffered, int bufferBytes) {
        this.clock = clock;
        this.latencyNs = latencyNs;
        this.slots = new IoSlot[depth];
        this.doneAt = new long[depth];
        this.claimAt = new long[depth];
        this.publishAt = new long[depth];
        this.missed = new boolean[depth];
        for (int i = 0; i < depth; i++) {
            int bytes = i < buffered ? bufferBytes : 0;
            slots[i] = new IoSlot(i, 0, bytes, ByteBuffer.allocate(bytes));
        }
    }

    /** Completed READs fill their buffer range with {@code value}. */
    SimulatedEngine withReadData(byte value) {
        this.readData = value;
        return this;
    }

    /** Runs every FLUSH and TRIM synchronously inside commit, for {@code ns} of the clock, then the rest of the batch. */
    SimulatedEngine withFlushesAndTrimsInCommit(long ns) {
        return withFlushesAndTrimsInCommit(s -> ns);
    }

    /**
     * Runs every FLUSH and TRIM synchronously inside commit, each for {@code ns} of it; a run of them on members in
     * increasing order (a striped FLUSH or TRIM) runs at once, as MemberCalls runs it, each part stamped when it ended.
     */
    SimulatedEngine withFlushesAndTrimsInCommit(ToLongFunction<IoSlot> ns) {
        this.inCommitNs = ns;
        return this;
    }

    /** Completes each IO with {@code result} of it (bytes, or a negative errno) instead of all its bytes. */
    SimulatedEngine withResults(ToLongFunction<IoSlot> result) {
        this.results = result;
        return this;
    }

    /**
     * Holds every TRIM inside commit for {@code ns} of the clock, as a wait for the IOs it overlaps, then queues it; the
     * IOs that completed during the wait are stamped at their completion, as a poll there stamps them.
     */
    SimulatedEngine withWaitBeforeTrims(long ns) {
        this.waitBeforeTrimNs = ns;
        return this;
    }

    /** Commit holds a TRIM until the running reads and writes it overlaps completed, and a read or write likewise. */
    SimulatedEngine withTrimOverlaps() {
        this.trimOverlaps = true;
        return this;
    }

    /** Queues the TRIMs {@code which} says like any IO, the others running in commit when they do ({@link #withFlushesAndTrimsInCommit}). */
    SimulatedEngine withQueuedTrims(Predicate<IoSlot> which) {
        this.queuesTrim = which;
        return this;
    }

    /** Refuses the reads and writes {@code which} says at commit, as io_submit refuses an iocb: they fail with {@link #REFUSED}. */
    SimulatedEngine withRefusals(Predicate<IoSlot> which) {
        this.refuses = which;
        return this;
    }

    /**
     * Hands completions over as the sync engine's workers do: the worker of an IO done at the device claims a place in
     * the completion ring (at once, or some µs later when it is slow to run) and stores the IO there (at once, or later
     * when it is preempted in between); a poll hands back the stored IOs in the ring's order up to the first place claimed
     * and not yet stored, each drain stamped with its own clock read. So a poll can miss an IO done before it (late
     * itself, or behind one that is), and the IOs come back out of the device's order; a reap that waits drains each time
     * something came.
     */
    SimulatedEngine withWorkers(Random lags) {
        this.workers = lags;
        return this;
    }

    /**
     * Has io_uring_enter take only part of a batch now and then (a short submit, or EAGAIN/EBUSY taking none): the rest
     * stays in the SQ and the engine enters again after a yield, until the device has them all. As the io_uring engine
     * does, the IOs each enter takes are stamped with the clock read just before it: the first enter's are the batch's
     * stamp, the rest later by the yields between.
     */
    SimulatedEngine withPartialSubmits(Random takes) {
        this.partialSubmits = takes;
        return this;
    }

    @Override
    public String name() {
        return "simulated";
    }

    @Override
    public int depth() {
        return slots.length;
    }

    @Override
    public IoSlot[] slots() {
        return slots;
    }

    @Override
    public void submit(IoSlot slot) {
        queued.add(slot);
    }

    @Override
    public int commit() {
        int n = queued.size();
        for (int k = 0; k < n; k++) {
            IoSlot s = queued.get(k);
            if ((s.op == Op.TRIM && waitBeforeTrimNs >= 0) || blocked(s) || runsInCommit(s)) {
                // The IOs batched before it go first, as io_uring's commit submits them before it waits or runs one.
                enterBatch();
            }
            if (s.op == Op.TRIM && waitBeforeTrimNs >= 0) {
                waits.add(new Wait(clock.now + waitBeforeTrimNs, submits.size()));
                clock.advanceTo(clock.now + waitBeforeTrimNs);
                // As the engines poll while they wait: each IO that completed meanwhile is stamped when it did.
                collect(true);
                orderWaitEndNs = clock.now;
            }
            if (blocked(s)) {
                awaitOverlaps(s);
            }
            if (runsInCommit(s)) {
                k += runInCommit(k);
                continue;
            }
            s.submitNs = clock.now;
            s.orderWaitEndNs = orderWaitEndNs;
            if (s.op.transfersData() && refuses.test(s)) {
                s.result = REFUSED;
                refused.add(s);
                refusals++;
                submits.add(new Submit(s.tag, s.submitNs, handedOver(), s.member, s.offsetBytes, s.lengthBytes));
            } else if (partialSubmits != null) {
                batch.add(s);
            } else {
                start(s);
            }
        }
        enterBatch();
        queued.clear();
        return n;
    }

    /** The device takes {@code s}: it runs from now for its latency. */
    private void start(IoSlot s) {
        doneAt[s.index] = clock.now + latencyNs.applyAsLong(s);
        if (workers != null) {
            claimAt[s.index] = doneAt[s.index] + (workers.nextInt(3) == 0 ? 1_000L * workers.nextInt(20) : 0);
            publishAt[s.index] = claimAt[s.index] + (workers.nextInt(6) == 0 ? 1_000L * (1 + workers.nextInt(30)) : 0);
        }
        pending.add(s);
        submits.add(new Submit(s.tag, s.submitNs, handedOver(), s.member, s.offsetBytes, s.lengthBytes));
    }

    /** io_uring_enter until the device took the whole batch, a part at a time, a yield between two calls; each part stamped when taken. */
    private void enterBatch() {
        while (!batch.isEmpty()) {
            int taken = partialSubmits.nextInt(3) == 0 ? partialSubmits.nextInt(batch.size()) : batch.size();
            for (int i = 0; i < taken; i++) {
                IoSlot s = batch.remove(0);
                s.submitNs = clock.now;
                start(s);
            }
            if (!batch.isEmpty()) {
                shortSubmits++;
                clock.advanceTo(clock.now + RETRY_STEP_NS * (1 + partialSubmits.nextInt(20)));
            }
        }
    }

    /**
     * Runs the FLUSH or TRIM at {@code k} of the batch with those right after it on the next members in turn, at once,
     * then stamps what completed meanwhile; returns how many it ran besides the first.
     */
    private int runInCommit(int k) {
        int count = 1;
        while (k + count < queued.size() && runsInCommit(queued.get(k + count))
                && queued.get(k + count).member > queued.get(k + count - 1).member && !blocked(queued.get(k + count))) {
            count++;
        }
        long startNs = clock.now;
        long endNs = startNs;
        for (int i = 0; i < count; i++) {
            IoSlot g = queued.get(k + i);
            g.submitNs = startNs;
            g.orderWaitEndNs = orderWaitEndNs;
            g.doneNs = startNs + inCommitNs.applyAsLong(g);
            g.result = results.applyAsLong(g);
            if (i > 0 && g.doneNs < queued.get(k + i - 1).doneNs) {
                unorderedMemberRuns++;
            }
            endNs = Math.max(endNs, g.doneNs);
            ranInCommit.add(g);
            submits.add(new Submit(g.tag, startNs, handedOver(), g.member, g.offsetBytes, g.lengthBytes));
        }
        waits.add(new Wait(endNs, submits.size()));
        clock.advanceTo(endNs);
        orderWaitEndNs = clock.now;
        // As the engines stamp what completed meanwhile when the run returned.
        collect(false);
        return count - 1;
    }

    /** True when {@code s} may not start: it overlaps a running IO of the other kind, a TRIM against a read or write. */
    private boolean blocked(IoSlot s) {
        if (!trimOverlaps || s.op == Op.FLUSH) {
            return false;
        }
        // An IO batched and not yet taken by the device counts too: commit marked it started when it batched it.
        return Stream.concat(pending.stream(), batch.stream()).anyMatch(r -> r.op != Op.FLUSH && (r.op == Op.TRIM) != (s.op == Op.TRIM)
                && r.member == s.member && r.offsetBytes < s.offsetBytes + s.lengthBytes && s.offsetBytes < r.offsetBytes + r.lengthBytes);
    }

    /** Polls, each completion collected when it came, until {@code s} overlaps nothing running. */
    private void awaitOverlaps(IoSlot s) {
        if (s.op != Op.TRIM) {
            waitsBehindTrims++;
        }
        while (blocked(s)) {
            clock.advanceTo(nextSeen());
            collect(true);
        }
        waits.add(new Wait(clock.now, submits.size()));
        orderWaitEndNs = clock.now;
    }

    /**
     * Collects the running IOs seen by now, first seen first, stamped when they were seen (polled for as they came) or
     * now; without workers an IO is seen when it is done.
     */
    private void collect(boolean whenSeen) {
        List<IoSlot> seen = seen();
        if (workers == null) {
            seen.sort(Comparator.comparingLong(p -> doneAt[p.index]));
        }
        for (IoSlot p : seen) {
            p.doneNs = whenSeen ? seenAt(p) : clock.now;
            collectedInCommit.add(p);
        }
        pending.removeAll(seen);
    }

    /**
     * The running IOs a poll now sees, in the ring's order with workers (else as they were submitted), their results set;
     * notes those done at the device that it does not see yet.
     */
    private List<IoSlot> seen() {
        List<IoSlot> seen = new ArrayList<>();
        for (IoSlot p : pending) {
            if (seenAt(p) <= clock.now) {
                seen.add(p);
                p.result = results.applyAsLong(p);
                if (missed[p.index]) {
                    missed[p.index] = false;
                    seenLate++;
                }
            } else if (doneAt[p.index] <= clock.now) {
                missed[p.index] = true;
            }
        }
        if (workers != null) {
            seen.sort(Comparator.<IoSlot>comparingLong(p -> claimAt[p.index]).thenComparingInt(p -> p.index));
        }
        return seen;
    }

    /**
     * When a poll first sees the running IO {@code p}: when it is done; with workers, once it and every IO whose worker
     * claimed its place in the ring before it are stored there.
     */
    private long seenAt(IoSlot p) {
        if (workers == null) {
            return doneAt[p.index];
        }
        long at = publishAt[p.index];
        for (IoSlot q : pending) {
            if (claimAt[q.index] < claimAt[p.index] || (claimAt[q.index] == claimAt[p.index] && q.index < p.index)) {
                at = Math.max(at, publishAt[q.index]);
            }
        }
        return at;
    }

    /** When the next running IO is seen. */
    private long nextSeen() {
        long next = Long.MAX_VALUE;
        for (IoSlot p : pending) {
            next = Math.min(next, seenAt(p));
        }
        return next;
    }

    private boolean runsInCommit(IoSlot s) {
        return (s.op == Op.FLUSH || (s.op == Op.TRIM && !queuesTrim.test(s))) && inCommitNs != null;
    }

    private int handedOver() {
        return pending.size() + ranInCommit.size() + collectedInCommit.size() + refused.size();
    }

    /**
     * Hands back first what completed in commit (what ran there, what was collected, then the refused IOs stamped now),
     * as the engines do before they wait, then waits as asked for running IOs and hands back those done.
     */
    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        if (min > 0 && timeoutNs < 0) {
            blockingReaps++;
        }
        int n = ranInCommit.size() + collectedInCommit.size() + refused.size();
        for (IoSlot s : ranInCommit) {
            handBack(s, sink);
        }
        for (IoSlot s : collectedInCommit) {
            handBack(s, sink);
        }
        for (IoSlot s : refused) {
            s.doneNs = clock.now;
            handBack(s, sink);
        }
        ranInCommit.clear();
        collectedInCommit.clear();
        refused.clear();
        long deadline = timeoutNs < 0 ? Long.MAX_VALUE : clock.now + timeoutNs;
        if (workers != null) {
            // The sync engine drains before it waits, and again each time it woke.
            n += drain(sink);
        }
        while (n + seenCount() < Math.max(min, 1) && !pending.isEmpty()) {
            long next = nextSeen();
            if (min == 0 && timeoutNs == 0) {
                clock.advanceTo(Math.min(next, clock.now + POLL_STEP_NS));
                break;
            }
            if (next > deadline) {
                clock.advanceTo(deadline);
                break;
            }
            clock.advanceTo(next);
            if (workers != null) {
                n += drain(sink);
            }
        }
        return n + drain(sink);
    }

    /** Hands back the running IOs seen now, stamped with one clock read. */
    private int drain(CompletionSink sink) {
        List<IoSlot> seen = seen();
        for (IoSlot s : seen) {
            pending.remove(s);
            s.doneNs = clock.now;
            handBack(s, sink);
        }
        return seen.size();
    }

    private void handBack(IoSlot s, CompletionSink sink) {
        if (readData != null && s.op == Op.READ && !s.failed()) {
            for (int i = 0; i < s.lengthBytes; i++) {
                s.buffer.put(i, readData);
            }
        }
        sink.completed(s);
    }

    private int seenCount() {
        int n = 0;
        for (IoSlot s : pending) {
            if (seenAt(s) <= clock.now) {
                n++;
            }
        }
        return n;
    }

    @Override
    public long orderWaits() {
        return waits.size();
    }

    @Override
    public int inFlight() {
        return handedOver() + queued.size();
    }

    @Override
    public void close() {
    }
}
