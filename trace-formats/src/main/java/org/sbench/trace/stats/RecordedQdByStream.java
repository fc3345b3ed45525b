package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * The recorded queue depth ({@link RecordedQd}) of each stream of a trace: each stream is a
 * separate device with its own queue. Streams are found through {@link StreamSlots}, so a trace
 * whose streams take turns costs a probe of a small table per IO, not a map lookup. Not
 * thread-safe.
 */
public final class RecordedQdByStream {
    private final StreamSlots slots = StreamSlots.unbounded();
    private RecordedQd[] queues = new RecordedQd[slots.capacity()];

    /** {@link RecordedQd#next} of the queue of {@code stream}; must be called in issue order. */
    public int next(int stream, long issueNs, long completeNs) {
        int slot = slots.slotOf(stream);
        if (slots.fresh()) {
            if (slot >= queues.length) {
                queues = Arrays.copyOf(queues, slots.capacity());
            }
            queues[slot] = new RecordedQd();
        }
        return queues[slot].next(issueNs, completeNs);
    }
}
