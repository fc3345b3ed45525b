package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PipeStreamTest {
    /** A stream giving {@code bytes} at most {@code most} a read, as a pipe gives what its writer wrote so far. */
    private static InputStream trickle(byte[] bytes, int most, IOException after) {
        return new InputStream() {
            private int at;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                if (at == bytes.length) {
                    if (after != null) {
                        throw after;
                    }
                    return -1;
                }
                int n = Math.min(Math.min(most, len), bytes.length - at);
                System.arraycopy(bytes, at, into, off, n);
                at += n;
                return n;
            }
        };
    }

    private static byte[] random(int length) {
        byte[] bytes = new byte[length];
        new Random(7).nextBytes(bytes);
        return bytes;
    }

    @Test
    void chunksFilledAgainAndAShortLastOneGiveEveryByteInOrder() throws IOException {
        // Ten chunks' worth and a part: the chunks used again are each filled again by many short reads.
        byte[] bytes = random(10 * 256 * 1024 + 1234);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PipeStream in = new PipeStream(trickle(bytes, 65536 - 3, null), "p")) {
            out.write(in.read());
            byte[] buffer = new byte[100_000];
            for (int n; (n = in.read(buffer, 1, buffer.length - 1)) > 0; ) {
                out.write(buffer, 1, n);
            }
            assertEquals(-1, in.read());
        }
        assertArrayEquals(bytes, out.toByteArray());
    }

    @Test
    void aFailedReadIsThrownAfterTheBytesBeforeIt() throws IOException {
        byte[] bytes = random(300_000);
        try (PipeStream in = new PipeStream(trickle(bytes, 4096, new IOException("Input/output error")), "p")) {
            assertArrayEquals(bytes, in.readNBytes(bytes.length));
            assertEquals("Input/output error", assertThrows(IOException.class, in::read).getMessage());
        }
    }

    @Test
    void anEmptyPipeEndsAtOnce() throws IOException {
        try (PipeStream in = new PipeStream(new ByteArrayInputStream(new byte[0]), "p")) {
            assertEquals(-1, in.read(new byte[10], 0, 10));
        }
    }
}
