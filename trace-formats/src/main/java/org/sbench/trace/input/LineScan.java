// One pass over the usual line of a delimited numeric format, for readers whose lines are nearly always alike.
package org.sbench.trace.input;

/**
 * Reads the next line of a {@link LineCursor} ahead of it, from left to right, field by field, eight
 * bytes at a time: unsigned decimal fields, fields of a known text and fields passed over, each
 * followed by the delimiter (the last one by the line end). It takes the plain form only: no blanks
 * around a field, no sign, no quotes, 1 to 18 digits, ASCII, the whole line among the bytes the
 * cursor holds. Anything else makes the scan fail, and it stays failed until the next
 * {@link #start()}; the reader then has the cursor deliver the line and reads it with
 * {@link Fields}, which takes every form the format allows and says what is wrong with a bad line.
 * A scan never throws. It saves the format's reader the separate passes of finding the line end,
 * splitting the line and then reading each field; once it has read a whole line,
 * {@link #deliverLine()} makes that line the cursor's current one.
 */
public final class LineScan {
    /** What a step that failed returns. */
    public static final long FAILED = -1;
    private static final int MAX_DIGITS = AsciiWords.MAX_DIGITS;
    private static final long[] POW10 = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
    };

    private final LineCursor cursor;
    private byte[] line;
    private int pos;
    /** The end of the bytes the cursor holds: a line must end before it. */
    private int end;
    /** Where the line end (its LF) is, once the last field has been read; -1 before. */
    private int lineEnd;
    private boolean failed;

    public LineScan(LineCursor cursor) {
        this.cursor = cursor;
    }

    /** Starts at the first byte the cursor has not delivered: the next line's ({@link LineTraceReader} does, before each line). */
    void start() {
        line = cursor.bytes();
        pos = cursor.unread();
        end = cursor.filled();
        lineEnd = -1;
        failed = false;
    }

    /** True when the scan is ok and has read the whole line, up to its line end. */
    public boolean atEnd() {
        return !failed && lineEnd >= 0;
    }

    /** Makes the line read the cursor's current line; only {@link #atEnd()}. */
    void deliverLine() {
        if (!atEnd()) {
            throw new IllegalStateException("the scan has not read a whole line");
        }
        cursor.deliverScanned(lineEnd);
    }

    /** The unsigned decimal field here and the {@code delimiter} after it; {@link #FAILED} if they are not. */
    public long unsigned(char delimiter) {
        return unsigned(delimiter, Long.MAX_VALUE);
    }

    /** As {@link #unsigned(char)}, for a field the format takes up to {@code max}: above it, the scan fails. */
    public long unsigned(char delimiter, long max) {
        long value = digits();
        // digits() stopped before the end of what is held, at the byte that is not a digit.
        if (value == FAILED || value > max || line[pos] != (byte) delimiter) {
            return fail();
        }
        pos++;
        return value;
    }

    /** The unsigned decimal field here, the line's last; {@link #FAILED} if it is not. */
    public long lastUnsigned() {
        return lastUnsigned(Long.MAX_VALUE);
    }

    /** As {@link #lastUnsigned()}, for a field the format takes up to {@code max}: above it, the scan fails. */
    public long lastUnsigned(long max) {
        long value = digits();
        if (value == FAILED || value > max) {
            return fail();
        }
        // digits() stopped before the end of what is held, at the byte that is not a digit.
        if (line[pos] == '\n') {
            lineEnd = pos;
        } else if (line[pos] == '\r' && pos + 1 < end && line[pos + 1] == '\n') {
            lineEnd = pos + 1;
        } else {
            return fail();
        }
        return value;
    }

    /**
     * Passes over the field here and the {@code delimiter} after it, whatever the field holds but a
     * control byte below {@code 0x0B} (a line end, NUL, tab) or a byte beyond ASCII.
     */
    public void skip(char delimiter) {
        if (failed) {
            return;
        }
        for (int i = pos; i < end; i++) {
            byte b = line[i];
            if (b == (byte) delimiter) {
                pos = i + 1;
                return;
            }
            if (b < 0x0B) { // bytes beyond ASCII are negative
                break;
            }
        }
        fail();
    }

    /**
     * True, having read them, when the field here is exactly {@code text} (ASCII, same case) and
     * the {@code delimiter} follows; false otherwise, leaving the scan where it was and not
     * failed, so that the caller may try another text.
     */
    public boolean text(String text, char delimiter) {
        int n = text.length();
        if (failed || end - pos <= n || line[pos + n] != (byte) delimiter) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (line[pos + k] != (byte) text.charAt(k)) {
                return false;
            }
        }
        pos += n + 1;
        return true;
    }

    private long fail() {
        failed = true;
        return FAILED;
    }

    /**
     * The digits here, 1 to 18 of them, read a word at a time; the scan stops at the first byte that
     * is not one. A word that would reach past the bytes held fails the scan instead (a line in the
     * last eight bytes read so far, which the cursor then reads itself).
     */
    private long digits() {
        if (failed) {
            return FAILED;
        }
        long value = 0;
        int count = 0;
        int k;
        do {
            if (pos > end - Long.BYTES) {
                return fail();
            }
            long word = AsciiWords.word(line, pos);
            k = AsciiWords.leadingDigits(word);
            if (k > 0) {
                if (count + k > MAX_DIGITS) {
                    return fail();
                }
                value = value * POW10[k] + AsciiWords.leadingValue(word, k);
                count += k;
                pos += k;
            }
        } while (k == Long.BYTES);
        return count == 0 ? fail() : value;
    }
}
