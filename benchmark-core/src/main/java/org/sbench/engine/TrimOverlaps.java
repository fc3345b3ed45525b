package org.sbench.engine;

import org.sbench.trace.Op;

/**
 * Which slots run in the kernel (handed over, not completed), so that a TRIM and a read or write
 * whose range it overlaps never run at once: the block layer and the device order neither a discard
 * against the reads and writes around it nor those against it, so a trim running beside a write of
 * the same range could land before the write it follows in the trace, or after the one it precedes,
 * and a read beside it may or may not see the data. A TRIM waits for the running reads and writes it
 * overlaps, and a read or write for the running TRIMs it overlaps. Two trims of one range discard it
 * whichever lands first, so they run together, as do the IOs that overlap no trim. Ranges are a
 * member's (a striped target's parts on different members never overlap). Kept by the replay
 * thread; allocates nothing.
 */
final class TrimOverlaps {
    private final IoSlot[] slots;
    private final boolean[] running;
    private int runningTrims;

    TrimOverlaps(IoSlot[] slots) {
        this.slots = slots;
        this.running = new boolean[slots.length];
    }

    /** {@code s} is handed over (or about to be, before anything waits). */
    void started(IoSlot s) {
        running[s.index] = true;
        if (s.op == Op.TRIM) {
            runningTrims++;
        }
    }

    /** {@code s} completed, or never ran; a slot that is not running is left alone. */
    void finished(IoSlot s) {
        if (running[s.index]) {
            running[s.index] = false;
            if (s.op == Op.TRIM) {
                runningTrims--;
            }
        }
    }

    /** True when {@code s} may not start yet: a TRIM over a running read's or write's range, or a read or write over a running TRIM's. */
    boolean blocks(IoSlot s) {
        if (s.op == Op.FLUSH || (s.op != Op.TRIM && runningTrims == 0)) {
            return false;
        }
        boolean trim = s.op == Op.TRIM;
        long end = s.offsetBytes + s.lengthBytes;
        for (IoSlot r : slots) {
            if (running[r.index] && (r.op == Op.TRIM) != trim && r.op != Op.FLUSH && r.member == s.member
                    && r.offsetBytes < end && s.offsetBytes < r.offsetBytes + r.lengthBytes) {
                return true;
            }
        }
        return false;
    }
}
