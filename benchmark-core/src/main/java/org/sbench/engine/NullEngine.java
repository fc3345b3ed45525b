package org.sbench.engine;

import org.sbench.replay.NanoClock;

/**
 * The {@code null} engine (fio's {@code engines/null.c}): every IO completes the moment it is
 * committed, successfully (reads and writes transfer their length, TRIM and FLUSH return 0),
 * without a system call. It serves the null target and measures what the harness itself costs.
 */
public final class NullEngine implements IoEngine {
    public static final String NAME = "null";

    private final NanoClock clock;
    private final SlotBuffers buffers;
    private final IoSlot[] slots;
    private final InFlightSlots inFlight;
    private final SlotQueue submitted;
    private final SlotQueue completed;
    private boolean closed;

    public NullEngine(int depth, int maxIoBytes, NanoClock clock) {
        this.clock = clock;
        this.buffers = SlotBuffers.allocate(depth, maxIoBytes);
        this.slots = buffers.slots();
        this.inFlight = new InFlightSlots(slots);
        this.submitted = new SlotQueue(depth);
        this.completed = new SlotQueue(depth);
    }

    @Override
    public String name() {
        return NAME;
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
    public long hugePageBytes() {
        return buffers.hugePageBytes();
    }

    @Override
    public void submit(IoSlot slot) {
        inFlight.take(slot);
        submitted.add(slot);
    }

    @Override
    public int commit() {
        int n = submitted.size();
        if (n == 0) {
            return 0;
        }
        long now = clock.nanoTime();
        for (int i = 0; i < n; i++) {
            IoSlot s = submitted.poll();
            s.submitNs = now;
            s.result = s.op.transfersData() ? s.lengthBytes : 0;
            completed.add(s);
        }
        return n;
    }

    /** Hands back everything committed; never waits, as nothing committed is left outstanding. */
    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        // Only what was complete on entry: a sink that commits again is served by the next reap.
        int n = completed.size();
        if (n == 0) {
            return 0;
        }
        long now = clock.nanoTime();
        for (int i = 0; i < n; i++) {
            IoSlot s = completed.poll();
            s.doneNs = now;
            inFlight.release(s);
            sink.completed(s);
        }
        return n;
    }

    @Override
    public int inFlight() {
        return inFlight.count();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        submitted.clear();
        completed.clear();
        buffers.close();
    }
}
