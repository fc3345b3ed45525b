// One pass over the usual line of a delimited numeric format, for readers whose lines are nearly always alike.
package org.sbench.trace.input;

/**
 * Reads the current line of a {@link LineCursor} from left to right, field by field, eight bytes at
 * a time: unsigned decimal fields, fields of a known text and fields passed over, each followed by
 * the delimiter (the last one by the line end). It takes the plain form only: no blanks around a
 * field, no sign, no quotes, 1 to 18 digits. Anything else makes the scan fail, and it stays failed
 * until the next {@link #start()}; the reader then reads the line with {@link Fields}, which takes
 * every form the format allows and says what is wrong with a bad line. A scan never throws. It
 * saves the format's reader the separate passes of splitting the line and then reading each field.
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
    private int end;
    private boolean failed;

    public LineScan(LineCursor cursor) {
        this.cursor = cursor;
    }

    /** Starts at the first byte of the cursor's current line. */
    public void start() {
        line = cursor.bytes();
        pos = cursor.start();
        end = pos + cursor.length();
        failed = false;
    }

    /** True when the scan is ok and has read the whole line. */
    public boolean atEnd() {
        return !failed && pos == end;
    }

    /** The unsigned decimal field here and the {@code delimiter} after it; {@link #FAILED} if they are not. */
    public long unsigned(char delimiter) {
        return unsigned(delimiter, Long.MAX_VALUE);
    }

    /** As {@link #unsigned(char)}, for a field the format takes up to {@code max}: above it, the scan fails. */
    public long unsigned(char delimiter, long max) {
        long value = digits();
        if (value == FAILED || value > max || pos == end || line[pos] != (byte) delimiter) {
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
        return value == FAILED || value > max || pos != end ? fail() : value;
    }

    /** Passes over the field here, whatever it holds, and the {@code delimiter} after it. */
    public void skip(char delimiter) {
        if (failed) {
            return;
        }
        for (int i = pos; i < end; i++) {
            if (line[i] == (byte) delimiter) {
                pos = i + 1;
                return;
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
     * The digits here, 1 to 18 of them, read a word at a time. The line's end is a line-end byte
     * (the cursor delivers lines ending there), so a run of digits stops at it; a word that would
     * reach past the array fails the scan instead, as rare as a line at the very end of the buffer.
     */
    private long digits() {
        if (failed) {
            return FAILED;
        }
        long value = 0;
        int count = 0;
        int k;
        do {
            if (pos > line.length - Long.BYTES) {
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
