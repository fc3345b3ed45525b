package org.sbench.metrics;

import java.util.Arrays;
import org.sbench.trace.stats.QdBucket;

/**
 * Counts of IOs by queue depth (exact values up to a limit, the rest in one overflow cell), for
 * the recorded-vs-replayed fidelity comparison. Grows its array only when a new depth appears, so
 * memory is bounded by the highest depth seen.
 */
public final class QdHistogram {
    private static final int MAX_EXACT = 4096;

    private long[] counts = new long[64];
    private long total;
    private long sum;

    /** Adds one IO at depth {@code qd} (at least 1). */
    public void add(int qd) {
        int cell = Math.min(qd, MAX_EXACT);
        if (cell >= counts.length) {
            counts = Arrays.copyOf(counts, Math.min(MAX_EXACT + 1, Math.max(cell + 1, counts.length * 2)));
        }
        counts[cell]++;
        total++;
        sum += qd;
    }

    public long total() {
        return total;
    }

    public double average() {
        return total == 0 ? 0 : (double) sum / total;
    }

    /** IOs at exactly {@code qd} (depths past the exact limit share the last cell). */
    public long count(int qd) {
        int cell = Math.min(qd, MAX_EXACT);
        return cell < counts.length ? counts[cell] : 0;
    }

    /** IOs per {@link QdBucket}, in bucket order. */
    public long[] buckets() {
        long[] b = new long[QdBucket.values().length];
        for (int qd = 1; qd < counts.length; qd++) {
            b[QdBucket.of(qd).ordinal()] += counts[qd];
        }
        return b;
    }

    /**
     * Total variation distance between the two distributions over exact depths: half the sum of
     * absolute differences of the shares; 0 identical, 1 disjoint. 0 when either is empty.
     */
    public double totalVariationDistance(QdHistogram other) {
        if (total == 0 || other.total == 0) {
            return 0;
        }
        int n = Math.max(counts.length, other.counts.length);
        double d = 0;
        for (int qd = 1; qd < n; qd++) {
            d += Math.abs((double) count(qd) / total - (double) other.count(qd) / other.total);
        }
        return d / 2;
    }
}
