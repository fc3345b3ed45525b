package org.sbench.trace.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;

/**
 * Line-by-line reading of a text trace that knows where it is, so every error names
 * {@code FILE:LINE}. Lines end with LF or CRLF and are UTF-8; a byte-order mark before the first
 * (as Windows tools write CSV) is dropped, and so is a Ctrl-Z after the last line end (DOS's end-of-file
 * mark). Owns the decompressed stream and the bad-record budget
 * of its reader.
 *
 * <p>Bounded: a line longer than {@link #MAX_LINE_BYTES} (a hole of a damaged file, a
 * decompression bomb read as text) is an error, found with no more than that much memory. A
 * last line without a line end is a cut file (a truncated download): it may hold a number cut
 * short, so it is not delivered, and {@link #incompleteLastLine()} says which line it was.
 *
 * <p>The current line is a range of the read buffer ({@link #bytes()}, from {@link #start()}, UTF-8
 * as read); its {@link #line()} is only made when asked for: parsing a line allocates nothing and
 * copies nothing. The line end is looked for eight bytes at a time: a word with no byte below
 * {@code 0x0B} (line ends, NUL, tab) and none beyond ASCII is passed over with one test.
 */
public final class LineCursor implements AutoCloseable {
    /** The longest line a text trace may have, without its line end: 1 MiB. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    private static final int INITIAL_BUFFER = 1 << 16;
    /** Room for the longest line, a CR and the LF. */
    private static final int MAX_BUFFER = MAX_LINE_BYTES + 2;
    private static final int QUOTED_PREFIX_BYTES = 64;
    private static final byte[] UTF8_BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
    /** Ctrl-Z, which DOS tools write after a text file's last line: its end, not a line. */
    static final byte DOS_EOF = 0x1a;

    private final TraceInput input;
    private final InputStream in;
    private final BadRecordBudget budget;
    private final RecordChecks checks;
    private byte[] buf = new byte[INITIAL_BUFFER];
    /** The current line: {@code buf[start, start + length)}. */
    private int start;
    private int length;
    private boolean ascii;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean readAny;
    /** Whether there is a current line: advance() delivered one. */
    private boolean atLine;
    /** The current line as a string, once asked for; null before. */
    private String line;
    private long lineNumber;
    private long incompleteLastLine;

    /** What to say of a trace {@code name} whose last line, line {@code line}, had no line end and was not read. */
    public static String cutLastLine(String name, long line) {
        return name + ":" + line + ": last line incomplete (no line end: a cut file?), not read";
    }

    /**
     * The error of a trace that starts with a UTF-16 byte-order mark ({@code FF FE} or {@code FE FF}:
     * what Windows tools save as "Unicode", PowerShell's {@code >} among them), whose NUL bytes
     * would otherwise be called binary data; null when {@code head} does not start with one.
     */
    public static SbenchException utf16(String name, byte[] head) {
        boolean le = head.length >= 2 && head[0] == (byte) 0xff && head[1] == (byte) 0xfe;
        boolean be = head.length >= 2 && head[0] == (byte) 0xfe && head[1] == (byte) 0xff;
        return le || be ? SbenchException.badInput(name + ":1", "expected UTF-8 text, found UTF-16 (byte-order mark "
                + (le ? "FF FE" : "FE FF") + ", as Windows tools save \"Unicode\"); convert it: iconv -f UTF-16 -t UTF-8 " + name + " > NEW"
                + FileSuffix.of(name))
                : null;
    }

    public LineCursor(TraceInput input, ReadOptions options) {
        this.input = input;
        this.in = input.openStream();
        this.budget = options.newBudget();
        this.checks = options.recordChecks();
    }

    /**
     * Moves to the next line.
     *
     * @return false at the end of the file (a last line without a line end is not delivered)
     * @throws SbenchException if the line holds binary data (a binary file fed to a text reader),
     *         is longer than {@link #MAX_LINE_BYTES}, or the file cannot be read (a truncated
     *         compressed file)
     */
    public boolean advance() {
        atLine = false;
        line = null;
        int i = pos;
        boolean asciiSoFar = true;
        while (true) {
            while (i < limit) {
                if (i <= limit - Long.BYTES) {
                    long word = AsciiWords.word(buf, i);
                    long special = AsciiWords.specialBytes(word);
                    if (special == 0) {
                        i += Long.BYTES;
                        continue;
                    }
                    // The lowest byte flagged is exactly the first special one: a line end ends the line here.
                    int first = i + (Long.numberOfTrailingZeros(special) >>> 3);
                    if (buf[first] == '\n') {
                        deliver(first, asciiSoFar);
                        return true;
                    }
                    i = first;
                }
                for (int wordEnd = Math.min(i + Long.BYTES, limit); i < wordEnd; i++) {
                    byte b = buf[i];
                    // One comparison for the usual byte: line ends, NUL and all bytes beyond ASCII are at most '\n'.
                    if (b <= '\n') {
                        if (b == '\n') {
                            deliver(i, asciiSoFar);
                            return true;
                        }
                        if (b == 0) {
                            SbenchException utf16 = lineNumber == 0 ? utf16(input.displayName(), Arrays.copyOf(buf, Math.min(2, limit))) : null;
                            if (utf16 != null) {
                                throw utf16;
                            }
                            lineNumber++;
                            throw SbenchException.badLine(input.displayName(), lineNumber, "a text line", "binary data");
                        }
                        asciiSoFar &= b > 0;
                    }
                }
            }
            int have = limit - pos;
            if (have > MAX_LINE_BYTES + 1) {
                throw tooLong();
            }
            if (eof) {
                if (!isBlank(pos, limit > pos && buf[limit - 1] == DOS_EOF ? limit - 1 : limit)) {
                    incompleteLastLine = lineNumber + 1;
                }
                pos = limit;
                length = 0;
                return false;
            }
            fill();
            i = pos + have;
        }
    }

    /** Where the bytes not yet delivered start in {@link #bytes()}, for a {@link LineScan} reading ahead. */
    int unread() {
        return pos;
    }

    /** Where the bytes read into {@link #bytes()} end: those from {@link #unread()} up to here are the file's next bytes. */
    int filled() {
        return limit;
    }

    /**
     * Makes the next line, which a {@link LineScan} read ahead and found to end at {@code lf}, all
     * ASCII, the current line, as {@link #advance()} would have.
     */
    void deliverScanned(int lf) {
        line = null;
        deliver(lf, true);
    }

    /** Makes the bytes from {@link #pos} to the line end at {@code lf} (less a CR before it, and a first line's BOM) the current line. */
    private void deliver(int lf, boolean asciiLine) {
        int end = lf > pos && buf[lf - 1] == '\r' ? lf - 1 : lf;
        start = !asciiLine && lineNumber == 0 && startsWithBom(pos, end) ? pos + UTF8_BOM.length : pos;
        length = end - start;
        if (length > MAX_LINE_BYTES) {
            // The buffer holds one byte more, for a CR: a line ended by LF alone could use it.
            throw tooLong();
        }
        ascii = asciiLine;
        pos = lf + 1;
        lineNumber++;
        atLine = true;
    }

    private SbenchException tooLong() {
        return SbenchException.lineTooLong(input.displayName(), lineNumber + 1, "a line of at most 1 MiB (" + MAX_LINE_BYTES + " bytes)",
                prefix(), MAX_LINE_BYTES);
    }

    /** Moves the unread bytes to the front, grows the buffer if they fill it, and reads more. */
    private void fill() {
        int have = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, have);
            pos = 0;
            limit = have;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, Math.min(2 * buf.length, MAX_BUFFER));
        }
        try {
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
                readAny |= r > 0;
            }
        } catch (IOException e) {
            if (!readAny) {
                throw input.unreadableStart(e);
            }
            throw SbenchException.badInput(input.displayName(), "line " + (lineNumber + 1)
                    + ": cannot read further (" + SbenchException.reason(e) + "); is the file truncated or corrupt?");
        }
    }

    private boolean startsWithBom(int from, int to) {
        return to - from >= UTF8_BOM.length && buf[from] == UTF8_BOM[0] && buf[from + 1] == UTF8_BOM[1] && buf[from + 2] == UTF8_BOM[2];
    }

    private boolean isBlank(int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    private String prefix() {
        return new String(buf, pos, Math.min(limit - pos, QUOTED_PREFIX_BYTES), StandardCharsets.UTF_8);
    }

    /** The current line; null when there is none (at the end of the file). */
    public String line() {
        if (line == null && atLine) {
            line = new String(buf, start, length, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        }
        return line;
    }

    /** The array holding the current line's bytes, UTF-8 as read: {@code [start(), start() + length())}, valid until the next {@link #advance()}. */
    public byte[] bytes() {
        return buf;
    }

    /** Where the current line starts in {@link #bytes()}. */
    public int start() {
        return start;
    }

    /** The current line's length in bytes. */
    public int length() {
        return length;
    }

    /** True when the current line is all ASCII: each byte one character. */
    public boolean ascii() {
        return ascii;
    }

    public long lineNumber() {
        return lineNumber;
    }

    /** The number of the last line when it ended without a line end and was not delivered; 0 otherwise. */
    public long incompleteLastLine() {
        return incompleteLastLine;
    }

    public String fileName() {
        return input.displayName();
    }

    /** The error for the current line: expected {@code expected}, found {@code found}. */
    public SbenchException error(String expected, CharSequence found) {
        return SbenchException.badLine(input.displayName(), lineNumber, expected, found);
    }

    /** The error for the current line, quoting the whole line. */
    public SbenchException error(String expected) {
        return error(expected, line());
    }

    /** Skips the current line as a bad record, or throws when the skip allowance is used up. */
    public void reject(SbenchException error) {
        budget.reject(error);
    }

    /** Applies {@link RecordChecks}; a record that fails is rejected (false) or the error thrown. */
    public boolean accept(IoRecord record) {
        String problem = checks.problem(record);
        if (problem == null) {
            return true;
        }
        reject(error(problem));
        return false;
    }

    public long skipped() {
        return budget.skipped();
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // Nothing was written; a failed close of an input loses nothing.
        }
    }
}
