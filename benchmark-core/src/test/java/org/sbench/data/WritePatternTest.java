package org.sbench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;

class WritePatternTest {
    private static final int MAX_IO = 1 << 20;

    /** Compressed size / original size of {@code writes} writes of {@code length} bytes. */
    private static double compressedRatio(WritePattern p, int length, int writes) {
        ByteBuffer buf = ByteBuffer.allocateDirect(MAX_IO);
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION);
        byte[] in = new byte[length];
        byte[] out = new byte[length * 2];
        long compressed = 0;
        for (int w = 0; w < writes; w++) {
            p.fill(buf, length, w);
            buf.get(0, in, 0, length);
            d.reset();
            d.setInput(in);
            d.finish();
            while (!d.finished()) {
                compressed += d.deflate(out);
            }
        }
        return (double) compressed / ((long) length * writes);
    }

    @Test
    void randomIsIncompressible() {
        assertTrue(compressedRatio(new RandomPattern(MAX_IO, 1), 128 * 1024, 16) > 0.99);
    }

    @Test
    void randomNeverRepeatsA512ByteBlock() {
        RandomPattern p = new RandomPattern(MAX_IO, 1);
        ByteBuffer buf = ByteBuffer.allocateDirect(MAX_IO);
        Set<ByteBuffer> seen = new HashSet<>();
        for (int w = 0; w < 500; w++) {
            p.fill(buf, 8192, w);
            for (int at = 0; at < 8192; at += 512) {
                ByteBuffer block = ByteBuffer.allocate(512);
                block.put(0, buf, at, 512);
                assertTrue(seen.add(block), "write " + w + " block " + at / 512 + " repeats an earlier block");
            }
        }
    }

    @Test
    void zeroIsAllZero() {
        ByteBuffer buf = ByteBuffer.allocateDirect(MAX_IO);
        new RandomPattern(MAX_IO, 2).fill(buf, 65536, 0);
        new ZeroPattern(MAX_IO).fill(buf, 65536, 1);
        for (int i = 0; i < 65536; i++) {
            assertEquals(0, buf.get(i));
        }
    }

    @Test
    void compressibleShrinksByAboutThePercentage() {
        for (int pct : new int[] {25, 50, 75, 90}) {
            double shrink = 100 * (1 - compressedRatio(new CompressiblePattern(pct, MAX_IO, 3), 64 * 1024, 32));
            assertTrue(Math.abs(shrink - pct) <= 5, "compress:" + pct + " shrank by " + shrink + "%");
        }
    }

    @Test
    void namesParse() {
        assertEquals("random", WritePatterns.of("random", 4096, 0).name());
        assertEquals("zero", WritePatterns.of("zero", 4096, 0).name());
        assertEquals("compress:60", WritePatterns.of("compress:60", 4096, 0).name());
        assertEquals("--data takes random, zero or compress:PCT (PCT 0-100), found 'compress:101'",
                assertThrows(SbenchException.class, () -> WritePatterns.of("compress:101", 4096, 0)).getMessage());
    }
}
