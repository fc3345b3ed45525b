package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Op;

class FieldsTest {

    private static Fields fieldsOf(Path dir, String line) throws IOException {
        Path file = dir.resolve("f.txt");
        Files.writeString(file, line + "\n");
        LineCursor cursor = new LineCursor(TraceInput.of(file), ReadOptions.DEFAULTS);
        cursor.advance();
        return new Fields(cursor);
    }

    @Test
    void splitsTrimsAndParses(@TempDir Path dir) throws IOException {
        Fields f = fieldsOf(dir, "0, 12345 ,4096,W, 1.000001500,0xff,,-7");
        assertEquals(8, f.split(','));
        assertEquals(0, f.unsignedAt(0, "n"));
        assertEquals(12345, f.unsignedAt(1, "n"));
        assertEquals("W", f.text(3));
        assertEquals(1_000_001_500L, f.scaledAt(4, 9, "seconds"));
        assertEquals(255, f.hexAt(5, "hex"));
        assertEquals(true, f.isEmpty(6));
        assertEquals(1_000_001L, f.scaledAt(4, 6, "seconds"));
    }

    @Test
    void splitsLinesOfAnyLengthAsStringSplitDoes(@TempDir Path dir) throws IOException {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        String[] pieces = {"", "7", "42", " 9 ", "123456789012345678", "1234567890123456789", "Write", "x y", "\u00fcn\u00ef", "+5"};
        for (int k = 0; k < 300; k++) {
            int n = 1 + random.nextInt(80);
            String[] want = new String[n];
            for (int i = 0; i < n; i++) {
                want[i] = pieces[random.nextInt(pieces.length)];
            }
            String line = String.join(",", want);
            Fields f = fieldsOf(dir, line);
            int kept = Math.min(n, 64);
            assertEquals(kept, f.split(','), line);
            for (int i = 0; i < kept; i++) {
                assertEquals(want[i].strip(), f.text(i), line);
                String digits = want[i].strip();
                if (digits.matches("[0-9]{1,18}")) {
                    assertEquals(Long.parseLong(digits), f.unsignedAt(i, "n"), line);
                }
            }
        }
    }

    @Test
    void aNumberAtTheVeryEndOfTheReadBufferIsReadToo() {
        // 64 KiB of lines whose last field ends 1 byte before the end of the cursor's first buffer:
        // too near the end for a word, so read a byte at a time.
        StringBuilder text = new StringBuilder();
        long n = 0;
        while (text.length() < (1 << 16) - 100) {
            text.append(n).append(",").append(n * 7).append('\n');
            n++;
        }
        String last = "9,12345\n";
        int pad = (1 << 16) - text.length() - last.length() - ",0\n".length();
        text.append("x".repeat(pad)).append(",").append(0).append('\n');
        text.append(last);
        assertEquals(1 << 16, text.length());
        LineCursor cursor = new LineCursor(TraceInput.ofStream("edge.txt",
                new java.io.ByteArrayInputStream(text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII))), ReadOptions.DEFAULTS);
        Fields f = new Fields(cursor);
        for (long i = 0; i < n + 1; i++) {
            cursor.advance();
            f.split(',');
            assertEquals(i < n ? i * 7 : 0, f.unsignedAt(1, "n"));
        }
        cursor.advance();
        f.split(',');
        assertEquals(9, f.unsignedAt(0, "n"));
        assertEquals(12345, f.unsignedAt(1, "n"));
    }

    @Test
    void fieldsBeyondAsciiKeepTheirTextAndCaseFolding(@TempDir Path dir) throws IOException {
        Fields f = fieldsOf(dir, "wr\u0131te,Caf\u00e9,(\u00e9t\u00e9)");
        assertEquals(3, f.split(','));
        assertEquals(true, f.equalsIgnoreCase(0, "WRITE"), "the dotless i folds to I, as String.equalsIgnoreCase has it");
        assertEquals("Caf\u00e9", f.text(1));
        assertEquals(true, f.equalsIgnoreCase(1, "CAF\u00c9"));
        assertEquals(false, f.equalsIgnoreCase(1, "Cafe"));
        assertEquals("\u00e9t\u00e9", f.text(2, 1, f.length(2) - 1));
    }

    @Test
    void whitespaceSplit(@TempDir Path dir) throws IOException {
        Fields f = fieldsOf(dir, "  8,0    1  12  0.000400000 0  C  WS 1234 + 8 [0]");
        assertEquals(11, f.splitWhitespace());
        assertEquals("[0]", f.text(10));
        assertEquals(400_000L, f.scaledAt(3, 9, "seconds"));
        assertEquals(true, f.equalsIgnoreCase(6, "ws"));
    }

    @Test
    void errorsQuoteTheField(@TempDir Path dir) throws IOException {
        Fields f = fieldsOf(dir, "12a,-5,99999999999999999999,1e5,0xZZ,");
        f.split(',');
        Path file = dir.resolve("f.txt");
        assertEquals(file + ":1: expected an offset, found '12a'", assertThrows(SbenchException.class, () -> f.unsignedAt(0, "an offset")).getMessage());
        assertEquals(file + ":1: expected a size, found '-5'", assertThrows(SbenchException.class, () -> f.unsignedAt(1, "a size")).getMessage());
        assertEquals(file + ":1: expected a number, found '99999999999999999999'", assertThrows(SbenchException.class, () -> f.unsignedAt(2, "a number")).getMessage());
        assertEquals(file + ":1: expected seconds, found '1e5'", assertThrows(SbenchException.class, () -> f.scaledAt(3, 9, "seconds")).getMessage());
        assertEquals(file + ":1: expected hex, found '0xZZ'", assertThrows(SbenchException.class, () -> f.hexAt(4, "hex")).getMessage());
        assertEquals(file + ":1: expected a time, found ''", assertThrows(SbenchException.class, () -> f.scaledAt(5, 9, "a time")).getMessage());
        assertEquals(file + ":1: expected 9 fields (a,b), found '12a,-5,99999999999999999999,1e5,0xZZ,'",
                assertThrows(SbenchException.class, () -> f.require(9, "a,b")).getMessage());
    }

    @Test
    void typedFieldsAndTheirBounds(@TempDir Path dir) throws IOException {
        Fields f = fieldsOf(dir, "7, r ,W,x,2147483648,18014398509481984,9223372037");
        f.split(',');
        Path file = dir.resolve("f.txt");
        assertEquals(7, f.intAt(0, "a disk"));
        assertEquals(7 * 512, f.sectorsAsBytesAt(0, "sectors"));
        assertEquals(7_000_000_000L, f.epochNsAt(0, 1_000_000_000L, "seconds"));
        assertEquals(Op.READ, f.readOrWriteAt(1, "R or W"));
        assertEquals(Op.WRITE, f.readOrWriteAt(2, "R or W"));
        assertEquals(file + ":1: expected R or W, found 'x'",
                assertThrows(SbenchException.class, () -> f.readOrWriteAt(3, "R or W")).getMessage());
        assertEquals(file + ":1: expected a disk below 2^31, found '2147483648'",
                assertThrows(SbenchException.class, () -> f.intAt(4, "a disk")).getMessage());
        assertEquals(file + ":1: expected sectors below 2^54, found '18014398509481984'",
                assertThrows(SbenchException.class, () -> f.sectorsAsBytesAt(5, "sectors")).getMessage());
        assertEquals(file + ":1: expected seconds before the year 2262, found '9223372037'",
                assertThrows(SbenchException.class, () -> f.epochNsAt(6, 1_000_000_000L, "seconds")).getMessage());
    }

    @Test
    void recognisesLinesToSkip(@TempDir Path dir) throws IOException {
        Fields header = fieldsOf(dir, " Timestamp , offset");
        header.split(',');
        assertTrue(header.isHeader(new String[] {"timestamp", "OFFSET"}));
        assertFalse(header.isHeader(new String[] {"timestamp"}));
        assertFalse(header.isBlankLine());
        Fields comment = fieldsOf(dir, "# a comment, with a comma");
        comment.split(',');
        assertTrue(comment.startsWith(0, '#'));
        assertFalse(comment.startsWith(1, '#'));
        Fields blank = fieldsOf(dir, " \t ");
        blank.split(',');
        assertTrue(blank.isBlankLine());
        assertFalse(blank.startsWith(0, '#'));
    }
}
