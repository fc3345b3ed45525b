package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The frame forms {@link ZstdParts} finds its pieces in: each read whole, and a cut in a checksum found. */
class ZstdStreamTest {
    /** Text of {@code lines} lines, numbered from {@code from}: several 128 KiB blocks for a few thousand. */
    private static byte[] text(int from, int lines) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < from + lines; i++) {
            b.append(i).append(",hm,").append(i % 7).append(",Read,").append(i * 4096L * 31 % 1000003).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] frame(byte[] data, boolean checksum, boolean contentSize, int level) {
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            return ctx.setChecksum(checksum).setContentSize(contentSize).setLevel(level).compress(data);
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] readAll(byte[] compressed) throws IOException {
        try (InputStream in = new ZstdStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }

    @Test
    void framesWithAndWithoutChecksumOrContentSizeAndASkippableFrameAreReadWhole() throws IOException {
        byte[] a = text(0, 20000);
        byte[] b = text(20000, 30);
        byte[] c = new byte[300_000];   // RLE blocks
        byte[] skippable = {0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 'x', 'y', 'z'};
        byte[] file = concat(frame(a, true, true, 3), skippable, frame(b, false, false, 19), frame(new byte[0], true, true, 1),
                frame(c, false, true, 1));
        assertArrayEquals(concat(a, b, c), readAll(file));
    }

    @Test
    void aCutInTheChecksumGivesEveryByteThenFails() throws IOException {
        byte[] a = text(0, 5000);
        byte[] full = frame(a, true, true, 3);
        byte[] got = new byte[a.length];
        try (InputStream in = new ZstdStream(new ByteArrayInputStream(Arrays.copyOf(full, full.length - 2)))) {
            assertEquals(a.length, in.readNBytes(got, 0, got.length));
            assertArrayEquals(a, got);
            IOException e = assertThrows(IOException.class, in::read);
            assertEquals("Truncated source", e.getMessage());
        }
    }
}
