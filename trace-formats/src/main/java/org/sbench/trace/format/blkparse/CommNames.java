// Process names in brackets at the end of blkparse and tracefs lines, one String per name.
package org.sbench.trace.format.blkparse;

import org.sbench.trace.input.Fields;

/**
 * Reads the bracketed process name ({@code [kworker/0:1H]}) that ends blkparse and tracefs
 * issue lines, returning the same String for a name seen recently, so that millions of IOs of
 * a few processes share a few Strings and a hit allocates nothing. A small direct-mapped cache:
 * bounded, and a collision only costs a new String. Not thread-safe.
 */
public final class CommNames {
    private static final int SLOTS = 256;

    private final String[] cache = new String[SLOTS];

    /**
     * The name in brackets starting at the first field from {@code from} on that begins with
     * {@code [}, up to the {@code ]} ending the last field (a name may hold spaces); null when
     * no field there starts with {@code [}.
     */
    public String bracketed(Fields f, int from) {
        int n = f.count();
        int first = from;
        while (first < n && (f.length(first) == 0 || f.charAt(first, 0) != '[')) {
            first++;
        }
        if (first >= n) {
            return null;
        }
        int last = n - 1;
        int lastLength = f.length(last);
        int end = lastLength > 0 && f.charAt(last, lastLength - 1) == ']' ? lastLength - 1 : lastLength;
        if (first == last) {
            return end <= 1 ? null : of(f, first, 1, end);
        }
        StringBuilder b = new StringBuilder();
        for (int i = first; i <= last; i++) {
            if (i > first) {
                b.append(' ');
            }
            int s = i == first ? 1 : 0;
            int e = i == last ? end : f.length(i);
            for (int p = s; p < e; p++) {
                b.append(f.charAt(i, p));
            }
        }
        return of(b);
    }

    private String of(Fields f, int i, int from, int to) {
        int h = 0;
        for (int p = from; p < to; p++) {
            h = 31 * h + f.charAt(i, p);
        }
        int slot = spread(h);
        String cached = cache[slot];
        if (cached != null && cached.length() == to - from) {
            boolean same = true;
            for (int p = from; p < to && same; p++) {
                same = cached.charAt(p - from) == f.charAt(i, p);
            }
            if (same) {
                return cached;
            }
        }
        String name = f.text(i).substring(from, to);
        cache[slot] = name;
        return name;
    }

    private String of(CharSequence text) {
        String name = text.toString();
        int slot = spread(name.hashCode());
        String cached = cache[slot];
        if (name.equals(cached)) {
            return cached;
        }
        cache[slot] = name;
        return name;
    }

    private static int spread(int h) {
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
