package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * The recorded queue depth ({@link RecordedQd}) of each stream of a trace: each stream is a
 * separate device with its own queue. Streams are found through {@link StreamSlots}, so a trace
 * whose streams take turns costs a probe of a small table per IO, not a map lookup.
 *
 * <p>A stream none of whose IOs is outstanding holds nothing its next IO needs (its queue starts
 * empty), so when a new stream would take the streams held past twice those left after the last
 * drop (at least {@value #MIN_HELD}), the streams idle at that issue time are dropped: memory is
 * bounded by the streams with IOs outstanding at once, not by the streams of the trace (an MSR
 * trace naming another disk on each of its 10 M lines held a queue for every disk, some 100 bytes
 * each, and ran out of a 256 MiB heap). Not thread-safe.
 */
public final class RecordedQdByStream {
    /** The fewest streams held before idle ones are dropped. */
    static final int MIN_HELD = 1024;
    private StreamSlots slots = StreamSlots.unbounded();
    private RecordedQd[] queues = new RecordedQd[slots.capacity()];
    private int dropAbove = MIN_HELD;

    /** {@link RecordedQd#next} of the queue of {@code stream}; must be called in issue order. */
    public int next(int stream, long issueNs, long completeNs) {
        int slot = slots.slotOf(stream);
        if (slots.fresh()) {
            if (slots.used() > dropAbove) {
                slot = dropIdle(stream, issueNs);
            }
            if (slot >= queues.length) {
                queues = Arrays.copyOf(queues, slots.capacity());
            }
            queues[slot] = new RecordedQd();
        }
        return queues[slot].next(issueNs, completeNs);
    }

    /** Keeps the streams with an IO outstanding at {@code issueNs} and {@code stream}, new; returns its slot. */
    private int dropIdle(int stream, long issueNs) {
        StreamSlots kept = StreamSlots.unbounded();
        RecordedQd[] keptQueues = new RecordedQd[kept.capacity()];
        for (int s = 0; s < slots.used(); s++) {
            int other = slots.streamOf(s);
            if (other != stream && queues[s].outstandingAfter(issueNs)) {
                int k = kept.slotOf(other);
                if (k >= keptQueues.length) {
                    keptQueues = Arrays.copyOf(keptQueues, kept.capacity());
                }
                keptQueues[k] = queues[s];
            }
        }
        dropAbove = Math.max(MIN_HELD, 2 * kept.used());
        slots = kept;
        queues = keptQueues;
        return slots.slotOf(stream);
    }

    /** Streams whose queue is held. */
    int streamsHeld() {
        return slots.used();
    }
}
