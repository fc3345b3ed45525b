// One volume's IOs, sorted by Spark, as a TraceReader for trace-formats' own pipeline.
package org.sbench.spark.inspect;

import java.util.Arrays;
import java.util.Iterator;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * Delivers the IOs of one volume from rows sorted by (volume, summaries first, issue time, split,
 * place in split): the summaries, then the IOs in issue order, equal times in file order, as the
 * CLI's stable sort leaves them. Counts as reordered, as {@code sbench inspect} of the volume's
 * records alone would, each IO issued earlier than an IO before it in file order: one of its own
 * split ({@code late}), or of an earlier split (the latest issue of the earlier splits, from the
 * summaries, is later than its own). Memory: one entry per split holding the volume.
 */
final class VolumeReader implements TraceReader {
    private final PeekingIterator rows;
    private final long volume;
    private final TraceInfo info;
    private final int[] splits;
    private final long[] latestBefore;
    private long reordered;

    /** Reads the volume of the row {@code rows} is at: its summaries now, its IOs on {@link #next}. */
    VolumeReader(PeekingIterator rows, TraceInfoOfSplit infos) {
        this.rows = rows;
        this.volume = rows.peek().getVolume();
        int n = 0;
        int[] splitOf = new int[8];
        long[] latestOf = new long[8];
        while (rows.hasNext() && rows.peek().getVolume() == volume && rows.peek().isSummary()) {
            OrderedIo s = rows.next();
            if (n == splitOf.length) {
                splitOf = Arrays.copyOf(splitOf, 2 * n);
                latestOf = Arrays.copyOf(latestOf, 2 * n);
            }
            splitOf[n] = s.getSplit();
            latestOf[n] = s.getIssueNs();
            n++;
        }
        splits = Arrays.copyOf(splitOf, n);
        long[] latest = Arrays.copyOf(latestOf, n);
        sortBySplit(splits, latest);
        latestBefore = new long[n];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            latestBefore[i] = max;
            max = Math.max(max, latest[i]);
        }
        this.info = infos.infoOf(n == 0 ? 0 : splits[0]);
    }

    /** The split whose trace describes a volume: the first in file order that holds it. */
    interface TraceInfoOfSplit {
        TraceInfo infoOf(int split);
    }

    long volume() {
        return volume;
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (!rows.hasNext() || rows.peek().getVolume() != volume) {
            return false;
        }
        OrderedIo io = rows.next();
        io.copyTo(into);
        if (io.isLate() || io.getIssueNs() < latestBefore[Arrays.binarySearch(splits, io.getSplit())]) {
            reordered++;
        }
        return true;
    }

    /** Sorted by Spark: issue order holds, so trace-formats' pipeline need not sort again. */
    @Override
    public boolean inIssueOrder() {
        return true;
    }

    @Override
    public long reorderedRecords() {
        return reordered;
    }

    /** Moves past what is left of the volume (nothing when it was read to its end). */
    void skipRest() {
        while (rows.hasNext() && rows.peek().getVolume() == volume) {
            rows.next();
        }
    }

    @Override
    public void close() {
        // The rows belong to the Spark task.
    }

    /** Sorts both arrays by split (summaries arrive in issue order). */
    private static void sortBySplit(int[] splits, long[] latest) {
        Integer[] order = new Integer[splits.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(splits[a], splits[b]));
        int[] s = splits.clone();
        long[] l = latest.clone();
        for (int i = 0; i < order.length; i++) {
            splits[i] = s[order[i]];
            latest[i] = l[order[i]];
        }
    }

    /** An iterator that can show its next element without taking it. */
    static final class PeekingIterator {
        private final Iterator<OrderedIo> in;
        private OrderedIo next;

        PeekingIterator(Iterator<OrderedIo> in) {
            this.in = in;
        }

        boolean hasNext() {
            return next != null || in.hasNext();
        }

        OrderedIo peek() {
            if (next == null) {
                next = in.next();
            }
            return next;
        }

        OrderedIo next() {
            OrderedIo n = peek();
            next = null;
            return n;
        }
    }
}
