package org.sbench.engine;

import org.sbench.trace.Op;

/**
 * Which slots run in the kernel (handed over, not completed), so that a TRIM and an IO whose range
 * it overlaps never run at once: the block layer and the device order neither a discard against the
 * reads and writes around it nor those against it, so a trim running beside a write of the same
 * range could land before the write it follows in the trace, or after the one it precedes. A TRIM
 * waits for every running IO it overlaps, and any IO waits for the running TRIMs it overlaps; IOs
 * that overlap no trim run at depth as before; ranges are a member's (a striped target's parts on
 * different members never overlap). Kept by the replay thread; allocates nothing.
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

    /** True when {@code s} may not start yet: a TRIM over a running IO's range, or an IO over a running TRIM's. */
    boolean blocks(IoSlot s) {
        if (s.op == Op.FLUSH || (s.op != Op.TRIM && runningTrims == 0)) {
            return false;
        }
        long end = s.offsetBytes + s.lengthBytes;
        for (IoSlot r : slots) {
            if (running[r.index] && (s.op == Op.TRIM || r.op == Op.TRIM) && r.op != Op.FLUSH && r.member == s.member
                    && r.offsetBytes < end && s.offsetBytes < r.offsetBytes + r.lengthBytes) {
                return true;
            }
        }
        return false;
    }
}
