package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sbench.trace.Op;

class TrimOverlapsTest {
    private final IoSlot[] slots = new IoSlot[4];
    private final TrimOverlaps overlaps;

    TrimOverlapsTest() {
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new IoSlot(i, 0, 0, null);
        }
        overlaps = new TrimOverlaps(slots);
    }

    private IoSlot io(int index, Op op, long offset, long length) {
        IoSlot s = slots[index];
        s.op = op;
        s.offsetBytes = offset;
        s.lengthBytes = length;
        return s;
    }

    @Test
    void aTrimWaitsForARunningIoItOverlapsOnly() {
        overlaps.started(io(0, Op.WRITE, 0, 8192));
        assertTrue(overlaps.blocks(io(1, Op.TRIM, 4096, 4096)));
        assertTrue(overlaps.blocks(io(1, Op.TRIM, 0, 1 << 20)));
        assertFalse(overlaps.blocks(io(1, Op.TRIM, 8192, 4096)), "ranges that touch do not overlap");
        assertFalse(overlaps.blocks(io(1, Op.WRITE, 4096, 4096)), "reads and writes are not kept apart from each other");
        overlaps.finished(slots[0]);
        assertFalse(overlaps.blocks(io(1, Op.TRIM, 4096, 4096)));
    }

    @Test
    void anIoWaitsForARunningTrimItOverlaps() {
        overlaps.started(io(0, Op.TRIM, 1 << 20, 1 << 20));
        assertTrue(overlaps.blocks(io(1, Op.READ, (1 << 21) - 512, 4096)));
        assertTrue(overlaps.blocks(io(1, Op.WRITE, 1 << 20, 512)));
        assertFalse(overlaps.blocks(io(1, Op.TRIM, 0, 2 << 20)), "two trims of one range discard it in either order");
        assertFalse(overlaps.blocks(io(1, Op.READ, 0, 1 << 20)));
        assertFalse(overlaps.blocks(io(1, Op.FLUSH, 0, 0)), "a flush is ordered in commit, not by range");
        overlaps.finished(slots[0]);
        assertFalse(overlaps.blocks(io(1, Op.WRITE, 1 << 20, 512)));
    }

    @Test
    void finishingASlotThatDidNotRunChangesNothing() {
        overlaps.started(io(0, Op.TRIM, 0, 4096));
        overlaps.finished(io(1, Op.TRIM, 0, 4096));
        assertTrue(overlaps.blocks(io(2, Op.READ, 0, 4096)), "the running trim still counts");
        overlaps.finished(slots[0]);
        overlaps.finished(slots[0]);
        overlaps.started(io(3, Op.WRITE, 0, 4096));
        assertFalse(overlaps.blocks(io(2, Op.READ, 0, 4096)), "no trim runs");
        assertTrue(overlaps.blocks(io(2, Op.TRIM, 0, 4096)));
    }
}
