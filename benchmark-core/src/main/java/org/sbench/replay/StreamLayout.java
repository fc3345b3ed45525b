package org.sbench.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.LongUnaryOperator;
import org.sbench.SbenchException;
import org.sbench.result.ReplayResult;
import org.sbench.trace.stats.TraceStatistics;
import org.sbench.trace.units.Sizes;

/**
 * Where each stream of a multi-device trace goes on one target when all are replayed together
 * ({@code --stream all}): disjoint ranges, one after the other in stream order, each as long as
 * the stream's highest offset rounded up to 1 MiB; streams that would end past 2^63 bytes are
 * refused, and so ({@link TracePlan#check}) are traces of more than
 * {@value org.sbench.trace.stats.TraceInspector.Rows#MAX} streams (the plan's rows). Lookups are a binary search over
 * primitives.
 */
public final class StreamLayout {
    /** No layout: offsets are used as they are. */
    public static final StreamLayout NONE = new StreamLayout(new int[0], new String[0], new long[0], 0);
    private static final long ALIGN = 1L << 20;

    private final int[] streams;
    /** Each stream as inspect shows it ({@code MAJOR:MINOR} for a device). */
    private final String[] names;
    private final long[] bases;
    private final long totalBytes;

    private StreamLayout(int[] streams, String[] names, long[] bases, long totalBytes) {
        this.streams = streams;
        this.names = names;
        this.bases = bases;
        this.totalBytes = totalBytes;
    }

    /** Stream rows must come in increasing stream order (as {@link TraceStatistics} lists them). */
    public static StreamLayout of(List<TraceStatistics.StreamRow> rows) {
        int[] ids = new int[rows.size()];
        String[] names = new String[rows.size()];
        long[] bases = new long[rows.size()];
        long next = 0;
        for (int i = 0; i < rows.size(); i++) {
            ids[i] = rows.get(i).stream();
            names[i] = rows.get(i).name();
            bases[i] = next;
            long range = Sizes.roundedUp(rows.get(i).maxOffset(), ALIGN);
            if (range > Long.MAX_VALUE - next) {
                throw SbenchException.usage("--stream all lays the streams side by side, each over its highest offset rounded up"
                        + " to 1 MiB: stream " + names[i] + " would end past 2^63 bytes, more than any target has; replay one"
                        + " stream at a time (--stream N)");
            }
            next += range;
        }
        return new StreamLayout(ids, names, bases, next);
    }

    /** The offset added to IOs of {@code stream} (0 for a stream the layout does not know). */
    public long base(int stream) {
        int i = Arrays.binarySearch(streams, stream);
        return i >= 0 ? bases[i] : 0;
    }

    /** Where the range of {@code stream} ends: the next stream's base, or {@link #totalBytes} for the last. */
    public long end(int stream) {
        int i = Arrays.binarySearch(streams, stream);
        return i >= 0 && i + 1 < bases.length ? bases[i + 1] : totalBytes;
    }

    /** Bytes all streams need together. */
    public long totalBytes() {
        return totalBytes;
    }

    public boolean isNone() {
        return streams.length == 0;
    }

    /** This layout with each stream's start moved by {@code place} (where a fit put it on the target), for the result. */
    public StreamLayout placed(LongUnaryOperator place) {
        long[] moved = new long[bases.length];
        for (int i = 0; i < bases.length; i++) {
            moved[i] = place.applyAsLong(bases[i]);
        }
        return new StreamLayout(streams, names, moved, totalBytes);
    }

    /** {@code stream@offset} for each stream, the stream named as inspect names it ({@code 8:16@1048576}), for the result. */
    public String describe() {
        StringJoiner j = new StringJoiner(", ");
        for (int i = 0; i < streams.length; i++) {
            j.add(names[i] + "@" + bases[i]);
        }
        return j.toString();
    }

    /** Each stream, its name and where it starts on the target, for the result. */
    public List<ReplayResult.StreamPlace> places() {
        List<ReplayResult.StreamPlace> out = new ArrayList<>(streams.length);
        for (int i = 0; i < streams.length; i++) {
            out.add(new ReplayResult.StreamPlace(streams[i], names[i], bases[i]));
        }
        return out;
    }
}
