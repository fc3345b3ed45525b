package org.sbench.trace.format.tracecmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** The field reader of trace.dat's metadata: numbers in the file's order, and damage named by its byte. */
class DatReaderTest {
    private static DatReader reader(byte[] b, ByteOrder order) {
        return new DatReader(new ByteArrayInputStream(b), "t.dat", 100, null, order);
    }

    @Test
    void readsNumbersInEitherOrderAndCountsBytes() {
        byte[] b = {1, 0, 2, 0, 0, 0, 'a', 0};
        DatReader little = reader(b, ByteOrder.LITTLE_ENDIAN);
        assertEquals(1, little.u16("x"));
        assertEquals(2, little.u32("y"));
        assertEquals("a", little.string("z"));
        assertEquals(108, little.position());
        assertEquals(0x0100, reader(b, ByteOrder.BIG_ENDIAN).u16("x"));
    }

    /** An option whose fields run past the size its header gives was an IllegalStateException, not a bad input. */
    @Test
    void fieldsRunningPastTheirSizeAreBadInput() {
        DatReader r = reader(new byte[16], ByteOrder.LITTLE_ENDIAN);
        r.u64("an option's field");
        SbenchException e = assertThrows(SbenchException.class, () -> r.skipTo(104, "an option"));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals("t.dat: byte 104: expected the end of an option (its size), found its fields running on to byte 108",
                e.getMessage());
    }

    @Test
    void aFieldCutShortNamesWhereItStarted() {
        DatReader r = reader(new byte[] {1, 2, 3}, ByteOrder.LITTLE_ENDIAN);
        r.u8("a");
        SbenchException e = assertThrows(SbenchException.class, () -> r.u32("the page size"));
        assertEquals("t.dat: byte 101: expected the page size (4 bytes), found the end of the file after 2 bytes"
                + " (a truncated file?)", e.getMessage());
    }
}
