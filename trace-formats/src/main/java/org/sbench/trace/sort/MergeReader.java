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
    private final EntryHeap heap;

    MergeReader(List<TraceReader> readers) {
        this.readers = readers;
        this.heads = new IoRecord[readers.size()];
        this.heap = new EntryHeap(readers.size(), this::less);
        for (int i = 0; i < heads.length; i++) {
            heads[i] = new IoRecord();
            if (readers.get(i).next(heads[i])) {
                heap.push(i);
            }
        }
    }

    boolean next(IoRecord into) {
        if (heap.size() == 0) {
            return false;
        }
        int i = heap.pop();
        into.copyFrom(heads[i]);
        if (readers.get(i).next(heads[i])) {
            heap.push(i);
        }
        return true;
    }

    private boolean less(int a, int b) {
        long ia = heads[a].issueNs;
        long ib = heads[b].issueNs;
        return ia != ib ? ia < ib : a < b;
    }

    @Override
    public void close() {
        for (TraceReader r : readers) {
            r.close();
        }
    }
}
