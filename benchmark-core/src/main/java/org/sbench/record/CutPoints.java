// Where a recording's trace can be cut back to at a full disk, in memory independent of its length.
package org.sbench.record;

import java.util.ArrayList;
import java.util.List;

/**
 * Points a trace can be cut back to, in the order written (one per chunk allocated), each with the
 * writer's counts there. The first (before any IO) and the newest {@link #NEWEST} are always kept;
 * when {@link #MAX} are held, an older point is kept only when its number is a multiple of the
 * largest power of two up to a quarter of its distance (in points) from the newest. So they lie
 * ever sparser back from the end, as the cuts that look for them grow (each twice the one before):
 * a cut goes back at most a third further than it asks, and about 4 points are kept per power of
 * two of distance: under 240 for a trace of 2^63 bytes, so a recording of any length holds at most {@link #MAX}.
 */
final class CutPoints {
    static final int MAX = 256;
    /** Kept a chunk apart: the last 4 MiB of trace at 64 KiB chunks. */
    static final int NEWEST = 64;

    private final List<Held> held = new ArrayList<>(MAX);
    private long added;

    void add(CutPoint p) {
        if (held.size() == MAX) {
            held.removeIf(h -> !kept(h.number()));
        }
        held.add(new Held(added++, p));
    }

    /** Whether the point numbered {@code n} is kept now (the test only ever turns false as points are added). */
    private boolean kept(long n) {
        long distance = added - n;
        return n == 0 || distance <= NEWEST || n % Long.highestOneBit(distance / 4) == 0;
    }

    int size() {
        return held.size();
    }

    /** The newest point whose trace is at most {@code lengthBytes} long, else the first. */
    CutPoint atOrBefore(long lengthBytes) {
        for (int i = held.size() - 1; i > 0; i--) {
            if (held.get(i).point().length() <= lengthBytes) {
                return held.get(i).point();
            }
        }
        return held.get(0).point();
    }

    private record Held(long number, CutPoint point) {
    }

    /** The writer's counts, length and {@link org.sbench.trace.format.sbt.SbtWriter#digest() digest} where a chunk was allocated. */
    record CutPoint(long ios, long reads, long writes, long trims, long flushes, long bytesRead, long bytesWritten,
            long reordered, long lastIssueNs, long length, long digest) {
    }
}
