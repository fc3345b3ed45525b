package org.sbench.trace.format.tracecmd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.DataFormatException;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The block codecs of version 7 files: the fixtures trace-cmd 3.1.6 made hold only zstd (the one it was built
 * with), so zlib is shown here on zlib streams as zlib's compress2 writes them (RFC 1950, as Java's Deflater).
 */
class CodecTest {
    private final byte[] pages = pages();

    @Test
    void zlibAndZstdGiveBackTheirBytes() throws Exception {
        assertArrayEquals(pages, decompress(Codec.ZLIB, zlib(pages), pages.length));
        assertArrayEquals(pages, decompress(Codec.ZSTD, Zstd.compress(pages), pages.length));
    }

    @Test
    void aBlockOfAnotherSizeOrDamagedIsRefused() throws Exception {
        byte[] z = zlib(pages);
        assertEquals("data that decompresses to 12288 bytes",
                assertThrows(DataFormatException.class, () -> decompress(Codec.ZLIB, z, pages.length + 4096)).getMessage());
        assertEquals("data that decompresses to more than that",
                assertThrows(DataFormatException.class, () -> decompress(Codec.ZLIB, z, pages.length - 4096)).getMessage());
        assertThrows(DataFormatException.class, () -> decompress(Codec.ZLIB, Arrays.copyOf(z, z.length / 2), pages.length));
        byte[] s = Zstd.compress(pages);
        assertThrows(DataFormatException.class, () -> decompress(Codec.ZSTD, s, pages.length + 4096));
        assertThrows(DataFormatException.class, () -> decompress(Codec.ZSTD, Arrays.copyOf(s, s.length / 2), pages.length));
    }

    /** {@code compressed} decompressed as CPU data is: from the first bytes of a larger buffer, into the first {@code size} of another. */
    private static byte[] decompress(Codec codec, byte[] compressed, int size) throws DataFormatException {
        byte[] into = new byte[size + 100];
        codec.decompress(Arrays.copyOf(compressed, compressed.length + 100), compressed.length, into, size);
        return Arrays.copyOf(into, size);
    }

    private static byte[] pages() {
        byte[] b = new byte[3 * 4096];
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < b.length; i += 8) {
            b[i] = (byte) random.nextInt(16);
        }
        return b;
    }

    private static byte[] zlib(byte[] b) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }
}
