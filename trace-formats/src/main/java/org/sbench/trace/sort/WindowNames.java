// The bytes of the process names that the records a sort holds keep alive.
package org.sbench.trace.sort;

/**
 * Counts the bytes of the process-name Strings that the records held by an {@link ExternalSorter}
 * refer to, a String shared by many held records once: a trace's few names, each one String (readers
 * reuse them), cost next to nothing, while records that each name their own process are counted
 * with their names. A fixed table of {@value #SLOTS} slots keeps the Strings counted and how many
 * held records refer to each, looked up by identity in at most {@value #PROBES} slots: a String
 * finding no slot of its own or free is counted again for each record that holds it, which counts
 * too much, never too little. Constant work a record; memory fixed (8 KiB, made at the first name).
 */
final class WindowNames {
    /** What {@link #hold} returns for a record whose name, if any, is counted for it alone. */
    static final int OWN = -1;
    static final int SLOTS = 1 << 10;
    static final int PROBES = 8;
    /**
     * What a String costs beyond its chars: its object (24 bytes with compressed references) and
     * its array's header (16), rounded up to the 8 bytes objects are aligned to.
     */
    static final int STRING_BYTES = 48;

    private String[] names;
    /** How many held records refer to {@code names[i]}; 0 where that is null. */
    private int[] holders;
    private long bytes;

    /** The bytes counted: each String in a slot once, each other name once for each record holding it. */
    long bytes() {
        return bytes;
    }

    /** Counts {@code name} (or null) for one more held record; the slot to give {@link #release}, or {@link #OWN}. */
    int hold(String name) {
        if (name == null) {
            return OWN;
        }
        if (names == null) {
            names = new String[SLOTS];
            holders = new int[SLOTS];
        }
        int first = System.identityHashCode(name);
        int free = OWN;
        for (int k = 0; k < PROBES; k++) {
            int slot = (first + k) & (SLOTS - 1);
            if (names[slot] == name) {
                holders[slot]++;
                return slot;
            }
            if (free == OWN && names[slot] == null) {
                free = slot;
            }
        }
        bytes += cost(name);
        if (free != OWN) {
            names[free] = name;
            holders[free] = 1;
        }
        return free;
    }

    /** A held record that {@link #hold} gave {@code slot} for {@code name} is no longer held. */
    void release(int slot, String name) {
        if (slot == OWN) {
            if (name != null) {
                bytes -= cost(name);
            }
        } else if (--holders[slot] == 0) {
            bytes -= cost(names[slot]);
            names[slot] = null;
        }
    }

    /** The most a String of this name takes: two bytes a char, as one with a char beyond Latin-1 does. */
    static long cost(String name) {
        return STRING_BYTES + 2L * name.length();
    }
}
