package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LineScanTest {
    /** Bytes after the line scanned: a scan reads words of eight bytes, and no further than the bytes held. */
    private static final String AFTER = "########\n";

    /** A cursor over a first line "x", then {@code text}, then {@link #AFTER}; the first line delivered, so all is held. */
    private static LineCursor cursorAfterFirstLine(String text) {
        LineCursor cursor = new LineCursor(TraceInput.ofStream("t.txt",
                new ByteArrayInputStream(("x\n" + text + AFTER).getBytes(StandardCharsets.UTF_8))), ReadOptions.DEFAULTS);
        assertTrue(cursor.advance());
        return cursor;
    }

    /** A scan started on the first line of {@code text}. */
    private static LineScan scan(String text) {
        LineScan scan = new LineScan(cursorAfterFirstLine(text));
        scan.start();
        return scan;
    }

    @Test
    void readsTheFieldsOfAPlainLineInOrder() {
        LineScan s = scan("128166372003061629,hm,1,Read,3154137088,4096,8921\r\nnext line\n");
        assertEquals(128166372003061629L, s.unsigned(','));
        s.skip(',');
        assertEquals(1, s.unsigned(','));
        assertFalse(s.text("Write", ','));
        assertTrue(s.text("Read", ','), "a text that does not match leaves the scan where it was, for the next one to try");
        assertEquals(3154137088L, s.unsigned(','));
        assertEquals(4096, s.unsigned(','));
        assertFalse(s.atEnd());
        assertEquals(8921, s.lastUnsigned());
        assertTrue(s.atEnd(), "the CR of a CRLF line end is not part of the line");
    }

    @Test
    void numbersOfOneToEighteenDigitsAreRead() {
        SplittableRandom random = new SplittableRandom(5);
        for (int digits = 1; digits <= 18; digits++) {
            for (int trial = 0; trial < 200; trial++) {
                StringBuilder n = new StringBuilder();
                for (int i = 0; i < digits; i++) {
                    n.append((char) ('0' + random.nextInt(10)));
                }
                LineScan s = scan(n + ";" + n + "\n");
                assertEquals(Long.parseLong(n.toString()), s.unsigned(';'), n.toString());
                assertEquals(Long.parseLong(n.toString()), s.lastUnsigned(), n.toString());
                assertTrue(s.atEnd());
            }
        }
    }

    @Test
    void anythingButThePlainFormFailsTheScan() {
        for (String field : new String[] {
            "", " 12", "12 ", "+12", "-12", "1x2", "12.5", "0x1F", "1234567890123456789", "\"12\"", "١٢"}) {
            LineScan s = scan(field + ",7\n");
            assertEquals(LineScan.FAILED, s.unsigned(','), "'" + field + "'");
            assertEquals(LineScan.FAILED, s.lastUnsigned(), "a failed scan stays failed: '" + field + "'");
            assertFalse(s.atEnd());
        }
        assertEquals(LineScan.FAILED, scan("12;7\n").unsigned(','), "another delimiter");
        assertEquals(LineScan.FAILED, scan("12\n").unsigned(','), "the line ends where a delimiter is due");
        assertEquals(LineScan.FAILED, scan("12,\n").lastUnsigned(), "more after the last field");
        LineScan noDelimiter = scan("hm\n");
        noDelimiter.skip(',');
        assertFalse(noDelimiter.atEnd(), "a field passed over needs its delimiter");
        assertFalse(scan("Reads,1\n").text("Read", ','), "a longer field");
        assertFalse(scan("read,1\n").text("Read", ','), "another case");
        assertFalse(scan("Read\n").text("Read", ','), "no delimiter");
        // Once failed, nothing more is read, though the rest would scan: ';' then 8 at the line's end.
        LineScan failed = scan("7;8\n");
        assertEquals(LineScan.FAILED, failed.unsigned(','));
        failed.skip(';');
        assertEquals(LineScan.FAILED, failed.lastUnsigned());
        assertFalse(failed.atEnd());
        LineScan sameWithoutFailure = scan("7;8\n");
        assertEquals(7, sameWithoutFailure.unsigned(';'));
        assertEquals(8, sameWithoutFailure.lastUnsigned());
        assertTrue(sameWithoutFailure.atEnd());
        // The digits end where Read begins, so a scan that did not stop would match it there.
        LineScan failedBeforeText = scan("7Read,\n");
        assertEquals(LineScan.FAILED, failedBeforeText.unsigned(','));
        assertFalse(failedBeforeText.text("Read", ','), "a text is not matched after a failure either");
    }

    @Test
    void aFieldAboveItsMostFailsTheScan() {
        LineScan atMost = scan("2147483647,9\n");
        assertEquals(Integer.MAX_VALUE, atMost.unsigned(',', Integer.MAX_VALUE));
        assertEquals(9, atMost.lastUnsigned(9));
        assertTrue(atMost.atEnd());
        assertEquals(LineScan.FAILED, scan("2147483648,9\n").unsigned(',', Integer.MAX_VALUE));
        LineScan last = scan("1,10\n");
        assertEquals(1, last.unsigned(','));
        assertEquals(LineScan.FAILED, last.lastUnsigned(9));
        assertFalse(last.atEnd());
    }

    @Test
    void aFieldPassedOverMayHoldAnyPrintableAscii() {
        LineScan s = scan(" host name #1;,42\n");
        s.skip(',');
        assertEquals(42, s.lastUnsigned());
        assertTrue(s.atEnd());
    }

    @Test
    void aStartAfterAFailureBeginsAfreshAtTheLineTheCursorHasNotDelivered() {
        LineCursor cursor = cursorAfterFirstLine("x,1\n2,3\n");
        LineScan s = new LineScan(cursor);
        s.start();
        assertEquals(LineScan.FAILED, s.unsigned(','));
        assertTrue(cursor.advance(), "the reader has the cursor deliver the line the scan failed on");
        assertEquals("x,1", cursor.line());
        s.start();
        assertEquals(2, s.unsigned(','));
        assertEquals(3, s.lastUnsigned());
        assertTrue(s.atEnd());
    }

    @Test
    void aLineReadWholeBecomesTheCursorsCurrentLine() {
        LineCursor cursor = cursorAfterFirstLine("12,34\r\n56,78\n");
        LineScan s = new LineScan(cursor);
        s.start();
        assertThrows(IllegalStateException.class, s::deliverLine, "nothing read yet");
        assertEquals(12, s.unsigned(','));
        assertEquals(34, s.lastUnsigned());
        s.deliverLine();
        assertEquals("12,34", cursor.line());
        assertEquals(2, cursor.lineNumber());
        assertTrue(cursor.advance());
        assertEquals("56,78", cursor.line(), "the cursor goes on after the line delivered");
        assertEquals(3, cursor.lineNumber());
    }

    @Test
    void aLineTheCursorDoesNotHoldWholeIsLeftToIt() {
        LineCursor cursor = new LineCursor(TraceInput.ofStream("t.txt",
                new ByteArrayInputStream("x\n1,2\n".getBytes(StandardCharsets.US_ASCII))), ReadOptions.DEFAULTS);
        assertTrue(cursor.advance());
        LineScan s = new LineScan(cursor);
        s.start();
        assertEquals(LineScan.FAILED, s.unsigned(','), "the line is in the last eight bytes held");
        LineScan cut = scan("12,34");
        assertEquals(12, cut.unsigned(','));
        assertEquals(LineScan.FAILED, cut.lastUnsigned(), "no line end after the last field");
        for (String b : new String[] {"\u0000", "\t", "\u00e9", "\n"}) {
            LineScan skipped = scan("1,h" + b + "m,2\n");
            assertEquals(1, skipped.unsigned(','));
            skipped.skip(',');
            assertEquals(LineScan.FAILED, skipped.lastUnsigned(), "a field passed over holding " + (int) b.charAt(0));
        }
    }
}
