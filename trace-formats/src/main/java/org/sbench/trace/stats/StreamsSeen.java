// The distinct streams a conversion or a replay's plan read past, for the error when the stream asked for is not among them.
package org.sbench.trace.stats;

import java.util.Arrays;
import java.util.StringJoiner;
import java.util.function.IntConsumer;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;

/**
 * The distinct stream numbers seen, sorted, the first {@link #MAX_KEPT} of them: bounded whatever
 * the trace. Asking again for the stream asked last costs one comparison; a new one, a binary
 * search. Not thread-safe.
 */
public final class StreamsSeen {
    public static final int MAX_KEPT = 1024;
    private static final int SHOWN = 32;

    private int[] sorted = new int[8];
    private int size;
    private boolean more;
    private boolean any;
    private int last;

    public void add(int stream) {
        if (any && stream == last) {
            return;
        }
        any = true;
        last = stream;
        int i = Arrays.binarySearch(sorted, 0, size, stream);
        if (i >= 0) {
            return;
        }
        if (size == MAX_KEPT) {
            more = true;
            return;
        }
        i = -i - 1;
        if (size == sorted.length) {
            sorted = Arrays.copyOf(sorted, 2 * size);
        }
        System.arraycopy(sorted, i, sorted, i + 1, size - i);
        sorted[i] = stream;
        size++;
    }

    /** True if {@code stream} was seen; false too when it might have been past the first {@link #MAX_KEPT}. */
    public boolean contains(int stream) {
        return Arrays.binarySearch(sorted, 0, size, stream) >= 0;
    }

    /** True when streams beyond the first {@link #MAX_KEPT} were not kept. */
    public boolean incomplete() {
        return more;
    }

    /** Streams kept: all those seen unless {@link #incomplete()}. */
    public int size() {
        return size;
    }

    /** Gives {@code action} each stream kept, in increasing order. */
    public void forEach(IntConsumer action) {
        for (int i = 0; i < size; i++) {
            action.accept(sorted[i]);
        }
    }

    /** "its streams: " and the streams as {@code info} names them, the first 32 and how many more. */
    public String describe(TraceInfo info) {
        if (size == 1 && sorted[0] == IoRecord.NO_STREAM) {
            return "its IOs carry no stream number";
        }
        StringJoiner j = new StringJoiner(", ", "its streams: ", "");
        for (int i = 0; i < Math.min(size, SHOWN); i++) {
            j.add(info.streamName(sorted[i]));
        }
        if (size > SHOWN || more) {
            j.add("and " + (more ? "more than " : "") + (size - SHOWN) + " more");
        }
        return j.toString();
    }
}
