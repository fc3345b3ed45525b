package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * Computes the recorded queue depth of docs/definitions.md in one pass over records in issue order:
 * {@code qd(i) = 1 + |{j before i : complete(j) > issue(i)}|}. Holds only the completion times
 * of IOs still outstanding (a min-heap of primitives), so memory is bounded by the trace's
 * highest queue depth, not its length. The heap starts with room for 4 (a trace may have a queue
 * per stream, and hundreds of thousands of streams) and doubles as needed.
 */
public final class RecordedQd {
    private static final int INITIAL_CAPACITY = 4;

    private long[] heap = new long[INITIAL_CAPACITY];
    private int size;

    /**
     * The queue depth at which an IO issued at {@code issueNs} and completing at {@code completeNs}
     * was issued; must be called in issue order. {@code completeNs} may be
     * {@link org.sbench.trace.IoRecord#NO_TIME}: the IO counts itself but not later ones.
     */
    public int next(long issueNs, long completeNs) {
        while (size > 0 && heap[0] <= issueNs) {
            pop();
        }
        int qd = size + 1;
        if (completeNs != org.sbench.trace.IoRecord.NO_TIME && completeNs > issueNs) {
            push(completeNs);
        }
        return qd;
    }

    /** IOs outstanding after the last call. */
    public int outstanding() {
        return size;
    }

    private void push(long v) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent] <= v) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = v;
    }

    private void pop() {
        long last = heap[--size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && heap[child + 1] < heap[child]) {
                child++;
            }
            if (heap[child] >= last) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = last;
    }
}
