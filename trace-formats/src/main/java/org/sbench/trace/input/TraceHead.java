package org.sbench.trace.input;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

/** The first bytes of a (decompressed) trace, as format detection sees them. */
public final class TraceHead {
    private static final double MIN_PRINTABLE_SHARE = 0.95;
    /** What a UTF-8 byte-order mark decodes to; Windows tools start CSV files with it. */
    private static final String BYTE_ORDER_MARK = "\ufeff";

    private final byte[] bytes;
    private final boolean wholeInput;
    private final boolean oneBadLineAllowed;
    private List<String> lines;

    /** The head of an input that holds exactly {@code bytes}. */
    public TraceHead(byte[] bytes) {
        this(bytes, true);
    }

    /**
     * The first {@code bytes} of an input; {@code wholeInput} when the input ends there, else a
     * last line without its line end is cut and left out of {@link #lines()}.
     */
    public TraceHead(byte[] bytes, boolean wholeInput) {
        this(bytes, wholeInput, false);
    }

    private TraceHead(byte[] bytes, boolean wholeInput, boolean oneBadLineAllowed) {
        this.bytes = bytes;
        this.wholeInput = wholeInput;
        this.oneBadLineAllowed = oneBadLineAllowed;
    }

    /**
     * This head for a second look when no format took it as it is: a line-shaped format may take it
     * with one line of another shape among its first lines (a damaged record, which its reader then
     * names, or skips with --skip-bad).
     */
    public TraceHead withOneBadLineAllowed() {
        return new TraceHead(bytes, wholeInput, true);
    }

    /** True on the second look ({@link #withOneBadLineAllowed}). */
    public boolean oneBadLineAllowed() {
        return oneBadLineAllowed;
    }

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return bytes.length;
    }

    /** True when the bytes look like text: no NUL and almost all printable or whitespace. */
    public boolean isText() {
        return isText(bytes.length);
    }

    /** True when the first {@code n} bytes (n of at least 1) look like text. */
    private boolean isText(int n) {
        if (n == 0) {
            return false;
        }
        int printable = 0;
        for (int i = 0; i < n; i++) {
            int c = bytes[i] & 0xff;
            if (c == 0) {
                return false;
            }
            if (c >= 0x20 || c == '\n' || c == '\r' || c == '\t' || isDosEnd(i)) {
                printable++;
            }
        }
        return printable >= MIN_PRINTABLE_SHARE * n;
    }

    /** True for a Ctrl-Z that ends the input: a DOS tool's end-of-file mark, which readers take as the end ({@link LineCursor}). */
    private boolean isDosEnd(int i) {
        return wholeInput && i == bytes.length - 1 && bytes[i] == LineCursor.DOS_EOF;
    }

    /** Where binary data starts in text: the line (from 1) and the byte (from 0) of the first NUL. */
    public record BinaryStart(long line, int byteOffset) {
    }

    /**
     * Where binary data (a NUL byte) starts when text comes before it, as in a text trace with a
     * hole of NUL bytes (a damaged file); null when the head has no NUL, or what precedes it is
     * not text (a binary file).
     */
    public BinaryStart binaryAfterText() {
        int nul = 0;
        while (nul < bytes.length && bytes[nul] != 0) {
            nul++;
        }
        if (nul == bytes.length || !isText(nul)) {
            return null;
        }
        long line = 1;
        for (int i = 0; i < nul; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return new BinaryStart(line, nul);
    }

    /**
     * The complete non-blank lines of the head, trimmed of the line end and of a byte-order mark
     * before the first: a last line without its
     * line end is left out (cut by the head's limit, or by the end of a cut file, which readers do
     * not read either), unless the whole input is that one line. The head reaches past its first
     * 64 KiB to the end of the line they cut, up to the longest line allowed. Empty when the head
     * is not text.
     */
    public List<String> lines() {
        if (lines == null) {
            lines = isText() ? split() : Collections.emptyList();
        }
        return lines;
    }

    /** True when the head has a non-blank line and {@code shape} holds for each of the first {@code max}. */
    public boolean everyLine(int max, Predicate<String> shape) {
        List<String> lines = dataLines(max, null);
        return !lines.isEmpty() && lines.stream().allMatch(shape);
    }

    /** The first {@code max} non-blank lines that do not start with {@code commentPrefix} (null: none). */
    public List<String> dataLines(int max, String commentPrefix) {
        List<String> out = new ArrayList<>();
        for (String line : lines()) {
            if (out.size() == max) {
                break;
            }
            if (commentPrefix == null || !line.stripLeading().startsWith(commentPrefix)) {
                out.add(line);
            }
        }
        return out;
    }

    private List<String> split() {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith(BYTE_ORDER_MARK)) {
            text = text.substring(BYTE_ORDER_MARK.length());
        }
        List<String> out = lines(text.substring(0, Math.max(text.lastIndexOf('\n'), 0)));
        // A last line without its line end is not read (LineCursor), so detection passes over it
        // too, unless the input has no other line to go by.
        if (wholeInput && out.isEmpty()) {
            out = lines(text);
        }
        return Collections.unmodifiableList(out);
    }

    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\r?\n")) {
            if (!line.isBlank()) {
                out.add(line);
            }
        }
        return out;
    }
}
