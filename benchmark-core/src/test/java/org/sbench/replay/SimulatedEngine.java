package org.sbench.replay;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
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

    static final long POLL_STEP_NS = 1_000;

    private final ManualClock clock;
    private final ToLongFunction<IoSlot> latencyNs;
    private final IoSlot[] slots;
    private final long[] doneAt;
    /** By slot: its completion was stamped inside commit (it ran there, or completed while a FLUSH or TRIM ran or a TRIM waited there). */
    private final boolean[] stamped;
    private final List<IoSlot> queued = new ArrayList<>();
    private final List<IoSlot> pending = new ArrayList<>();
    final List<Submit> submits = new ArrayList<>();
    /** Reaps that slept until a completion (min 1, no time limit), as {@code --reap wait} and a poller's long waits do. */
    int blockingReaps;
    /** The result each IO completes with; by default all its bytes (0 for a FLUSH or TRIM). */
    private ToLongFunction<IoSlot> results = s -> s.lengthBytes;
    /** When non-negative: a FLUSH or TRIM runs inside commit, taking this long, as the libaio and io_uring engines run them. */
    private long inCommitNs = -1;
    /**
     * When non-negative: a TRIM waits this long inside commit (for the IOs it overlaps), then goes like any IO; the IOs
     * that completed meanwhile are stamped when they did.
     */
    private long waitBeforeTrimNs = -1;
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
        this.stamped = new boolean[depth];
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
        for (IoSlot s : queued) {
            if (s.op == Op.TRIM && waitBeforeTrimNs >= 0) {
                clock.advanceTo(clock.now + waitBeforeTrimNs);
                // As the engines poll while they wait: each IO that completed meanwhile is stamped when it did.
                for (IoSlot p : pending) {
                    if (!stamped[p.index] && doneAt[p.index] <= clock.now) {
                        stamp(p, doneAt[p.index]);
                    }
                }
                orderWaitEndNs = clock.now;
            }
            s.submitNs = clock.now;
            if (runsInCommit(s)) {
                clock.advanceTo(clock.now + inCommitNs);
                doneAt[s.index] = clock.now;
                pending.add(s);
                // As the engines stamp what ran in commit, and what completed meanwhile, when it returned.
                for (IoSlot p : pending) {
                    if (!stamped[p.index] && doneAt[p.index] <= clock.now) {
                        stamp(p, clock.now);
                    }
                }
                orderWaitEndNs = clock.now;
                submits.add(new Submit(s.tag, s.submitNs, pending.size(), s.member, s.offsetBytes, s.lengthBytes));
                continue;
            }
            doneAt[s.index] = clock.now + latencyNs.applyAsLong(s);
            pending.add(s);
            submits.add(new Submit(s.tag, s.submitNs, pending.size(), s.member, s.offsetBytes, s.lengthBytes));
        }
        queued.clear();
        return n;
    }

    private void stamp(IoSlot s, long doneNs) {
        stamped[s.index] = true;
        s.doneNs = doneNs;
        s.result = results.applyAsLong(s);
    }

    private boolean runsInCommit(IoSlot s) {
        return (s.op == Op.FLUSH || s.op == Op.TRIM) && inCommitNs >= 0;
    }

    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        if (min > 0 && timeoutNs < 0) {
            blockingReaps++;
        }
        long deadline = timeoutNs < 0 ? Long.MAX_VALUE : clock.now + timeoutNs;
        while (ready() < Math.max(min, 1) && !pending.isEmpty()) {
            long next = Long.MAX_VALUE;
            for (IoSlot s : pending) {
                next = Math.min(next, doneAt[s.index]);
            }
            if (min == 0 && timeoutNs == 0) {
                clock.advanceTo(Math.min(next, clock.now + POLL_STEP_NS));
                break;
            }
            if (next > deadline) {
                clock.advanceTo(deadline);
                break;
            }
            clock.advanceTo(next);
        }
        int n = 0;
        for (IoSlot s : new ArrayList<>(pending)) {
            if (doneAt[s.index] <= clock.now) {
                pending.remove(s);
                if (!stamped[s.index]) {
                    s.doneNs = clock.now;
                }
                stamped[s.index] = false;
                s.result = results.applyAsLong(s);
                if (readData != null && s.op == Op.READ) {
                    for (int i = 0; i < s.lengthBytes; i++) {
                        s.buffer.put(i, readData);
                    }
                }
                sink.completed(s);
                n++;
            }
        }
        return n;
    }

    private int ready() {
        int n = 0;
        for (IoSlot s : pending) {
            if (doneAt[s.index] <= clock.now) {
                n++;
            }
        }
        return n;
    }

    @Override
    public long orderWaitEndNs() {
        return orderWaitEndNs;
    }

    @Override
    public int inFlight() {
        return pending.size() + queued.size();
    }

    @Override
    public void close() {
    }
}
