// Process names in brackets at the end of blkparse and tracefs lines, one String per name.
package org.sbench.trace.format.blockevents;

import org.sbench.trace.input.Fields;
import org.sbench.trace.input.ProcessNames;

/**
 * Reads the bracketed process name ({@code [kworker/0:1H]}) that ends blkparse and tracefs
 * issue lines, returning the same String for a name seen recently, so that millions of IOs of
 * a few processes share a few Strings ({@link ProcessNames}). Not thread-safe.
 */
public final class CommNames {
    /** What blkparse prints (glibc's printf of a null string) for a process it has no name for. */
    private static final String UNKNOWN = "[(null)]";
    private final ProcessNames names = new ProcessNames();

    /**
     * The name in brackets starting at the first field from {@code from} on that begins with
     * {@code [}, up to the {@code ]} ending the last field: a name may hold spaces, kept as the line
     * has them, and is UTF-8 like the rest of the line; null when
     * no field there starts with {@code [}, and for {@code [(null)]}, which blkparse prints for a
     * pid whose name it never learned (the blktrace file holds no notify record of it).
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
        if (first == last && (end <= 1 || f.equalsIgnoreCase(first, UNKNOWN))) {
            return null;
        }
        return names.of(f, first, 1, last, end);
    }
}
