package org.sbench.trace.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SizesTest {
    @Test
    void readsBytesAndBinaryUnits() {
        assertEquals(8192, Sizes.parseBytes("8192"));
        assertEquals(4096, Sizes.parseBytes("4K"));
        assertEquals(4096, Sizes.parseBytes("4KiB"));
        assertEquals(3L << 20, Sizes.parseBytes(" 3m "));
        assertEquals(1L << 30, Sizes.parseBytes("1GB"));
        assertEquals(5L << 40, Sizes.parseBytes("5T"));
        assertEquals(8192, Sizes.parseBytes("8192B"));
        assertEquals(4096, Sizes.parseBytes("4kb"));
    }

    @Test
    void theLargestSizeBelow2To63IsKept() {
        assertEquals(((1L << 23) - 1) << 40, Sizes.parseBytes("8388607T"));
        assertEquals(999_999_999_999_999L << 10, Sizes.parseBytes("999999999999999K"));
    }

    /** A size that does not fit in 63 bits was once taken modulo 2^64: 16777216T:1M purged byte 0. */
    @Test
    void sizesOf2To63BytesOrMoreAreRefusedNotWrapped() {
        for (String tooLarge : new String[] {"8388608T", "16777216T", "8796093022207T", "17592186044417M", "99999999999T",
            "9999999999999G"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes(tooLarge), tooLarge);
            assertTrue(e.getMessage().contains("too large"), e.getMessage());
        }
    }

    @Test
    void aBareNumberThatIsNoWholeBlockAsksForAUnit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes("512"));
        assertTrue(e.getMessage().contains("a unit (K, M, G) may be missing"), e.getMessage());
    }

    @Test
    void whatIsNoSizeIsRefused() {
        // The unit's letters were once dropped wherever they stood: b4096, 40b96 and 4kbib were 4096 or 4K.
        for (String bad : new String[] {"", "K", "-4K", "1.5M", "4X", "1234567890123456", "b4096", "40b96", "4kbib", "4ib", "4bk",
            "4 KiB", "0x1000"}) {
            assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes(bad), bad);
        }
    }

    @Test
    void formatsInTheLargestExactUnit() {
        assertEquals("8M", Sizes.format(8L << 20));
        assertEquals("1536K", Sizes.format(1536L << 10));
        assertEquals("4097", Sizes.format(4097));
        assertEquals("0", Sizes.format(0));
    }
}
