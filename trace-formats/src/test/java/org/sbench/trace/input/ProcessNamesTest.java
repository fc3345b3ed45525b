package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProcessNamesTest {
    @Test
    void bytesOfANameSeenBeforeGiveItsStringAndOthersTheirUtf8() {
        ProcessNames names = new ProcessNames();
        byte[] page = "..fio\0kworker/1:1H\0caf\u00e9\0".getBytes(StandardCharsets.UTF_8);
        String fio = names.of(page, 2, 5);
        assertEquals("fio", fio);
        assertSame(fio, names.of("fio".getBytes(StandardCharsets.US_ASCII), 0, 3));
        assertEquals("kworker/1:1H", names.of(page, 6, 18));
        // Beyond ASCII a byte is not a character: the name is decoded (not matched) each time, and right.
        assertEquals("caf\u00e9", names.of(page, 19, 24));
        assertEquals("caf\u00e9", names.of(page, 19, 24));
        assertEquals("fi", names.of(page, 2, 4));
    }
}
