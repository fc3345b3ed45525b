package org.sbench.data;

import java.nio.ByteBuffer;

/**
 * {@code --data compress:PCT}: each 4 KiB block is (100 − PCT)% random bytes followed by zeros, so
 * a general-purpose compressor shrinks it by about PCT% (the random part does not compress, the
 * zeros nearly vanish). The random part of every 512-byte stamp block carries a unique stamp, so
 * blocks are never duplicates.
 */
public final class CompressiblePattern implements WritePattern {
    static final int BLOCK = 4096;
    private static final int PERCENT = 100;

    private final int percent;
    private final int randomPerBlock;
    private final RandomBytes bytes;
    private final byte[] zeros = new byte[BLOCK];

    /** @param percent how much a compressor should shrink the data, 0 to 100 */
    public CompressiblePattern(int percent, int maxIoBytes, long seed) {
        if (percent < 0 || percent > PERCENT) {
            throw new IllegalArgumentException("percent " + percent);
        }
        this.percent = percent;
        this.randomPerBlock = Math.max(RandomBytes.STAMP_BYTES, BLOCK * (PERCENT - percent) / PERCENT);
        this.bytes = new RandomBytes(maxIoBytes, seed);
    }

    @Override
    public String name() {
        return "compress:" + percent;
    }

    @Override
    public void fill(ByteBuffer buffer, int lengthBytes, long writeIndex) {
        bytes.copy(buffer, 0, lengthBytes, writeIndex);
        long block = 0;
        for (int at = 0; at < lengthBytes; at += BLOCK) {
            int blockEnd = Math.min(lengthBytes, at + BLOCK);
            int zerosFrom = Math.min(blockEnd, at + randomPerBlock);
            for (int s = at; s + RandomBytes.STAMP_BYTES <= zerosFrom; s += RandomBytes.STAMP_BLOCK) {
                bytes.stamp(buffer, s, writeIndex, block++);
            }
            buffer.put(zerosFrom, zeros, 0, blockEnd - zerosFrom);
        }
    }
}
