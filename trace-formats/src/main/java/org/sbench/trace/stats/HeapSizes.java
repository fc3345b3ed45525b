package org.sbench.trace.stats;

/**
 * What objects take on the heap of a 64-bit HotSpot JVM, for the memory budget of
 * {@link BlockFootprint}: 16-byte headers (objects and arrays, compressed class pointers),
 * references counted at 8 bytes (they take 4 when the heap is below 32 GiB), sizes rounded up to
 * 8 bytes. Not counted: G1 puts an array larger than half its heap region (1 to 32 MiB) in whole
 * regions of its own, so a stream's table of a few hundred thousand regions may take up to a
 * region more per array.
 */
final class HeapSizes {
    static final long REFERENCE = 8;
    static final long HEADER = 16;

    private HeapSizes() {
    }

    /** An array of {@code length} elements of {@code elementBytes} each. */
    static long array(long elementBytes, long length) {
        return align(HEADER + elementBytes * length);
    }

    /** An object with {@code fieldBytes} of fields. */
    static long object(long fieldBytes) {
        return align(HEADER + fieldBytes);
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
