package org.sbench.engine;

import org.sbench.trace.Op;

/**
 * Which of an engine's slots are in flight (submitted, not yet handed back), kept by the replay
 * thread. Catches caller bugs at submit (a foreign slot, one submitted twice, an IO larger than
 * the buffer that holds its data, a member the target does not have) before they can reach the
 * kernel; these are programming errors, not IO failures.
 */
final class InFlightSlots {
    private final IoSlot[] slots;
    private final int members;
    private final boolean[] busy;
    private int count;

    InFlightSlots(IoSlot[] slots, int members) {
        this.slots = slots;
        this.members = members;
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
        if (slot.member < 0 || slot.member >= members) {
            throw new IllegalArgumentException("slot " + i + " names member " + slot.member + " of a target of " + members);
        }
        if (slot.op == Op.READ || slot.op == Op.WRITE) {
            int d = slot.dataSlot;
            int bufferBytes = d >= 0 && d < slots.length ? slots[d].bufferBytes : 0;
            if (slot.lengthBytes <= 0 || slot.dataOffsetBytes < 0 || slot.dataOffsetBytes + slot.lengthBytes > bufferBytes) {
                throw new IllegalArgumentException("slot " + i + ": " + slot.op + " of " + slot.lengthBytes + " bytes at "
                        + slot.dataOffsetBytes + " does not fit the " + bufferBytes + "-byte buffer of slot " + d);
            }
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
