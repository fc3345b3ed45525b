package org.sbench.data;

import java.nio.ByteBuffer;

/** {@code --data random} (the default): incompressible, and no two 512-byte blocks alike. */
public final class RandomPattern implements WritePattern {
    private final RandomBytes bytes;

    public RandomPattern(int maxIoBytes, long seed) {
        this.bytes = new RandomBytes(maxIoBytes, seed);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public void fill(ByteBuffer buffer, int lengthBytes, long writeIndex) {
        bytes.copy(buffer, 0, lengthBytes, writeIndex);
        for (int at = 0, block = 0; at + RandomBytes.STAMP_BYTES <= lengthBytes; at += RandomBytes.STAMP_BLOCK, block++) {
            bytes.stamp(buffer, at, writeIndex, block);
        }
    }
}
