// Dense slot numbers for the streams of a trace, for per-stream state kept in plain arrays.
package org.sbench.trace.stats;

import java.util.Arrays;

/**
 * Gives each stream number (any int, {@link org.sbench.trace.IoRecord#NO_STREAM} included) a
 * slot in {@code [0, maxSlots)}, so that per-stream state lives in arrays indexed by slot. When
 * every slot is taken, a new stream gets the slot of the stream least recently asked for, whose
 * state its owner then resets ({@link #fresh()}): memory is bounded by {@code maxSlots}, whatever
 * the number of streams ({@link #unbounded()}: never). Lookups of the stream asked for last cost one comparison (traces run
 * long on one stream); in a table that never evicts, those of streams 0 to 1,023 one load from an
 * array by stream number (streams that take turns: bench/stats-cost.sh, the recorded QD of 4
 * streams in turn 13.5-14.1 ns an IO against 15.6-16.4 with a probe); others probe an
 * open-addressing table of primitives, so nothing is allocated per IO once the arrays have grown to
 * the streams present. Not thread-safe.
 */
final class StreamSlots {
    private static final int INITIAL_SLOTS = 16;
    private static final int NONE = -1;
    private static final int DIRECT_STREAMS = 1024;

    private final int maxSlots;
    /** False for a table that never evicts: the recency order is then not kept. */
    private final boolean evicts;
    // Per slot: its stream and its neighbours in recency order (head most recent, tail least).
    private int[] streamOf = new int[INITIAL_SLOTS];
    private int[] newer = new int[INITIAL_SLOTS];
    private int[] older = new int[INITIAL_SLOTS];
    private int head = NONE;
    private int tail = NONE;
    private int used;
    // Open addressing: slot + 1 of the stream hashed here, 0 for free.
    private int[] table = new int[2 * INITIAL_SLOTS];
    /**
     * For a table that never evicts: slot + 1 of each stream below {@value #DIRECT_STREAMS} (disk
     * and device numbers usually are), found with one load where the table takes a probe; null for
     * a table that evicts, whose every lookup must update the recency order.
     */
    private final int[] direct;
    private int lastStream;
    private int lastSlot = NONE;
    private boolean fresh;

    /** A table of at most {@code maxSlots} streams, the least recently asked for making way for a new one. */
    StreamSlots(int maxSlots) {
        this(maxSlots, true);
    }

    private StreamSlots(int maxSlots, boolean evicts) {
        if (maxSlots < 1) {
            throw new IllegalArgumentException("maxSlots < 1");
        }
        this.maxSlots = maxSlots;
        this.evicts = evicts;
        this.direct = evicts ? null : new int[DIRECT_STREAMS];
    }

    /** A table that keeps every stream (its owner's state per stream is small and must stay exact). */
    static StreamSlots unbounded() {
        return new StreamSlots(Integer.MAX_VALUE, false);
    }

    /** The slot of {@code stream}; {@link #fresh()} then says whether its state must start afresh. */
    int slotOf(int stream) {
        if (lastSlot != NONE && stream == lastStream) {
            fresh = false;
            return lastSlot;
        }
        if (direct != null && stream >= 0 && stream < DIRECT_STREAMS && direct[stream] != 0) {
            fresh = false;
            lastStream = stream;
            lastSlot = direct[stream] - 1;
            return lastSlot;
        }
        int t = probe(stream);
        int slot;
        if (table[t] != 0) {
            slot = table[t] - 1;
            fresh = false;
            if (evicts) {
                unlink(slot);
                pushNewest(slot);
            }
        } else {
            slot = used < maxSlots ? newSlot() : evictLeastRecent();
            streamOf[slot] = stream;
            table[probe(stream)] = slot + 1;
            if (direct != null && stream >= 0 && stream < DIRECT_STREAMS) {
                direct[stream] = slot + 1;
            }
            fresh = true;
            if (evicts) {
                pushNewest(slot);
            }
        }
        lastStream = stream;
        lastSlot = slot;
        return slot;
    }

    /** True when {@code stream} holds a slot; gives it none. */
    boolean holds(int stream) {
        return lastSlot != NONE && stream == lastStream || table[probe(stream)] != 0;
    }

    /** True when the last {@link #slotOf} gave the stream a slot it did not hold before. */
    boolean fresh() {
        return fresh;
    }

    /** The stream that holds {@code slot} (one below {@link #used()}). */
    int streamOf(int slot) {
        return streamOf[slot];
    }

    /** Slots in use: the streams whose state is kept. */
    int used() {
        return used;
    }

    /** Slots there are at most. */
    int maxSlots() {
        return maxSlots;
    }

    /** Slots allocated so far (grown by doubling up to {@link #maxSlots()}), for owners sizing their arrays. */
    int capacity() {
        return streamOf.length;
    }

    private int newSlot() {
        if (used == streamOf.length) {
            int n = (int) Math.min((long) maxSlots, 2L * streamOf.length);
            streamOf = Arrays.copyOf(streamOf, n);
            newer = Arrays.copyOf(newer, n);
            older = Arrays.copyOf(older, n);
            rehash(Integer.highestOneBit(n - 1) << 2);
        }
        return used++;
    }

    private int evictLeastRecent() {
        int slot = tail;
        unlink(slot);
        deleteAt(probe(streamOf[slot]));
        return slot;
    }

    private void pushNewest(int slot) {
        older[slot] = head;
        newer[slot] = NONE;
        if (head != NONE) {
            newer[head] = slot;
        }
        head = slot;
        if (tail == NONE) {
            tail = slot;
        }
    }

    private void unlink(int slot) {
        int n = newer[slot];
        int o = older[slot];
        if (n != NONE) {
            older[n] = o;
        } else {
            head = o;
        }
        if (o != NONE) {
            newer[o] = n;
        } else {
            tail = n;
        }
    }

    /** The table index holding {@code stream}, or the free index where it would go. */
    private int probe(int stream) {
        int mask = table.length - 1;
        int t = hash(stream) & mask;
        while (table[t] != 0 && streamOf[table[t] - 1] != stream) {
            t = (t + 1) & mask;
        }
        return t;
    }

    /** Linear-probing deletion by backward shift, so lookups never meet tombstones. */
    private void deleteAt(int free) {
        int mask = table.length - 1;
        int i = free;
        int j = free;
        while (true) {
            j = (j + 1) & mask;
            if (table[j] == 0) {
                break;
            }
            int home = hash(streamOf[table[j] - 1]) & mask;
            boolean stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays) {
                table[i] = table[j];
                i = j;
            }
        }
        table[i] = 0;
    }

    private void rehash(int capacity) {
        table = new int[capacity];
        for (int s = 0; s < used; s++) {
            table[probe(streamOf[s])] = s + 1;
        }
    }

    private static int hash(int stream) {
        int h = stream * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
