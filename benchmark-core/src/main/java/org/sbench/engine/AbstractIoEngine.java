package org.sbench.engine;

import org.sbench.replay.NanoClock;
import org.sbench.target.EraseMethod;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * What every engine does the same way around its kernel interface (Disruptor's
 * {@code AbstractSequencer} plays this part for its sequencers): the slots and their buffers, the
 * checks and in-flight count at submit, the queue of submitted IOs, the commit loop that stamps
 * each batch with one clock read (splitting it around an IO run synchronously), the IOs completed
 * inside commit and handed back at the next reap, the count of IOs running, and an orderly close.
 * A subclass supplies only what its interface does differently: {@link #queue} takes one IO,
 * {@link #submitBatch} hands a batch over where the interface batches ({@link HandOver}),
 * {@link #awaitCompletions} collects completions, {@link #release} frees the kernel side.
 *
 * <p>FLUSH and TRIM run on the replay thread inside commit, at their place in submit order, through
 * the target's own calls ({@link Target#flush()}, {@link Target#discard}): no engine's interface
 * issues flushes in order (io_uring's fsync and libaio's fdsync go to kernel workers, and the sync
 * engine's workers race), and two flushes running at once are merged by the block layer into one.
 * A TRIM the engine's interface queues in order ({@link #queuesTrim}: io_uring's block-device
 * discard command) goes through {@link #queue} instead, at depth. Either way a TRIM and a read or
 * write it overlaps never run at once ({@link TrimOverlaps}): commit holds the later of the two, and
 * the IOs after it, until the earlier completed. A run of FLUSHes or TRIMs on distinct members,
 * submitted one after another (a striped FLUSH or TRIM), runs on all those members at once
 * ({@link MemberCalls}).
 *
 * <p>Every IO goes to the descriptor of its slot's {@link IoSlot#member} ({@link #memberFd}) and
 * moves the data at {@link #dataAddress}; slots past the buffered ones carry no buffer of their own.
 *
 * <p>Like {@link IoEngine}, not thread-safe: every method, hooks included, runs on the replay
 * thread. Nothing on the path from submit to the sink allocates.
 */
abstract class AbstractIoEngine implements IoEngine {
    private static final CompletionSink DISCARD = slot -> { };

    /**
     * Where an engine hands IOs over, which decides when commit reads the clock for
     * {@link IoSlot#submitNs}: once per batch, just before the hand-over (and before each further
     * call {@link #submitBatch} makes for IOs the kernel did not take at the first).
     */
    enum HandOver {
        /**
         * {@link #queue} only prepares a kernel entry (an SQE, an iocb); {@link #submitBatch} hands
         * a run of them over in one call. The clock is read after the run is prepared, and an IO
         * run inside commit ({@link #runsInCommit}) runs between two runs.
         */
        IN_BATCHES,
        /**
         * {@link #queue} hands its slot over at once (a worker's flag, an instant completion), so
         * the clock is read before the first and again after an IO run inside commit; one pass, no
         * batch array, no {@link #submitBatch}.
         */
        EACH
    }

    /** Stamps {@link IoSlot#submitNs} and {@link IoSlot#doneNs}; never used for wait deadlines. */
    protected final NanoClock clock;
    private final String name;
    private final HandOver handOver;
    /** Whose flush and discard run inside commit; null when the engine completes them like any other IO. */
    private final Target orderedOps;
    /** The descriptors of the target's members, by member index. */
    private final int[] memberFds;
    /** Runs a run of flushes or discards on several members at once; null without {@link #orderedOps}. */
    private final MemberCalls memberCalls;
    /** The slots of one such run. */
    private final IoSlot[] group;
    private final TrimOverlaps overlaps;
    /** When the last wait inside commit that kept trace order ended; MIN_VALUE before any. */
    private long orderWaitEndNs = Long.MIN_VALUE;
    /** The waits inside commit that kept trace order so far. */
    private long orderWaits;
    private final SlotBuffers buffers;
    private final IoSlot[] slots;
    private final InFlightSlots inFlight;
    /** Submitted, not yet committed. */
    private final SlotQueue submitted;
    /** Completed inside commit without running (refused submits, instant completions): stamped when handed back. */
    private final SlotQueue completedEarly;
    /** Run synchronously inside commit ({@link #runNow}), already stamped: handed back at the next reap. */
    private final SlotQueue ranInCommit;
    /** Completed while an IO ran inside commit, collected and stamped right after it: handed back at the next reap. */
    private final SlotQueue collectedInCommit;
    private final CompletionSink collectForNextReap;
    /** {@link HandOver#IN_BATCHES}: the run commit is building; entries past it are stale, never read. */
    private final IoSlot[] batch;
    /** Reported by {@link #started} and not yet handed back through {@link #complete}. */
    private int running;
    private boolean closed;

    /**
     * Makes {@code depth} slots with buffers of at least {@code maxIoBytes}, then {@code partSlots}
     * without (for member IOs); a usage error for bad sizes.
     *
     * @param target the target whose members the IOs go to and whose FLUSH and TRIM run inside
     *               commit; null when the engine's {@link #queue} completes every IO itself (the
     *               null engine)
     */
    AbstractIoEngine(String name, HandOver handOver, Target target, int depth, int maxIoBytes, int partSlots, NanoClock clock) {
        this.name = name;
        this.handOver = handOver;
        this.orderedOps = target;
        this.clock = clock;
        Target[] members = target == null ? new Target[0] : target.members().toArray(new Target[0]);
        this.memberFds = new int[members.length];
        for (int m = 0; m < members.length; m++) {
            memberFds[m] = members[m].fd();
        }
        this.buffers = SlotBuffers.allocate(depth, maxIoBytes, partSlots);
        this.slots = buffers.slots();
        int all = slots.length;
        this.inFlight = new InFlightSlots(slots, Math.max(1, members.length));
        this.submitted = new SlotQueue(all);
        this.completedEarly = new SlotQueue(all);
        this.ranInCommit = new SlotQueue(all);
        this.collectedInCommit = new SlotQueue(all);
        this.collectForNextReap = collectedInCommit::add;
        this.batch = new IoSlot[all];
        this.group = new IoSlot[Math.max(1, members.length)];
        this.memberCalls = target == null ? null : new MemberCalls(members, clock);
        this.overlaps = new TrimOverlaps(slots);
    }

    /**
     * Takes {@code s} from commit, as entry {@code position} of the batch being built (0 for the
     * first after a split). {@link HandOver#IN_BATCHES}: prepares its kernel entry, and
     * {@link #submitBatch} hands it over later. {@link HandOver#EACH}: hands it over now, already
     * stamped, reporting it with {@link #started} or {@link #completeInCommit}.
     */
    protected abstract void queue(IoSlot s, int position);

    /**
     * {@link HandOver#IN_BATCHES} only: hands {@code batch[0..count)} to the kernel, in order; each
     * slot went through {@link #queue} and has its {@link IoSlot#submitNs}, read just before this
     * call; where the kernel takes only part of the batch in one call, the IOs a later call takes are
     * stamped again with the clock read before that call (the kernel had them only then). Reports what
     * the kernel took with {@link #started} and what it refused outright with
     * {@link #completeInCommit}. {@code count} is at least 1.
     */
    protected void submitBatch(IoSlot[] batch, int count) {
        throw new IllegalStateException(name + " engine hands each IO over in queue");
    }

    /**
     * Hands every completed running IO to {@code sink} through {@link #complete}, and, unless
     * {@code timeoutNs} is 0, waits until {@code wanted} were handed over (none when it is 0 or
     * less) or {@code timeoutNs} passed (negative: no limit). Waiting stops when nothing runs.
     *
     * @return the number handed to {@code sink}
     */
    protected abstract int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink);

    /**
     * Frees the kernel side (ring, context, threads) once close has collected every running IO, or
     * failed to; the slot buffers are freed right after, so nothing may still write to them.
     */
    protected abstract void release();

    /**
     * True when {@code s} runs inside commit rather than through {@link #queue}: a FLUSH, or a TRIM
     * the engine does not queue ({@link #queuesTrim}), of an engine given a target for them. Commit
     * then hands over the IOs before it, runs its member's flush or discard at the slot's place in
     * submit order, and the slot completes at the next reap.
     */
    private boolean runsInCommit(IoSlot s) {
        return orderedOps != null && (s.op == Op.FLUSH || (s.op == Op.TRIM && !queuesTrim(s)));
    }

    /**
     * True when the engine's interface takes the TRIM {@code s} through {@link #queue} and issues it
     * to the block layer in submit order, without a kernel worker; false (the default) runs it
     * inside commit through the target. Only {@link HandOver#IN_BATCHES} engines queue trims.
     */
    protected boolean queuesTrim(IoSlot s) {
        return false;
    }

    /** The descriptor of member {@code member} of the target. */
    protected final int memberFd(int member) {
        return memberFds[member];
    }

    /** The descriptors of all the target's members, by member index; the caller must not change them. */
    protected final int[] memberFds() {
        return memberFds;
    }

    /** Where {@code s}'s data is: in the buffer of its {@link IoSlot#dataSlot}, at its {@link IoSlot#dataOffsetBytes}. */
    protected final long dataAddress(IoSlot s) {
        return slots[s.dataSlot].bufferAddress + s.dataOffsetBytes;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int depth() {
        return slots.length;
    }

    @Override
    public final IoSlot[] slots() {
        return slots;
    }

    @Override
    public final long hugePageBytes() {
        return buffers.hugePageBytes();
    }

    @Override
    public final void submit(IoSlot slot) {
        inFlight.take(slot);
        submitted.add(slot);
    }

    @Override
    public final int commit() {
        return handOver == HandOver.EACH ? commitEach() : commitInBatches();
    }

    /**
     * One clock read for the commit, before the first hand-over, and one after each IO run inside
     * commit, in one pass: this loop is most of the null engine's cost.
     */
    private int commitEach() {
        int n = submitted.size();
        if (n == 0) {
            return 0;
        }
        long now = clock.nanoTime();
        for (int k = 0; k < n; k++) {
            IoSlot s = submitted.poll();
            if (overlaps.blocks(s)) {
                awaitOverlaps(s);
                now = clock.nanoTime();
            }
            if (runsInCommit(s)) {
                k += runNow(s);
                now = clock.nanoTime();
            } else {
                stamp(s, now);
                overlaps.started(s);
                queue(s, k);
            }
        }
        return n;
    }

    private int commitInBatches() {
        int n = submitted.size();
        int batched = 0;
        for (int k = 0; k < n; k++) {
            IoSlot s = submitted.poll();
            boolean inCommit = runsInCommit(s);
            boolean blocked = overlaps.blocks(s);
            if (blocked || inCommit) {
                // IOs queued before s go first, and those after it wait for it: submit order holds.
                stampAndSubmit(batched);
                batched = 0;
                if (blocked) {
                    awaitOverlaps(s);
                }
            }
            if (inCommit) {
                k += runNow(s);
            } else {
                overlaps.started(s);
                queue(s, batched);
                batch[batched++] = s;
            }
        }
        stampAndSubmit(batched);
        return n;
    }

    /**
     * Waits, polling, until the running IOs that {@code s} may not run beside have completed;
     * completions are collected and stamped as they come and handed back at the next reap.
     */
    private void awaitOverlaps(IoSlot s) {
        while (overlaps.blocks(s)) {
            if (awaitCompletions(0, 0, collectForNextReap) == 0) {
                // Often the softirq or kernel worker completing the very IO waited for shares this CPU.
                Thread.yield();
            }
        }
        orderWaitEndNs = clock.nanoTime();
        orderWaits++;
    }

    /**
     * Runs {@code s} here, stamped around the call, together with the slots submitted right after
     * it that run inside commit on the next members in turn (a striped FLUSH or TRIM) and overlap
     * nothing running; they are handed back at the next reap. Returns how many such slots it took
     * from the queue besides {@code s}.
     */
    private int runNow(IoSlot s) {
        int count = 0;
        group[count++] = s;
        for (IoSlot next = submitted.peek(); count < group.length && next != null && runsInCommit(next)
                && next.member > group[count - 1].member && !overlaps.blocks(next); next = submitted.peek()) {
            group[count++] = submitted.poll();
        }
        long startNs = clock.nanoTime();
        for (int i = 0; i < count; i++) {
            stamp(group[i], startNs);
        }
        if (count == 1) {
            s.result = memberCalls.call(s);
            s.doneNs = clock.nanoTime();
        } else {
            memberCalls.runAll(group, count);
        }
        // The run returned with its slowest member, whichever that was (the first runs on this thread, the others beside it).
        long endNs = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            endNs = Math.max(endNs, group[i].doneNs);
            ranInCommit.add(group[i]);
            group[i] = null;
        }
        orderWaitEndNs = endNs;
        orderWaits++;
        // IOs that completed while it ran are stamped now, not at the next reap (up to its whole duration later).
        if (running > 0) {
            awaitCompletions(0, 0, collectForNextReap);
        }
        return count - 1;
    }

    /** Submits the first {@code count} slots of the batch, all stamped with one clock read (which {@link #submitBatch} may renew for a part). */
    private void stampAndSubmit(int count) {
        if (count == 0) {
            return;
        }
        long now = clock.nanoTime();
        for (int i = 0; i < count; i++) {
            stamp(batch[i], now);
        }
        submitBatch(batch, count);
    }

    /**
     * For {@link #submitBatch}: stamps {@code batch[from, to)} submitted at {@code callNs}, the clock read just before
     * the call that took them (or refused them outright), which for the first call is commit's.
     */
    protected static void stampTaken(IoSlot[] batch, int from, int to, long callNs) {
        for (int i = from; i < to; i++) {
            batch[i].submitNs = callNs;
        }
    }

    /** Stamps {@code s} submitted at {@code nowNs}, after the waits in commit that ended by then. */
    private void stamp(IoSlot s, long nowNs) {
        s.submitNs = nowNs;
        s.orderWaitEndNs = orderWaitEndNs;
    }

    @Override
    public final int reap(int min, long timeoutNs, CompletionSink sink) {
        int want = Math.min(min, running + completedEarly.size() + ranInCommit.size() + collectedInCommit.size());
        int n = deliverEarly(sink);
        return n + awaitCompletions(want - n, timeoutNs, sink);
    }

    /**
     * Hands back what completed inside commit, only what was there on entry: the IOs run there and
     * those collected after them with the times already stamped, the others stamped with one clock read.
     */
    private int deliverEarly(CompletionSink sink) {
        int ran = ranInCommit.size();
        for (int i = 0; i < ran; i++) {
            handBack(ranInCommit.poll(), sink);
        }
        int collected = collectedInCommit.size();
        for (int i = 0; i < collected; i++) {
            // complete() already released it from the in-flight set when it was collected.
            sink.completed(collectedInCommit.poll());
        }
        int n = completedEarly.size();
        if (n > 0) {
            long now = clock.nanoTime();
            for (int i = 0; i < n; i++) {
                IoSlot s = completedEarly.poll();
                s.doneNs = now;
                handBack(s, sink);
            }
        }
        return ran + collected + n;
    }

    private void handBack(IoSlot s, CompletionSink sink) {
        inFlight.release(s);
        sink.completed(s);
    }

    /** {@code count} IOs just handed over now run (in the kernel, or on a worker thread). */
    protected final void started(int count) {
        running += count;
    }

    /** IOs reported by {@link #started} and not yet handed back. */
    protected final int running() {
        return running;
    }

    /** {@code s} finished without the kernel's queue (its result is set); the next reap hands it back. */
    protected final void completeInCommit(IoSlot s) {
        overlaps.finished(s);
        completedEarly.add(s);
    }

    /** Hands back the running IO {@code s} (its result is set), completed at {@code doneNs}. */
    protected final void complete(IoSlot s, long doneNs, CompletionSink sink) {
        s.doneNs = doneNs;
        running--;
        overlaps.finished(s);
        handBack(s, sink);
    }

    /** Hands back the running IOs {@code reaped[0..count)}, stamped with one clock read, and clears them. */
    protected final int completeAll(IoSlot[] reaped, int count, CompletionSink sink) {
        if (count == 0) {
            return 0;
        }
        long now = clock.nanoTime();
        for (int i = 0; i < count; i++) {
            IoSlot s = reaped[i];
            reaped[i] = null;
            complete(s, now, sink);
        }
        return count;
    }

    /** The slot a completion names by index; {@code carrier} says what named it, for the message. */
    protected final IoSlot slotOf(long index, String carrier) {
        if (index < 0 || index >= slots.length) {
            throw new IllegalStateException(carrier + " carries unknown slot " + index);
        }
        return slots[(int) index];
    }

    /** For a subclass constructor that fails after this one ran: frees what close would have freed. */
    protected final void abandonBuffers() {
        if (memberCalls != null) {
            memberCalls.close();
        }
        buffers.close();
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (IoSlot s = submitted.poll(); s != null; s = submitted.poll()) {
                inFlight.release(s);
            }
            while (running > 0) {
                reap(running, -1, DISCARD);
            }
            deliverEarly(DISCARD);
        } finally {
            try {
                release();
            } finally {
                if (memberCalls != null) {
                    memberCalls.close();
                }
                buffers.close();
            }
        }
    }

    @Override
    public final int inFlight() {
        return inFlight.count();
    }

    /**
     * When the last wait inside commit that kept trace order ended (what {@link IoSlot#orderWaitEndNs} of the IOs
     * submitted after it holds), for the engine tests that check it; {@link Long#MIN_VALUE} before any.
     */
    final long orderWaitEndNs() {
        return orderWaitEndNs;
    }

    @Override
    public final long orderWaits() {
        return orderWaits;
    }

    /** How a TRIM run inside commit reaches the target, as {@link #discards} words it. */
    protected final String trimsInCommit() {
        return orderedOps.erasure(EraseMethod.TRIM).call() + " in commit";
    }

    /** Trims through the target inside commit, or, for an engine without one, completed with everything else. */
    @Override
    public String discards() {
        return orderedOps == null ? "completed at once, like every IO" : trimsInCommit();
    }
}
