package org.sbench.engine;

import org.sbench.trace.Op;

/**
 * Which of an engine's slots are in flight (submitted, not yet handed back), kept by the replay
 * thread. Catches caller bugs at submit (a foreign slot, one submitted twice, an IO larger than
 * its buffer) before they can reach the kernel; these are programming errors, not IO failures.
 */
final class InFlightSlots {
    private final IoSlot[] slots;
    private final boolean[] busy;
    private int count;

    InFlightSlots(IoSlot[] slots) {
        this.slots = slots;
        this.busy = new boolean[slots.length];
    }

    /** Marks {@code slot} in flight after checking that the engine may take it. */
    void take(IoSlot slot) {
        int i = slot.index;
        if (i < 0 || i >= slots.length || slots[i] != slot) {
            throw new IllegalArgumentException("slot " + i + " does not belong to this engine");
        }
        if (busy[i]) {
            throw new IllegalStateException("slot " + i + " submitted again before it completed");
        }
        if (slot.op == null) {
            throw new IllegalArgumentException("slot " + i + " has no op");
        }
        if ((slot.op == Op.READ || slot.op == Op.WRITE) && (slot.lengthBytes <= 0 || slot.lengthBytes > slot.bufferBytes)) {
            throw new IllegalArgumentException("slot " + i + ": " + slot.op + " of " + slot.lengthBytes
                    + " bytes does not fit its " + slot.bufferBytes + "-byte buffer");
        }
        busy[i] = true;
        count++;
    }

    /** Marks {@code slot} free again: it is being handed back to the caller. */
    void release(IoSlot slot) {
        busy[slot.index] = false;
        count--;
    }

    /** Slots taken and not released. */
    int count() {
        return count;
    }
}
