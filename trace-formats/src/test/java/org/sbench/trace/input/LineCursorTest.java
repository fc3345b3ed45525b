package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;

class LineCursorTest {
    private static LineCursor cursor(byte[] bytes) {
        return new LineCursor(TraceInput.ofStream("t.txt", new ByteArrayInputStream(bytes)), ReadOptions.DEFAULTS);
    }

    private static List<String> lines(LineCursor c) {
        List<String> out = new ArrayList<>();
        while (c.advance()) {
            out.add(c.line());
        }
        return out;
    }

    @Test
    void linesEndWithLfOrCrLfAndABomIsDropped() {
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
        byte[] text = "a,b\r\n\nünï\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[bom.length + text.length];
        System.arraycopy(bom, 0, all, 0, bom.length);
        System.arraycopy(text, 0, all, bom.length, text.length);
        LineCursor c = cursor(all);
        assertEquals(List.of("a,b", "", "ünï"), lines(c));
        assertEquals(0, c.incompleteLastLine());
    }

    @Test
    void aLastLineWithoutItsLineEndIsNotDeliveredButNamed() {
        LineCursor c = cursor("1,2\n3,4\n5,".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of("1,2", "3,4"), lines(c));
        assertEquals(3, c.incompleteLastLine());
        LineCursor blankTail = cursor("1,2\n  ".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of("1,2"), lines(blankTail));
        assertEquals(0, blankTail.incompleteLastLine());
    }

    @Test
    void aCtrlZAfterTheLastLineIsTheDosEndOfFileNotACutLine() {
        LineCursor c = cursor("1,2\r\n3,4\r\n\u001a".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of("1,2", "3,4"), lines(c));
        assertEquals(0, c.incompleteLastLine(), "a DOS tool's end-of-file mark, no line lost");
        LineCursor cut = cursor("1,2\n3,\u001a".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of("1,2"), lines(cut));
        assertEquals(2, cut.incompleteLastLine(), "a line cut short before the mark still is");
    }

    @Test
    void aLineOfTheLongestLengthIsReadAndALongerOneIsAnError() {
        byte[] longest = ("x\n" + "a".repeat(LineCursor.MAX_LINE_BYTES) + "\r\nnext\n").getBytes(StandardCharsets.US_ASCII);
        LineCursor c = cursor(longest);
        List<String> got = lines(c);
        assertEquals(3, got.size());
        assertEquals(LineCursor.MAX_LINE_BYTES, got.get(1).length());
        byte[] tooLong = ("x\n" + "b".repeat(LineCursor.MAX_LINE_BYTES + 2) + "\n").getBytes(StandardCharsets.US_ASCII);
        LineCursor d = cursor(tooLong);
        assertTrue(d.advance());
        SbenchException e = assertThrows(SbenchException.class, d::advance);
        assertEquals("t.txt:2: expected a line of at most 1 MiB (1048576 bytes), found '" + "b".repeat(60) + "...' (more than"
                + " 1048576 bytes)", e.getMessage());
        for (String end : List.of("\n", "\r\n")) {
            LineCursor oneMore = cursor(("x\n" + "c".repeat(LineCursor.MAX_LINE_BYTES + 1) + end).getBytes(StandardCharsets.US_ASCII));
            assertTrue(oneMore.advance());
            assertThrows(SbenchException.class, oneMore::advance, "one byte over, ended by " + end.length() + " bytes");
        }
    }

    @Test
    void binaryDataIsAnErrorAtItsLine() {
        LineCursor c = cursor(new byte[] {'o', 'k', '\n', 'x', 0, 'y', '\n'});
        assertTrue(c.advance());
        assertEquals("t.txt:2: expected a text line, found 'binary data'", assertThrows(SbenchException.class, c::advance).getMessage());
        assertFalse(cursor(new byte[0]).advance());
    }
}
