// An .sbt reader's process names by index: a bounded cache over the trailer's table.
package org.sbench.trace.format.sbt;

import java.util.Arrays;
import org.sbench.trace.input.ProcessNames;

/**
 * The names of a {@link ProcessTable} whose numbers are their lengths in the file, by index, through a direct-mapped
 * cache of Strings (as many as its owner allows): a table that fits is decoded once, a name of a larger one each time it
 * comes back after another took its slot, so that records of one name near each other share one String.
 */
final class ProcessNameCache {
    private final ProcessTable table;
    private final int[] indexes;
    private final String[] names;

    /** A cache of at most {@code maxSlots} Strings, a power of two. */
    ProcessNameCache(ProcessTable table, int maxSlots) {
        this.table = table;
        int slots = Math.min(maxSlots, Integer.highestOneBit(Math.max(1, table.size() - 1)) << 1);
        this.indexes = new int[slots];
        Arrays.fill(indexes, -1);
        this.names = new String[slots];
    }

    int size() {
        return table.size();
    }

    /** Name {@code index} (from 0 to {@link #size()} - 1); null when longer than {@link ProcessNames#MAX_NAME_BYTES}. */
    String name(int index) {
        int slot = index & (indexes.length - 1);
        if (indexes[slot] == index) {
            return names[slot];
        }
        if (table.number(index) > ProcessNames.MAX_NAME_BYTES) {
            return null;
        }
        String name = table.name(index);
        indexes[slot] = index;
        names[slot] = name;
        return name;
    }

    /** Name {@code index}'s length in the file, in bytes. */
    long length(int index) {
        return table.number(index);
    }
}
