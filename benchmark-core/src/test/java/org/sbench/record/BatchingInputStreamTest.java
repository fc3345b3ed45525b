// The recorder's reads of trace_pipe: a short read makes the next one wait for more; a full one does not.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import org.junit.jupiter.api.Test;

class BatchingInputStreamTest {
    /** A stream handing out at most {@code chunk} bytes a read, as a pipe holding that much does. */
    private static InputStream chunks(byte[] data, int chunk) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    @Test
    void passesEveryByteThroughShortReads() throws IOException {
        byte[] data = new byte[100];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        InputStream in = new BatchingInputStream(chunks(data, 7), 16, 1);
        assertArrayEquals(data, in.readAllBytes());
        assertEquals(-1, in.read(new byte[8], 0, 8));
    }

    // The pause is a sleep: an interrupted thread's sleep fails at once, which tells where one is taken.
    @Test
    void waitsAfterAShortReadOnly() throws IOException {
        InputStream in = new BatchingInputStream(chunks(new byte[40], 16), 16, 60_000_000_000L);
        byte[] b = new byte[32];
        try {
            Thread.currentThread().interrupt();
            assertEquals(16, in.read(b, 0, 32), "full");
            assertEquals(4, in.read(b, 0, 4), "all that was asked for");
            assertEquals(16, in.read(b, 0, 32), "full");
            assertEquals(4, in.read(b, 0, 32), "short");
            assertThrows(InterruptedIOException.class, () -> in.read(b, 0, 32));
        } finally {
            Thread.interrupted();
        }
    }
}
