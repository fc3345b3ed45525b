package org.sbench.replay;

import org.sbench.data.WritePattern;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;

/**
 * Runs one replay: reads the trace in order into a short lookahead of IOs ready in free slots
 * (write data from the {@link WritePattern} filled before the IO is due), lets the
 * {@link Scheduler} gate each IO, submits and commits in batches, reaps completions into the
 * {@link MetricsRecorder}. Wires the parts together; computes no metric
 * itself. The loop allocates nothing per IO. Single-threaded: call {@link #run()} once.
 */
public final class Replayer implements CompletionSink {
    /** Below this much time to wait, the loop polls completions instead of sleeping in the kernel. */
    private static final long POLL_NS = 2 * NanoClock.SPIN_NS;
    private static final long PROGRESS_EVERY_NS = 250_000_000L;
    /** The longest a wait for the next IO's time goes without looking for a stop (Ctrl-C, SIGTERM). */
    private static final long STOP_CHECK_NS = 100_000_000L;
    /**
     * The most records the mapper leaves out (a read-only replay's writes) read in a row without looking
     * for a stop; a power of two. A million such records take a second or more to read.
     */
    private static final int STOP_CHECK_RECORDS = 4096;
    /** IOs read, mapped and given a slot (write data filled) ahead of their turn, at most; a power of two. */
    private static final int LOOKAHEAD = 64;
    /** Write data filled before the clock starts, over one slot buffer, so that the fill runs compiled. */
    private static final long WARM_UP_BYTES = 64L << 20;

    /** {@code totalIos} of a generated stream that has no planned length and ends at a planned stop (a time limit). */
    public static final long UNBOUNDED = -1;

    /** What to do when an IO fails: stop issuing (default) or continue. */
    public enum OnError { STOP, CONTINUE }

    /**
     * How the run ended: {@code complete} when every record of the trace was read and issued (or a
     * planned end such as a time limit came first); {@code stopReason} says why it stopped
     * (interrupted, IO error, or the planned end), null when the trace ran out. {@code recordsRead}
     * counts the records taken from the reader, {@code inTrace} the IOs the trace holds (the plan's
     * count, known before the run; for an {@link #UNBOUNDED} stream the records read), {@code planned}
     * those of them the replay was to issue (fewer when the mapper leaves some out: a read-only
     * replay's writes and trims), or {@link #UNBOUNDED} when not known, {@code replayed} the IOs issued,
     * {@code skippedRecords} the bad records the reader skipped ({@code --skip-bad}):
     * neither IOs of the trace nor replayed.
     */
    public record Outcome(boolean complete, String stopReason, long recordsRead, long inTrace, long planned, long replayed,
                          long skippedRecords) {
    }

    private final TraceReader trace;
    private final TraceMapper mapper;
    private final Scheduler scheduler;
    private final IoEngine engine;
    private final WritePattern pattern;
    private final MetricsRecorder recorder;
    private final NanoClock clock;
    private final ReplayListener listener;
    private final ReplayControl control;
    private final OnError onError;
    private final long inTrace;
    private final long planned;
    private final boolean poll;

    private final IoSlot[] slots;
    private final int[] free;
    private final int[] queued;
    private final int[] recordedQd;
    private final long[] scheduledNs;
    private final int[] slotPhase;
    /**
     * Per slot, the leading bytes of its buffer that still hold the pattern's content from an
     * earlier fill (no read has landed there since); only for a pattern the same for every write,
     * whose fill is then skipped when the write fits. Copying 1 MiB of zeros per write costs more
     * CPU than the IO's own system calls.
     */
    private final int[] patternBytes;
    private final long[] phaseStartsNs;
    /** The lookahead: a ring of records whose IOs are ready in slots {@code aheadSlot}, in trace order. */
    private final IoRecord[] ahead = new IoRecord[LOOKAHEAD];
    private final int[] aheadSlot = new int[LOOKAHEAD];
    /**
     * The latest recorded completion of the IOs the mapper left out just before each lookahead entry
     * (a read-only replay's writes and trims), or {@link Long#MIN_VALUE}: the scheduler hears of them in
     * trace order, when the entry is next ({@link Scheduler#leftOut}).
     */
    private final long[] aheadLeftOutDoneNs = new long[LOOKAHEAD];
    /** Completions reaped right after a commit that waited, not yet handed to {@link #completed}. */
    private final IoSlot[] collected;
    private int collectedCount;
    private final CompletionSink collectInCommit = this::collect;
    private int aheadHead;
    private int aheadCount;
    /** The first this many lookahead entries have their write data filled. */
    private int aheadFilled;
    private boolean prepared;
    private boolean traceLeft = true;
    /** The reader said the trace has no more records (not merely: the replay stopped reading). */
    private boolean traceEnded;
    /** Every slot is in flight and the next record waits for one (the in-flight cap is reached). */
    private boolean waitingForSlot;
    /** When the last such wait ended (a slot came free for the next record); MIN_VALUE before any. */
    private long capWaitEndNs = Long.MIN_VALUE;
    /** The IO last held back because a member of a striped target had no room (counted once). */
    private long heldAtMemberTag = -1;
    private long recordsRead;
    private long tag;
    private int phase = -1;
    /** The phase of the IO submitted last. */
    private int submittedPhase = -1;
    private int freeCount;
    private int inFlight;
    private long idleSinceNs;
    /** Polling: whether another thread competes for this CPU, so that waits for a completion sleep instead. */
    private final Contention contention = new Contention();
    private final CompletionPace pace = new CompletionPace();
    /**
     * The engine's count of waits inside commit that kept trace order, after the last commit: a flush
     * or trim run there, or a wait for the IOs a trim overlaps ({@link IoEngine#orderWaits}).
     */
    private long orderWaits;
    private long completedIos;
    private long completedBytes;
    private long writes;
    private boolean ioFailed;
    /** Why the replay stopped issuing before the trace's end (a stop asked, an IO error), or null. */
    private String stopReason;
    /** The stop was the run's planned end (a time limit): the run stays complete. */
    private boolean plannedEnd;

    /**
     * @param inTrace  the IOs the trace holds (the result's "issued N of M trace records"), or {@link #UNBOUNDED}
     * @param planned  those the replay issues if it runs to the end (the denominator of progress), or
     *                 {@link #UNBOUNDED} when not known
     * @param poll true to poll for completions instead of sleeping in the kernel while IOs are in
     *             flight (paced: asleep while the next completion is far off), completions stamped
     *             without a thread's wake-up latency
     */
    public Replayer(TraceReader trace, TraceMapper mapper, Scheduler scheduler, IoEngine engine, WritePattern pattern,
                    MetricsRecorder recorder, NanoClock clock, ReplayListener listener, ReplayControl control,
                    OnError onError, long inTrace, long planned, boolean poll) {
        this.poll = poll;
        this.trace = trace;
        this.mapper = mapper;
        this.scheduler = scheduler;
        this.engine = engine;
        this.pattern = pattern;
        this.recorder = recorder;
        this.clock = clock;
        this.listener = listener;
        this.control = control;
        this.onError = onError;
        this.inTrace = inTrace;
        this.planned = planned;
        this.slots = engine.slots();
        this.orderWaits = engine.orderWaits();
        this.free = new int[slots.length];
        this.queued = new int[slots.length];
        this.recordedQd = new int[slots.length];
        this.scheduledNs = new long[slots.length];
        this.slotPhase = new int[slots.length];
        this.collected = new IoSlot[slots.length];
        this.patternBytes = new int[slots.length];
        this.phaseStartsNs = new long[trace.info().phases().size()];
        for (int i = 0; i < phaseStartsNs.length; i++) {
            phaseStartsNs[i] = trace.info().phases().get(i).timeNs();
        }
        for (int i = slots.length - 1; i >= 0; i--) {
            free[freeCount++] = i;
        }
        for (int i = 0; i < LOOKAHEAD; i++) {
            ahead[i] = new IoRecord();
        }
    }

    /** Runs the replay, after its warm-up ({@link #prepare}) when that was not done before. */
    public Outcome run() {
        prepare();
        long startNs = clock.nanoTime();
        scheduler.start(startNs);
        boolean heardStart = false;
        idleSinceNs = startNs;
        long nextProgressNs = startNs + PROGRESS_EVERY_NS;
        while (true) {
            stopping();
            if (aheadCount == 0) {
                readAhead();
            }
            long nowNs = clock.nanoTime();
            int batch = 0;
            long gateNs = Long.MIN_VALUE;
            while (aheadCount > 0 && inFlight + batch < depthFor(aheadHead)) {
                IoRecord r = ahead[aheadHead];
                scheduler.leftOut(aheadLeftOutDoneNs[aheadHead]);
                gateNs = scheduler.notBeforeNs(r, inFlight + batch == 0 ? idleSinceNs : Long.MIN_VALUE);
                if (gateNs > nowNs) {
                    break;
                }
                if (aheadFilled == 0) {
                    fill(aheadHead);
                    aheadFilled++;
                }
                IoSlot slot = slots[aheadSlot[aheadHead]];
                if (!engine.admits(slot)) {
                    // A striped target's member has no room for a part: wait for a completion.
                    countIfHeldAtMember(slot);
                    gateNs = Long.MIN_VALUE;
                    break;
                }
                scheduledNs[slot.index] = gateNs;
                submittedPhase = slotPhase[slot.index];
                engine.submit(slot);
                queued[batch++] = slot.index;
                scheduler.submitted(r);
                aheadHead = (aheadHead + 1) & (LOOKAHEAD - 1);
                aheadCount--;
                aheadFilled--;
                gateNs = Long.MIN_VALUE;
                if (aheadCount == 0) {
                    readAhead();
                }
            }
            if (batch > 0) {
                if (!heardStart) {
                    // Not at startNs: cold code between there and here took 50 ms on a loaded machine.
                    listener.started(clock.nanoTime());
                }
                engine.commit();
                if (!heardStart) {
                    listener.firstIo(slots[queued[0]].submitNs);
                    heardStart = true;
                }
                long waits = engine.orderWaits();
                if (waits != orderWaits) {
                    // What completed inside commit (a flush or trim run there, IOs waited for) is
                    // counted before the submits that came after it: their depth leaves it out, and
                    // busy time needs events in time order.
                    engine.reap(0, 0, collectInCommit);
                }
                for (int k = 0; k < batch; k++) {
                    IoSlot slot = slots[queued[k]];
                    handOverCollected(slot.submitNs, slot.tag);
                    inFlight++;
                    recorder.submitted(slot, inFlight, recordedQd[slot.index], slotPhase[slot.index]);
                    if (scheduler.timed()) {
                        // An IO due before the last ordering wait ended by its submit waited for it
                        // (a commit may wait more than once: its last wait is not every IO's).
                        long dueNs = scheduledNs[slot.index];
                        recorder.lateness(slot.submitNs - dueNs, dueNs < slot.orderWaitEndNs);
                    }
                }
                orderWaits = waits;
                handOverCollected(Long.MAX_VALUE, Long.MAX_VALUE);
            }
            // On every turn: a turn that reaps its completions inside commit (a flush run there) never gets to the wait below.
            if (nowNs >= nextProgressNs) {
                nextProgressNs = nowNs + PROGRESS_EVERY_NS;
                listener.progress(completedIos, planned, nowNs - startNs, completedBytes);
            }
            // Slots freed by the completions just reaped (a flush or trim that ran in commit at a
            // small depth can free them all) take the next records before the end is decided.
            if (aheadCount == 0 && inFlight == 0 && !readAhead()) {
                break;
            }
            // While the next IO waits for its time or for a completion, get later ones ready, one step
            // per turn so the next IO's time is checked between: write data is then filled before it
            // is due, not in a burst of writes that are all due at once.
            if (aheadFilled < aheadCount) {
                fill((aheadHead + aheadFilled) & (LOOKAHEAD - 1));
                aheadFilled++;
                continue;
            }
            if (aheadCount > 0 && readAhead()) {
                continue;
            }
            waitForProgress(aheadCount > 0, gateNs);
        }
        listener.progress(completedIos, planned, clock.nanoTime() - startNs, completedBytes);
        boolean complete = stopReason == null ? traceEnded : plannedEnd;
        return new Outcome(complete, stopReason, recordsRead, inTrace == UNBOUNDED ? recordsRead : inTrace, planned,
                recorder.issued(), trace.skippedRecords());
    }

    private void collect(IoSlot slot) {
        collected[collectedCount++] = slot;
    }

    /**
     * Hands the collected completions that came by {@code byNs}, of IOs submitted before the one
     * tagged {@code beforeTag}, to {@link #completed}, earliest first.
     */
    private void handOverCollected(long byNs, long beforeTag) {
        while (true) {
            int first = -1;
            for (int i = 0; i < collectedCount; i++) {
                IoSlot c = collected[i];
                if (c != null && c.tag < beforeTag && c.doneNs <= byNs && (first < 0 || c.doneNs < collected[first].doneNs)) {
                    first = i;
                }
            }
            if (first < 0) {
                if (byNs == Long.MAX_VALUE) {
                    collectedCount = 0;
                }
                return;
            }
            IoSlot c = collected[first];
            collected[first] = null;
            completed(c);
        }
    }

    /**
     * Before the clock starts, so the first IOs of a schedule do not wait for cold code (in a
     * measured timed replay the first 54 IOs went 5-7 ms late, most of it one interpreted 1.28 MiB
     * random fill): runs the write fill over a slot's buffer until it is compiled, then reads the
     * lookahead in and fills its write data. Done once, by the first call: a caller that waits before the run
     * ({@link PreparedRun}) does it before the wait.
     */
    public void prepare() {
        if (prepared) {
            return;
        }
        prepared = true;
        IoSlot any = slots[0];
        for (long stamped = 0; stamped < WARM_UP_BYTES; stamped += any.bufferBytes) {
            pattern.fill(any.buffer, any.bufferBytes, -1);
        }
        while (readAhead()) {
            fill((aheadHead + aheadFilled) & (LOOKAHEAD - 1));
            aheadFilled++;
        }
    }

    /**
     * True once the replay stops issuing before the trace's end: a stop asked of the control, or an IO
     * error under {@link OnError#STOP}, while IOs remain to issue. The first such stop drops the
     * prepared IOs and ends the reading.
     */
    private boolean stopping() {
        if (stopReason == null && (aheadCount > 0 || traceLeft)) {
            ReplayControl.Stop stop = control.stop();
            if (stop != null || (ioFailed && onError == OnError.STOP)) {
                stopReason = stop != null ? stop.reason() : "IO error";
                plannedEnd = stop != null && stop.planned();
                dropPrepared();
            }
        }
        return stopReason != null;
    }

    /**
     * Reads the next record the mapper keeps into the lookahead with a free slot (write data not
     * filled yet); false when the lookahead is full, no slot is free, the trace has ended or the replay
     * is stopping: the records left out in between are read {@link #STOP_CHECK_RECORDS} at a time, a stop
     * looked for after each batch.
     */
    private boolean readAhead() {
        if (!traceLeft || freeCount == 0 || aheadCount == LOOKAHEAD) {
            waitingForSlot |= traceLeft && freeCount == 0 && aheadCount == 0;
            return false;
        }
        int at = (aheadHead + aheadCount) & (LOOKAHEAD - 1);
        IoRecord r = ahead[at];
        long leftOutDoneNs = Long.MIN_VALUE;
        for (long leftOut = 1; ; leftOut++) {
            if (!trace.next(r)) {
                traceLeft = false;
                traceEnded = true;
                return false;
            }
            recordsRead++;
            if (mapper.map(r)) {
                break;
            }
            if (r.hasComplete() && mapper.ofReplayedStream(r)) {
                leftOutDoneNs = Math.max(leftOutDoneNs, r.completeNs);
            }
            if ((leftOut & (STOP_CHECK_RECORDS - 1)) == 0 && stopping()) {
                return false;
            }
        }
        aheadLeftOutDoneNs[at] = leftOutDoneNs;
        if (waitingForSlot) {
            waitingForSlot = false;
            capWaitEndNs = clock.nanoTime();
        }
        countIfHeldAtCap(r);
        IoSlot slot = slots[free[--freeCount]];
        slot.op = r.op;
        slot.offsetBytes = r.offsetBytes;
        slot.lengthBytes = r.lengthBytes;
        slot.tag = tag++;
        recordedQd[slot.index] = r.qd;
        while (phase + 1 < phaseStartsNs.length && phaseStartsNs[phase + 1] <= r.issueNs) {
            phase++;
        }
        slotPhase[slot.index] = phase;
        aheadSlot[at] = slot.index;
        aheadCount++;
        return true;
    }

    /**
     * The depth below which lookahead entry {@code at} may go: 1, an empty queue, when it begins a phase and the
     * scheduler drains between phases; otherwise the scheduler's depth for it.
     */
    private int depthFor(int at) {
        boolean beginsPhase = slotPhase[aheadSlot[at]] != submittedPhase;
        return beginsPhase && scheduler.drainsBetweenPhases() ? 1 : scheduler.depthFor(ahead[at]);
    }

    /**
     * Counts {@code r} when the cap on IOs in flight (the engine's slots: the most the device queue
     * holds, or fewer by {@code --max-inflight}) holds it back: in the depth-gated modes when its
     * depth (recorded, or fixed) exceeds the cap; in timed mode, the only one that gives a due time
     * here, when it fell due before the last wait for a free slot ended, whichever of the two caps.
     */
    private void countIfHeldAtCap(IoRecord r) {
        int depth = scheduler.depthFor(r);
        if (depth < slots.length) {
            // The usual IO of the depth-gated modes: no cap can hold it (timed mode's depth is never below the slots).
            return;
        }
        long dueNs = scheduler.notBeforeNs(r, Long.MIN_VALUE);
        boolean held = dueNs == Long.MIN_VALUE ? depth > slots.length : dueNs < capWaitEndNs;
        if (held) {
            recorder.heldAtCap();
        }
    }

    /** Counts the IO in {@code slot} once as held at the cap when a member's queue first holds it back. */
    private void countIfHeldAtMember(IoSlot slot) {
        if (slot.tag != heldAtMemberTag) {
            heldAtMemberTag = slot.tag;
            recorder.heldAtCap();
        }
    }

    /** Fills the write data of lookahead entry {@code at} (nothing for other ops), in trace order. */
    private void fill(int at) {
        IoSlot slot = slots[aheadSlot[at]];
        if (slot.op == Op.WRITE) {
            long index = writes++;
            if (slot.lengthBytes > patternBytes[slot.index]) {
                pattern.fill(slot.buffer, (int) slot.lengthBytes, index);
                patternBytes[slot.index] = pattern.sameForEveryWrite() ? (int) slot.lengthBytes : 0;
            }
        } else if (slot.op == Op.READ) {
            patternBytes[slot.index] = 0;
        }
    }

    /** Stopping: the prepared IOs are not issued, their slots go back, and nothing more is read. */
    private void dropPrepared() {
        for (; aheadCount > 0; aheadCount--) {
            free[freeCount++] = aheadSlot[aheadHead];
            aheadHead = (aheadHead + 1) & (LOOKAHEAD - 1);
        }
        aheadFilled = 0;
        traceLeft = false;
    }

    /**
     * Waits for what blocks the next IO: a completion (depth or slots exhausted), or the time gate
     * {@code gateNs} (idle gap, timed schedule), whichever the next IO needs.
     */
    private void waitForProgress(boolean have, long gateNs) {
        boolean timeGated = have && gateNs != Long.MIN_VALUE;
        if (!timeGated) {
            if (inFlight > 0 && (!poll || contention.at(clock.nanoTime()))) {
                engine.reap(1, -1, this);
            } else if (inFlight > 0 && engine.reap(0, 0, this) == 0) {
                // Nothing yet. While the next completion is far off, sleep in the kernel until it
                // comes; close to it, let whatever else is runnable on this CPU go first (often the
                // softirq or kernel worker completing these very IOs) rather than spin ahead of it.
                long nowNs = clock.nanoTime();
                if (pace.blockAt(nowNs, inFlight)) {
                    engine.reap(1, -1, this);
                } else {
                    Thread.yield();
                    contention.yielded(nowNs, clock.nanoTime());
                }
            }
            return;
        }
        if (inFlight == 0) {
            // A slice at a time: a stop asked during a long wait (a slow timed schedule, idle kept in
            // full) is heard at the top of the loop, not when the next IO is due.
            clock.waitUntil(Math.min(gateNs, clock.nanoTime() + STOP_CHECK_NS));
            return;
        }
        long remainingNs = gateNs - clock.nanoTime();
        engine.reap(remainingNs > POLL_NS ? 1 : 0, remainingNs > POLL_NS ? remainingNs - NanoClock.SPIN_NS : 0, this);
    }

    @Override
    public void completed(IoSlot slot) {
        inFlight--;
        completedIos++;
        if (slot.op.transfersData()) {
            completedBytes += slot.lengthBytes;
        }
        if (slot.failed()) {
            ioFailed = true;
        }
        recorder.completed(slot, slotPhase[slot.index]);
        pace.completed(slot.submitNs, slot.doneNs);
        if (inFlight == 0) {
            idleSinceNs = slot.doneNs;
        }
        free[freeCount++] = slot.index;
    }
}
