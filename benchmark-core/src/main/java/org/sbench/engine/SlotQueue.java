package org.sbench.engine;

/**
 * A fixed-capacity FIFO of slots for one thread: the IOs submitted and not yet committed, or those
 * an engine completed without the kernel's queue (a synchronous TRIM) and will hand back at the
 * next reap. Its array is made once; adding and polling allocate nothing.
 */
final class SlotQueue {
    private final IoSlot[] ring;
    private final int mask;
    private long head;
    private long tail;

    /** Holds up to {@code capacity} slots (rounded up to a power of two). */
    SlotQueue(int capacity) {
        int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        ring = new IoSlot[size];
        mask = size - 1;
    }

    void add(IoSlot slot) {
        if (tail - head == ring.length) {
            throw new IllegalStateException("slot queue full at " + ring.length);
        }
        ring[(int) (tail++ & mask)] = slot;
    }

    /** The oldest slot, removed; null when empty. */
    IoSlot poll() {
        if (head == tail) {
            return null;
        }
        int i = (int) (head++ & mask);
        IoSlot s = ring[i];
        ring[i] = null;
        return s;
    }

    /** The oldest slot, left in place; null when empty. */
    IoSlot peek() {
        return head == tail ? null : ring[(int) (head & mask)];
    }

    int size() {
        return (int) (tail - head);
    }
}
