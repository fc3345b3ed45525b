// The recorder's measure of reading progress: every byte read or skipped counts.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class CountingInputStreamTest {
    @Test
    void countsBytesReadAndSkippedButNotTheEnd() throws IOException {
        CountingInputStream in = new CountingInputStream(new ByteArrayInputStream(new byte[10]));
        in.read();
        in.read(new byte[4]);
        in.skip(2);
        assertEquals(7, in.count());
        in.readAllBytes();
        assertEquals(-1, in.read());
        assertEquals(10, in.count());
    }
}
