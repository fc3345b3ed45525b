// What each split's reader delivered and skipped, gathered on the driver.
package org.sbench.spark.source;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.util.AccumulatorV2;
import org.sbench.trace.RequestAccounts;

/**
 * Records delivered, bad records skipped, a last line cut (its number counted from the split's
 * first line, else 0), the line ends of a byte range and the reader's request counts, per split index. A split's counts are those of its
 * last finished read (a retried or repeated task replaces, never adds), so the sums per trace are
 * exact whatever Spark re-runs. Synchronized: Spark's status listener reads the value while tasks
 * report.
 */
public final class SplitCounts extends AccumulatorV2<SplitCounts.Count, Map<Integer, SplitCounts.Count>> {
    private static final long serialVersionUID = 1L;

    /**
     * One split's read: records delivered, bad records skipped, the number of a last line without a
     * line end counted from the split's first line (else 0), the line ends of a byte range (else 0),
     * the requests of other kinds and failed IOs its reader counted (null: none to count).
     */
    public record Count(int split, long records, long skipped, long incompleteLastLine, long lineEnds,
                        RequestAccounts.Counts requests) implements java.io.Serializable {
    }

    private final HashMap<Integer, Count> bySplit = new HashMap<>();

    @Override
    public synchronized boolean isZero() {
        return bySplit.isEmpty();
    }

    @Override
    public synchronized SplitCounts copy() {
        SplitCounts c = new SplitCounts();
        c.bySplit.putAll(bySplit);
        return c;
    }

    @Override
    public synchronized void reset() {
        bySplit.clear();
    }

    @Override
    public synchronized void add(Count v) {
        bySplit.put(v.split(), v);
    }

    @Override
    public void merge(AccumulatorV2<Count, Map<Integer, Count>> other) {
        Map<Integer, Count> theirs = other.value();
        synchronized (this) {
            bySplit.putAll(theirs);
        }
    }

    @Override
    public synchronized Map<Integer, Count> value() {
        return Map.copyOf(bySplit);
    }
}
