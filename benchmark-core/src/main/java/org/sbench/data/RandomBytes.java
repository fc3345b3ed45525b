package org.sbench.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * A pool of random bytes copied into write buffers at a varying offset, with every 512-byte block
 * stamped with its write number and block index: the content is incompressible and no two blocks
 * of a run are equal (a deduplicating controller cannot shortcut them).
 */
final class RandomBytes {
    static final int STAMP_BLOCK = 512;
    static final int STAMP_BYTES = 16;
    private static final int POOL_BYTES = 8 << 20;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final byte[] pool;
    private final int maxIoBytes;
    private final long salt;

    RandomBytes(int maxIoBytes, long seed) {
        this.maxIoBytes = maxIoBytes;
        this.pool = new byte[POOL_BYTES + maxIoBytes];
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < pool.length; i += 8) {
            long v = rnd.nextLong();
            for (int b = 0; b < 8 && i + b < pool.length; b++) {
                pool[i + b] = (byte) (v >>> (8 * b));
            }
        }
        // From the seed alone, not the pool size: the same seed stamps the same bytes whatever the largest IO.
        this.salt = new SplittableRandom(~seed).nextLong();
    }

    /** Copies {@code length} random bytes for write {@code writeIndex} to {@code buffer[at, at+length)}. */
    void copy(ByteBuffer buffer, int at, int length, long writeIndex) {
        if (length > maxIoBytes) {
            throw new IllegalArgumentException(length + " bytes > " + maxIoBytes);
        }
        int from = (int) (((writeIndex * GOLDEN) >>> 40) % POOL_BYTES) & ~7;
        buffer.put(at, pool, from, length);
    }

    /** Stamps the 512-byte block starting at {@code at} as block {@code block} of write {@code writeIndex}. */
    void stamp(ByteBuffer buffer, int at, long writeIndex, long block) {
        // Big-endian bytes whatever the buffer's order, so the same write gives the same bytes in any buffer.
        boolean big = buffer.order() == ByteOrder.BIG_ENDIAN;
        long first = writeIndex ^ salt;
        long second = block * GOLDEN ^ salt;
        buffer.putLong(at, big ? first : Long.reverseBytes(first));
        buffer.putLong(at + 8, big ? second : Long.reverseBytes(second));
    }
}
