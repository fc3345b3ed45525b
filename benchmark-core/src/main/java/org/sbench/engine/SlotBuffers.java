package org.sbench.engine;

import java.nio.ByteBuffer;
import org.sbench.SbenchException;
import org.sbench.engine.linux.MappedMemory;
import org.sbench.engine.linux.NativeBytes;

/**
 * The slots of one engine and their IO buffers, all in one anonymous region advised for
 * transparent huge pages. Each buffer is {@code maxIoBytes} rounded up to 4 KiB; buffers of at
 * most 2 MiB are packed so that none straddles a 2 MiB boundary, so with huge pages granted an IO
 * of up to 2 MiB (a 1280 KiB one, say) is one physically contiguous range and reaches the device
 * as few, large segments. Larger buffers each start on a 2 MiB boundary. Slots past the buffered
 * ones (the member IOs of a striped target) have no buffer of their own.
 */
public final class SlotBuffers implements AutoCloseable {
    /** Every buffer starts on a multiple of this, enough for O_DIRECT on 512 and 4096-byte sectors. */
    public static final int BUFFER_ALIGN_BYTES = 4096;
    public static final int MAX_DEPTH = 4096;
    public static final int MAX_IO_BYTES = 1 << 30;
    /** The most slots without a buffer, for member IOs. */
    public static final int MAX_PART_SLOTS = 4096;
    private static final ByteBuffer NO_BUFFER = ByteBuffer.allocate(0);
    static final long HUGE_PAGE_BYTES = MappedMemory.HUGE_PAGE_BYTES;

    private final MappedMemory memory;
    private final IoSlot[] slots;
    private final long hugePageBytes;

    private SlotBuffers(MappedMemory memory, IoSlot[] slots) {
        this.memory = memory;
        this.slots = slots;
        this.hugePageBytes = memory.hugePageBytes();
    }

    /**
     * {@code depth} slots with buffers of at least {@code maxIoBytes}, then {@code partSlots} slots
     * (indices {@code depth} on) without one; a usage error for bad sizes.
     */
    public static SlotBuffers allocate(int depth, int maxIoBytes, int partSlots) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw SbenchException.usage("queue depth " + depth + " is out of range 1.." + MAX_DEPTH);
        }
        if (maxIoBytes < 1 || maxIoBytes > MAX_IO_BYTES) {
            throw SbenchException.usage("largest IO size " + maxIoBytes + " bytes is out of range 1.." + MAX_IO_BYTES);
        }
        if (partSlots < 0 || partSlots > MAX_PART_SLOTS) {
            throw SbenchException.usage(partSlots + " member IOs in flight is out of range 0.." + MAX_PART_SLOTS);
        }
        long bufferBytes = bufferBytes(maxIoBytes);
        MappedMemory memory = MappedMemory.hugePageAligned(regionBytes(depth, bufferBytes),
                depth + " IO buffers of " + bufferBytes + " bytes");
        IoSlot[] slots = new IoSlot[depth + partSlots];
        for (int i = 0; i < depth; i++) {
            long address = memory.address() + bufferOffset(i, bufferBytes);
            slots[i] = new IoSlot(i, address, (int) bufferBytes, NativeBytes.view(address, bufferBytes));
        }
        for (int i = depth; i < slots.length; i++) {
            slots[i] = new IoSlot(i, 0, 0, NO_BUFFER);
        }
        return new SlotBuffers(memory, slots);
    }

    /** The slots, index i at position i; the same array every call. */
    public IoSlot[] slots() {
        return slots;
    }

    /** Bytes of the buffer region (whole huge pages). */
    public long regionBytes() {
        return memory.bytes();
    }

    /**
     * Bytes of the buffers backed by transparent huge pages, measured when they were made (after
     * touching every page); 0 when none were granted, -1 when /proc/self/smaps was unreadable.
     */
    public long hugePageBytes() {
        return hugePageBytes;
    }

    @Override
    public void close() {
        memory.close();
    }

    static long bufferBytes(int maxIoBytes) {
        return (maxIoBytes + (long) BUFFER_ALIGN_BYTES - 1) / BUFFER_ALIGN_BYTES * BUFFER_ALIGN_BYTES;
    }

    /** Where buffer {@code i} starts in the region. */
    static long bufferOffset(int i, long bufferBytes) {
        if (bufferBytes > HUGE_PAGE_BYTES) {
            return i * hugePagesFor(bufferBytes) * HUGE_PAGE_BYTES;
        }
        long perHugePage = HUGE_PAGE_BYTES / bufferBytes;
        return i / perHugePage * HUGE_PAGE_BYTES + i % perHugePage * bufferBytes;
    }

    static long regionBytes(int depth, long bufferBytes) {
        long end = bufferOffset(depth - 1, bufferBytes) + bufferBytes;
        return hugePagesFor(end) * HUGE_PAGE_BYTES;
    }

    private static long hugePagesFor(long bytes) {
        return (bytes + HUGE_PAGE_BYTES - 1) / HUGE_PAGE_BYTES;
    }
}
