// Process names of a blktrace by pid, learnt from its process notes.
package org.sbench.trace.format.blktrace;

/**
 * pid to process name, filled from {@code BLK_TN_PROCESS} notes and looked up for every issue;
 * open addressing over primitive keys so that a lookup neither boxes nor allocates. A pid seen
 * again with a new name (pid reuse) takes the new one. Holds one entry per distinct pid of the
 * trace. Not thread-safe.
 */
final class PidNames {
    private static final int INITIAL_CAPACITY = 256;
    private static final int HASH_MULTIPLIER = 0x9E3779B9;

    private int[] pids = new int[INITIAL_CAPACITY];
    private String[] names = new String[INITIAL_CAPACITY];
    private int size;

    /** The name last noted for {@code pid}, or null. */
    String get(int pid) {
        int mask = pids.length - 1;
        for (int i = slot(pid, mask); names[i] != null; i = (i + 1) & mask) {
            if (pids[i] == pid) {
                return names[i];
            }
        }
        return null;
    }

    void put(int pid, String name) {
        int mask = pids.length - 1;
        int i = slot(pid, mask);
        while (names[i] != null) {
            if (pids[i] == pid) {
                names[i] = name;
                return;
            }
            i = (i + 1) & mask;
        }
        pids[i] = pid;
        names[i] = name;
        if (++size * 2 > pids.length) {
            grow();
        }
    }

    private void grow() {
        int[] oldPids = pids;
        String[] oldNames = names;
        pids = new int[oldPids.length * 2];
        names = new String[oldPids.length * 2];
        int mask = pids.length - 1;
        for (int j = 0; j < oldPids.length; j++) {
            if (oldNames[j] != null) {
                int i = slot(oldPids[j], mask);
                while (names[i] != null) {
                    i = (i + 1) & mask;
                }
                pids[i] = oldPids[j];
                names[i] = oldNames[j];
            }
        }
    }

    private static int slot(int pid, int mask) {
        int h = pid * HASH_MULTIPLIER;
        return (h ^ (h >>> 16)) & mask;
    }
}
