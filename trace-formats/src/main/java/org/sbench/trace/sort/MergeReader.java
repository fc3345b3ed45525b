package org.sbench.trace.sort;

import java.util.List;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;

/**
 * Merges readers that each deliver issue-ordered records into one issue-ordered stream; equal
 * times come from the lower-numbered reader first (runs are numbered in file order, so this keeps
 * the sort stable).
 */
final class MergeReader implements AutoCloseable {
    private final List<TraceReader> readers;
    private final IoRecord[] heads;
    private final int[] heap;
    private int size;

    MergeReader(List<TraceReader> readers) {
        this.readers = readers;
        this.heads = new IoRecord[readers.size()];
        this.heap = new int[readers.size()];
        for (int i = 0; i < heads.length; i++) {
            heads[i] = new IoRecord();
            if (readers.get(i).next(heads[i])) {
                push(i);
            }
        }
    }

    boolean next(IoRecord into) {
        if (size == 0) {
            return false;
        }
        int i = heap[0];
        into.copyFrom(heads[i]);
        removeTop();
        if (readers.get(i).next(heads[i])) {
            push(i);
        }
        return true;
    }

    private boolean less(int a, int b) {
        long ia = heads[a].issueNs;
        long ib = heads[b].issueNs;
        return ia != ib ? ia < ib : a < b;
    }

    private void push(int r) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(r, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = r;
    }

    private void removeTop() {
        int last = heap[--size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(heap[child + 1], heap[child])) {
                child++;
            }
            if (!less(heap[child], last)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (size > 0) {
            heap[i] = last;
        }
    }

    @Override
    public void close() {
        for (TraceReader r : readers) {
            r.close();
        }
    }
}
