package org.sbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SbenchExceptionTest {
    @Test
    void aFailureNamesTheReasonNotTheFileTwice() {
        Path f = Path.of("/data/hm_1.csv");
        assertEquals("cannot read /data/hm_1.csv: permission denied",
                SbenchException.ioFailure("read", f, new AccessDeniedException(f.toString())).getMessage());
        assertEquals("cannot read /data/hm_1.csv: no such file",
                SbenchException.ioFailure("read", f, new NoSuchFileException(f.toString())).getMessage());
        assertEquals("cannot read /data/hm_1.csv: input/output error",
                SbenchException.ioFailure("read", f, new FileSystemException(f.toString(), null, "Input/output error")).getMessage());
        assertEquals("cannot read /data/hm_1.csv: Stream closed", SbenchException.ioFailure("read", f, new IOException("Stream closed"))
                .getMessage());
        assertEquals("cannot read /data/hm_1.csv: unexpected end of data",
                SbenchException.ioFailure("read", f, new java.io.EOFException()).getMessage());
        assertEquals("cannot read /data/hm_1.csv: IOException", SbenchException.ioFailure("read", f, new IOException()).getMessage());
    }

    /** Text from a file (a bundle's target path, a trace line) reaches the terminal without its control characters. */
    @Test
    void aReportedMessageIsOneLineWithoutControlCharacters() {
        java.io.StringWriter out = new java.io.StringWriter();
        int status = SbenchException.report(SbenchException.badInput("b/bundle.json", "made on /dev/\u001b[2Jx\nsecond line"),
                "sbench", false, new java.io.PrintWriter(out));
        assertEquals(3, status);
        assertEquals("sbench: b/bundle.json: made on /dev/?[2Jx?second line" + System.lineSeparator(), out.toString());
    }

    /**
     * A tab (a tab-separated MSR line) is shown as {@code \t}, in the quoted line and in the reported
     * message: it was '?', as unreadable as an escape sequence.
     */
    @Test
    void aTabIsShownAsBackslashT() {
        SbenchException e = SbenchException.badLine("tab.msr", 1, "7 fields", "128166372000059937\tdesktop\t0\tWrite");
        assertEquals("tab.msr:1: expected 7 fields, found '128166372000059937\\tdesktop\\t0\\tWrite'", e.getMessage());
        java.io.StringWriter out = new java.io.StringWriter();
        SbenchException.report(SbenchException.badInput("a\tb.csv", "empty"), "sbench", false, new java.io.PrintWriter(out));
        assertEquals("sbench: a\\tb.csv: empty" + System.lineSeparator(), out.toString());
    }

    /** A long line is quoted cut, with how long it is: it was cut with no word of how much was left out. */
    @Test
    void aLongLineIsQuotedCutWithItsLength() {
        String line = "128166372000059937,desktop,0,Write," + "9".repeat(1_048_576);
        assertEquals("d.csv:2: expected an offset, found '128166372000059937,desktop,0,Write,9999999999999999999999999...'"
                + " (1048611 characters)", SbenchException.badLine("d.csv", 2, "an offset", line).getMessage());
    }

    /** C1 controls (U+009B is an escape sequence's start to some terminals) are controls too; text for tables keeps its line ends. */
    @Test
    void c1ControlsAreShownAndLineEndsKeptWhereAsked() {
        assertEquals("a?[2Jb?c", SbenchException.printable("a\u009b[2Jb\u0085c"));
        assertEquals("name x?[2J\\ty\nnext?\n", SbenchException.printableLines("name x\u001b[2J\ty\nnext\u0007\n"));
        assertEquals("one?two", SbenchException.printable("one\ntwo"));
    }

    /** A file name of 4,000 characters (a hostile trace name, --out, --target) was printed whole in the error line. */
    @Test
    void aHugeNameInAMessageIsCutKeepingItsHeadAndTail() {
        String name = "/data/" + "d".repeat(3990) + "/t.csv";
        SbenchException e = SbenchException.badInput(name, "no such file");
        assertEquals("/data/" + "d".repeat(144) + "...(3703 characters cut)..." + "d".repeat(143) + "/t.csv: no such file", e.getMessage());
        String normal = "/tmp/junit1234/" + "\u00e9".repeat(100) + "a".repeat(51) + ".sbt";
        assertEquals("cannot write " + normal + ": no space left on device",
                new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + normal + ": no space left on device").getMessage());
    }

    @Test
    void aHugeNameOfSupplementaryCharactersIsCutBetweenThem() {
        String pair = "\uD83D\uDE00\uD840\uDC00"; // an emoji and a CJK ideograph beyond the BMP: two chars each
        String name = "/x/" + pair.repeat(1000) + "/t.cs";
        SbenchException e = SbenchException.badInput(name, "no such file");
        // 150 chars from each end would split a pair at both cuts: the head keeps 73 code points after /x/, the tail 72.
        String head = "/x/" + pair.repeat(36) + "\uD83D\uDE00";
        String tail = pair.repeat(36) + "/t.cs";
        assertEquals(head + "...(1855 characters cut)..." + tail + ": no such file", e.getMessage());
    }
}
