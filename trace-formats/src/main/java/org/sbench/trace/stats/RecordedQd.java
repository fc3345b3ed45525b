package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * Computes the recorded queue depth of docs/definitions.md in one pass over records in issue order:
 * {@code qd(i) = 1 + |{j before i : complete(j) > issue(i)}|}. Holds only the completion times
 * of IOs still outstanding, so memory is bounded by the trace's highest queue depth, not its
 * length. The array starts with room for 4 (a trace may have a queue per stream, and hundreds of
 * thousands of streams) and doubles as needed.
 *
 * <p>A few outstanding IOs, the usual case, are kept in no order: each IO passes over all of them
 * once, keeping those still outstanding, with no branch on their times, which come in no order a
 * branch could learn (bench/stats-cost.sh, 4 streams at depths of 2 to 4: 29 ns an IO with a heap
 * throughout, 16 ns so). Past {@value #MOST_UNORDERED} they become a min-heap, whose cost grows
 * with the logarithm of the depth instead, until the depth falls to half that again.
 */
public final class RecordedQd {
    private static final int INITIAL_CAPACITY = 4;
    /** The most outstanding IOs kept in no order. */
    static final int MOST_UNORDERED = 32;

    private long[] outstanding = new long[INITIAL_CAPACITY];
    private int size;
    /** True while {@link #outstanding} is a min-heap. */
    private boolean heap;

    /**
     * The queue depth at which an IO issued at {@code issueNs} and completing at {@code completeNs}
     * was issued; must be called in issue order. {@code completeNs} may be
     * {@link org.sbench.trace.IoRecord#NO_TIME}: the IO counts itself but not later ones.
     */
    public int next(long issueNs, long completeNs) {
        if (heap) {
            while (size > 0 && outstanding[0] <= issueNs) {
                pop();
            }
            heap = size > MOST_UNORDERED / 2;
        } else {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                long c = outstanding[i];
                outstanding[kept] = c;
                kept += c > issueNs ? 1 : 0;
            }
            size = kept;
        }
        int qd = size + 1;
        if (completeNs != org.sbench.trace.IoRecord.NO_TIME && completeNs > issueNs) {
            add(completeNs);
        }
        return qd;
    }

    /** True when an IO completes after {@code timeNs}: an IO issued then would not find the queue empty. */
    boolean outstandingAfter(long timeNs) {
        for (int i = 0; i < size; i++) {
            if (outstanding[i] > timeNs) {
                return true;
            }
        }
        return false;
    }

    /** IOs outstanding after the last call. */
    public int outstanding() {
        return size;
    }

    private void add(long completeNs) {
        if (size == outstanding.length) {
            outstanding = Arrays.copyOf(outstanding, size * 2);
        }
        if (heap) {
            push(completeNs);
        } else {
            outstanding[size++] = completeNs;
            if (size > MOST_UNORDERED) {
                heapify();
            }
        }
    }

    private void heapify() {
        heap = true;
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i, outstanding[i]);
        }
    }

    private void push(long v) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (outstanding[parent] <= v) {
                break;
            }
            outstanding[i] = outstanding[parent];
            i = parent;
        }
        outstanding[i] = v;
    }

    private void pop() {
        long last = outstanding[--size];
        siftDown(0, last);
    }

    /** Puts {@code v} in the heap's place {@code i}, moving it down below smaller children. */
    private void siftDown(int i, long v) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && outstanding[child + 1] < outstanding[child]) {
                child++;
            }
            if (outstanding[child] >= v) {
                break;
            }
            outstanding[i] = outstanding[child];
            i = child;
        }
        outstanding[i] = v;
    }
}
