package org.sbench.data;

import java.nio.ByteBuffer;

/** {@code --data zero}: every byte 0x00, the best case for a compressing controller. */
public final class ZeroPattern implements WritePattern {
    private final byte[] zeros;

    public ZeroPattern(int maxIoBytes) {
        this.zeros = new byte[maxIoBytes];
    }

    @Override
    public String name() {
        return "zero";
    }

    @Override
    public void fill(ByteBuffer buffer, int lengthBytes, long writeIndex) {
        buffer.put(0, zeros, 0, lengthBytes);
    }

    @Override
    public boolean sameForEveryWrite() {
        return true;
    }
}
