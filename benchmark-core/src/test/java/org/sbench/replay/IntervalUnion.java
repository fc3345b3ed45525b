package org.sbench.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The length of the union of {@code [start, end)} intervals, by sorting them: what busy time is, computed the plain way. */
final class IntervalUnion {
    private final List<long[]> intervals = new ArrayList<>();

    void add(long startNs, long endNs) {
        intervals.add(new long[] {startNs, endNs});
    }

    long lengthNs() {
        List<long[]> sorted = new ArrayList<>(intervals);
        sorted.sort(Comparator.comparingLong(i -> i[0]));
        long length = 0;
        long start = Long.MIN_VALUE;
        long end = Long.MIN_VALUE;
        for (long[] i : sorted) {
            if (i[0] > end) {
                length += end - start;
                start = i[0];
                end = i[1];
            } else {
                end = Math.max(end, i[1]);
            }
        }
        return length + (end - start);
    }
}
