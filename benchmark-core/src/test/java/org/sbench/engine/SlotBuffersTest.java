package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class SlotBuffersTest {
    private static final long HUGE = SlotBuffers.HUGE_PAGE_BYTES;

    @Test
    void largeIoBuffersEachGetTheirOwnHugePage() {
        long b = SlotBuffers.bufferBytes(1280 << 10);
        assertEquals(1280 << 10, b);
        assertEquals(0, SlotBuffers.bufferOffset(0, b));
        assertEquals(HUGE, SlotBuffers.bufferOffset(1, b));
        assertEquals(3 * HUGE, SlotBuffers.bufferOffset(3, b));
        assertEquals(4 * HUGE, SlotBuffers.regionBytes(4, b));
    }

    @Test
    void smallBuffersArePacked() {
        assertEquals(4096, SlotBuffers.bufferBytes(1));
        assertEquals(511 * 4096, SlotBuffers.bufferOffset(511, 4096));
        assertEquals(HUGE, SlotBuffers.bufferOffset(512, 4096));
        // 3 buffers of 640 KiB fit in 2 MiB; the 4th starts the next huge page.
        long b = 640 << 10;
        assertEquals(2 * b, SlotBuffers.bufferOffset(2, b));
        assertEquals(HUGE, SlotBuffers.bufferOffset(3, b));
    }

    @Property(tries = 200)
    void noBufferOfAtMostTwoMibStraddlesAHugePage(@ForAll @IntRange(min = 1, max = 2 << 20) int maxIo,
                                                  @ForAll @IntRange(min = 1, max = 300) int depth) {
        long b = SlotBuffers.bufferBytes(maxIo);
        assertEquals(0, b % SlotBuffers.BUFFER_ALIGN_BYTES);
        long previousEnd = 0;
        for (int i = 0; i < depth; i++) {
            long start = SlotBuffers.bufferOffset(i, b);
            assertEquals(start / HUGE, (start + b - 1) / HUGE, "buffer " + i + " straddles");
            assertTrue(start >= previousEnd, "buffers overlap");
            previousEnd = start + b;
        }
        assertTrue(previousEnd <= SlotBuffers.regionBytes(depth, b));
    }

    @Test
    void buffersLargerThanAHugePageStartOnOne() {
        long b = SlotBuffers.bufferBytes(3 << 20);
        assertEquals(2 * HUGE, SlotBuffers.bufferOffset(1, b));
    }

    @Test
    void allocatesAlignedSlotsAndMeasuresHugePages() {
        try (SlotBuffers buffers = SlotBuffers.allocate(3, 1280 << 10, 0)) {
            IoSlot[] slots = buffers.slots();
            assertEquals(3, slots.length);
            for (int i = 0; i < 3; i++) {
                assertEquals(i, slots[i].index);
                assertEquals(0, slots[i].bufferAddress % HUGE, "each 1280 KiB buffer starts a huge page");
                assertEquals(1280 << 10, slots[i].bufferBytes);
            }
            assertEquals(3 * HUGE, buffers.regionBytes());
            // Whether THP is granted depends on the machine; the measurement must still be sane.
            assertTrue(buffers.hugePageBytes() >= -1 && buffers.hugePageBytes() <= buffers.regionBytes());
        }
    }

    @Test
    void badSizesAreUsageErrors() {
        SbenchException e = assertThrows(SbenchException.class, () -> SlotBuffers.allocate(0, 4096, 0));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("queue depth 0 is out of range 1..4096", e.getMessage());
        e = assertThrows(SbenchException.class, () -> SlotBuffers.allocate(1, 0, 0));
        assertEquals("largest IO size 0 bytes is out of range 1..1073741824", e.getMessage());
    }
}
