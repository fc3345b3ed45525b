package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class ProcessNamesTest {
    @Test
    void bytesOfANameSeenBeforeGiveItsStringAsciiOrNot() {
        ProcessNames names = new ProcessNames();
        // é is C3 A9 and ë C3 AB in UTF-8: the last two names differ in their last byte only.
        byte[] page = "..fio\0kworker/1:1H\0caf\u00e9\0caf\u00eb\0".getBytes(StandardCharsets.UTF_8);
        String fio = names.of(page, 2, 5);
        assertEquals("fio", fio);
        assertSame(fio, names.of("fio".getBytes(StandardCharsets.US_ASCII), 0, 3));
        assertEquals("kworker/1:1H", names.of(page, 6, 18));
        assertEquals("fi", names.of(page, 2, 4));
        String cafe = names.of(page, 19, 24);
        assertEquals("caf\u00e9", cafe);
        assertSame(cafe, names.of("caf\u00e9".getBytes(StandardCharsets.UTF_8), 0, 5));
        String other = names.of(page, 25, 30);
        assertEquals("caf\u00eb", other);
        assertSame(other, names.of(page, 25, 30));
    }

    @Test
    void aNameInALineBeyondAsciiSeenBeforeGivesItsString() {
        String text = "1 fio\n2 fio caf\u00e9\n3 caf\u00e9 \u00e9\n4 caf\u00e9\n5 caf\u00eb\n";
        LineCursor cursor = new LineCursor(TraceInput.ofStream("names.txt",
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))), ReadOptions.DEFAULTS);
        Fields f = new Fields(cursor);
        ProcessNames names = new ProcessNames();
        String[] got = new String[5];
        for (int i = 0; i < got.length; i++) {
            cursor.advance();
            f.splitWhitespace();
            got[i] = names.of(f, 1, 0, f.length(1));
        }
        assertEquals(Arrays.asList("fio", "fio", "caf\u00e9", "caf\u00e9", "caf\u00eb"), Arrays.asList(got));
        assertSame(got[0], got[1], "the same name in an ASCII line and in one that is not");
        assertSame(got[2], got[3], "a name beyond ASCII");
    }

    @Test
    void namesSharingASlotEachComeBackAsThemselves() {
        ProcessNames names = new ProcessNames();
        // More names than slots: some share one, and each replaces the other there in turn.
        int n = 2 * ProcessNames.SLOTS + 1;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < n; i++) {
                String name = (i % 2 == 0 ? "kworker/" : "\u00e9crit-") + i;
                byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
                assertEquals(name, names.of(bytes, 0, bytes.length));
            }
        }
    }

    @Test
    void anInternedNameComesBackAsTheFirstStringEqualToItAndBytesStillDecode() {
        ProcessNames names = new ProcessNames();
        String first = new String("caf\u00e9");
        assertSame(first, names.intern(first));
        assertSame(first, names.intern(new String("caf\u00e9")));
        byte[] bytes = "caf\u00e9".getBytes(StandardCharsets.UTF_8);
        assertEquals("caf\u00e9", names.of(bytes, 0, bytes.length));
        for (int i = 0; i < 4 * ProcessNames.SLOTS; i++) {
            String name = new String("p" + i);
            assertSame(name, names.intern(name), "a new name is cached as given");
            byte[] b = name.getBytes(StandardCharsets.US_ASCII);
            assertEquals(name, names.of(b, 0, b.length), "slots shared by both lookups give the right name");
        }
    }

    @Test
    void aNameIsTooLongBeyond256BytesOfUtf8() {
        assertFalse(ProcessNames.tooLong("p".repeat(256)));
        assertTrue(ProcessNames.tooLong("p".repeat(257)));
        assertFalse(ProcessNames.tooLong("é".repeat(128)), "256 bytes");
        assertTrue(ProcessNames.tooLong("é".repeat(129)), "129 characters, 258 bytes");
        assertTrue(ProcessNames.tooLong("€".repeat(86)), "86 characters, 258 bytes");
        assertFalse(ProcessNames.tooLong("\uD83D\uDE00".repeat(64)), "64 emoji, 128 characters, 256 bytes");
        assertTrue(ProcessNames.tooLong("\uD83D\uDE00".repeat(64) + "p"), "257 bytes");
        assertFalse(ProcessNames.tooLong("\uD83D".repeat(256)), "256 unpaired surrogates, each written as '?'");
    }

    @Property
    void utf8BytesCountsWhatGetBytesEncodes(@ForAll @StringLength(max = 300) String name,
                                           @ForAll @CharRange(from = '\uD800', to = '\uDFFF') char surrogate, @ForAll int at) {
        String withSurrogate = name.substring(0, Math.floorMod(at, name.length() + 1)) + surrogate
                + name.substring(Math.floorMod(at, name.length() + 1));
        for (String s : new String[] {name, withSurrogate}) {
            assertEquals(s.getBytes(StandardCharsets.UTF_8).length, ProcessNames.utf8Bytes(s), s);
        }
    }
}
