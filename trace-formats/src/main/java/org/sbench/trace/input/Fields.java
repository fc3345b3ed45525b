package org.sbench.trace.input;

import java.nio.charset.StandardCharsets;
import org.sbench.SbenchException;
import org.sbench.trace.Op;

/**
 * Splits a text line into fields without copying (over the cursor's {@link LineCursor#bytes()}),
 * and parses numbers from them; parse failures become {@code FILE:LINE: expected WHAT, found
 * 'FIELD'} through the {@link LineCursor}. One instance is reused for every line of a reader.
 */
public final class Fields {
    private static final int MAX_FIELDS = 64;
    /** Bytes per sector, the unit of the sector counts {@link #sectorsAsBytesAt} reads. */
    public static final int SECTOR_BYTES = 512;
    /** The most sectors whose bytes are below 2^63. */
    public static final long MAX_SECTORS = Long.MAX_VALUE / SECTOR_BYTES;
    // A decimal digit d may follow v without passing 2^63 - 1 when v < MAX_BEFORE_DIGIT, or v is it and d <= MAX_LAST_DIGIT.
    private static final long MAX_BEFORE_DIGIT = Long.MAX_VALUE / 10;
    private static final int MAX_LAST_DIGIT = (int) (Long.MAX_VALUE % 10);
    private static final long[] POW10 = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
    };

    private final LineCursor cursor;
    private final int[] start = new int[MAX_FIELDS];
    private final int[] end = new int[MAX_FIELDS];
    /** The array of the current line's bytes, UTF-8; fields are ranges of it, within {@code [lineStart, lineEnd)}. */
    private byte[] line;
    private int lineStart;
    private int lineEnd;
    private boolean ascii;
    private int count;

    public Fields(LineCursor cursor) {
        this.cursor = cursor;
    }

    /**
     * Splits the cursor's current line at {@code delimiter}; spaces and tabs around fields are
     * dropped. The delimiters are found a word at a time ({@link AsciiWords#delimiters}).
     */
    public int split(char delimiter) {
        take();
        byte d = (byte) delimiter;
        int from = lineStart;
        for (int chunk = lineStart; count < MAX_FIELDS; chunk += AsciiWords.MASK_BYTES) {
            for (long at = AsciiWords.delimiters(line, chunk, lineEnd, d); at != 0 && count < MAX_FIELDS; at &= at - 1) {
                int to = chunk + Long.numberOfTrailingZeros(at);
                addTrimmed(from, to);
                from = to + 1;
            }
            if (chunk + AsciiWords.MASK_BYTES >= lineEnd) {
                if (count < MAX_FIELDS) {
                    addTrimmed(from, lineEnd);
                }
                break;
            }
        }
        return count;
    }

    /** Makes the cursor's current line this instance's, with no fields yet. */
    private void take() {
        line = cursor.bytes();
        lineStart = cursor.start();
        lineEnd = lineStart + cursor.length();
        ascii = cursor.ascii();
        count = 0;
    }

    /** Splits the cursor's current line at runs of spaces and tabs. */
    public int splitWhitespace() {
        take();
        int n = lineEnd;
        int i = lineStart;
        while (i < n && count < MAX_FIELDS) {
            while (i < n && isBlank(line[i])) {
                i++;
            }
            if (i == n) {
                break;
            }
            int s = i;
            while (i < n && !isBlank(line[i])) {
                i++;
            }
            start[count] = s;
            end[count] = i;
            count++;
        }
        return count;
    }

    private void addTrimmed(int from, int to) {
        while (from < to && isBlank(line[from])) {
            from++;
        }
        while (to > from && isBlank(line[to - 1])) {
            to--;
        }
        start[count] = from;
        end[count] = to;
        count++;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }

    public int count() {
        return count;
    }

    /** Fails unless the line has at least {@code n} fields; {@code layout} names them. */
    public void require(int n, String layout) {
        if (count < n) {
            throw cursor.error(n + " fields (" + layout + ")");
        }
    }

    /** Fails unless the line has exactly {@code n} fields; {@code layout} names them. */
    public void requireExactly(int n, String layout) {
        if (count != n) {
            throw cursor.error(n + " fields (" + layout + ")");
        }
    }

    /** True for a line of nothing but spaces and tabs. */
    public boolean isBlankLine() {
        return count == 0 || (count == 1 && start[0] == end[0]);
    }

    /** True when field {@code i} starts with {@code c}, as a {@code #} comment line's first field does. */
    public boolean startsWith(int i, char c) {
        return i < count && start[i] < end[i] && line[start[i]] == c;
    }

    /** True when the fields are exactly {@code columns}, ignoring case: a header line naming them. */
    public boolean isHeader(String[] columns) {
        if (count != columns.length) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (!equalsIgnoreCase(i, columns[i])) {
                return false;
            }
        }
        return true;
    }

    public String text(int i) {
        return text(i, 0, length(i));
    }

    /**
     * Bytes {@code [from, to)} of field {@code i} as a String; ends next to an ASCII byte (a
     * quote, a bracket, a blank) fall between characters, as UTF-8 has no such byte inside one.
     */
    public String text(int i, int from, int to) {
        return new String(line, start[i] + from, to - from, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    public boolean isEmpty(int i) {
        return start[i] == end[i];
    }

    /** The length of field {@code i} in bytes (in characters when the line is all ASCII). */
    public int length(int i) {
        return end[i] - start[i];
    }

    /** The array the current line's fields are ranges of (UTF-8), for readers of their bytes in this package. */
    byte[] bytes() {
        return line;
    }

    /** Where field {@code i} starts in {@link #bytes()}. */
    int start(int i) {
        return start[i];
    }

    /** Byte {@code pos} of field {@code i}: the character there when it is ASCII, else a char of at least 0x80. */
    public char charAt(int i, int pos) {
        return (char) (line[start[i] + pos] & 0xff);
    }

    /** True when field {@code i} is {@code s} ignoring case, as {@link String#equalsIgnoreCase} has it. */
    public boolean equalsIgnoreCase(int i, String s) {
        int n = s.length();
        if (length(i) != n) {
            // UTF-8 bytes beyond ASCII are not one per character.
            return !ascii && text(i).equalsIgnoreCase(s);
        }
        for (int k = 0; k < n; k++) {
            int a = line[start[i] + k] & 0xff;
            char b = s.charAt(k);
            if (a != b) {
                if ((a | b) >= 0x80) {
                    // Beyond ASCII, case folds as Unicode has it (the dotless i is an I).
                    return text(i).equalsIgnoreCase(s);
                }
                int lower = a | 0x20;
                if (lower != (b | 0x20) || lower < 'a' || lower > 'z') {
                    return false;
                }
            }
        }
        return true;
    }

    /** A non-negative decimal integer, optionally with a leading '+'. */
    public long unsignedAt(int i, String what) {
        long digits = AsciiWords.digits(line, start[i], end[i]);
        if (digits != AsciiWords.NOT_DIGITS) {
            return digits;
        }
        int s = start[i];
        int e = end[i];
        if (s < e && line[s] == '+') {
            s++;
        }
        if (s == e) {
            throw cursor.error(what, text(i));
        }
        long v = 0;
        for (int p = s; p < e; p++) {
            int d = line[p] - '0';
            if (d < 0 || d > 9 || overflows(v, d)) {
                throw cursor.error(what, text(i));
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** True when {@code v * 10 + d} passes 2^63 - 1 (a comparison, not the division it stands for). */
    private static boolean overflows(long v, int d) {
        return v >= MAX_BEFORE_DIGIT && (v > MAX_BEFORE_DIGIT || d > MAX_LAST_DIGIT);
    }

    /**
     * A non-negative decimal integer below 2^31, such as a disk or volume number made the stream;
     * errors expect {@code what}, or {@code what} below 2^31.
     */
    public int intAt(int i, String what) {
        long v = unsignedAt(i, what);
        if (v > Integer.MAX_VALUE) {
            throw error(i, what + " below 2^31");
        }
        return (int) v;
    }

    /**
     * A non-negative count of 512-byte sectors, returned in bytes; errors expect {@code what}, or
     * {@code what} below 2^54 when the bytes would not stay below 2^63.
     */
    public long sectorsAsBytesAt(int i, String what) {
        long sectors = unsignedAt(i, what);
        if (sectors > MAX_SECTORS) {
            throw error(i, what + " below 2^54");
        }
        return sectors * SECTOR_BYTES;
    }

    /**
     * A non-negative whole number of time units of {@code nsPerUnit} ns each since the Unix epoch,
     * returned in ns; errors expect {@code what}, or {@code what} before the year 2262, when the ns
     * would pass 2^63.
     */
    public long epochNsAt(int i, long nsPerUnit, String what) {
        long units = unsignedAt(i, what);
        if (units > Long.MAX_VALUE / nsPerUnit) {
            throw error(i, what + " before the year 2262");
        }
        return units * nsPerUnit;
    }

    /** A one-letter op, {@code R} or {@code r} a read, {@code W} or {@code w} a write; else an error expecting {@code what}. */
    public Op readOrWriteAt(int i, String what) {
        if (length(i) == 1) {
            char c = charAt(i, 0);
            if (c == 'R' || c == 'r') {
                return Op.READ;
            }
            if (c == 'W' || c == 'w') {
                return Op.WRITE;
            }
        }
        throw error(i, what);
    }

    /** A non-negative hexadecimal integer, with or without {@code 0x}. */
    public long hexAt(int i, String what) {
        int s = start[i];
        int e = end[i];
        if (e - s > 2 && line[s] == '0' && (line[s + 1] == 'x' || line[s + 1] == 'X')) {
            s += 2;
        }
        if (s == e || e - s > 16) {
            throw cursor.error(what, text(i));
        }
        long v = 0;
        for (int p = s; p < e; p++) {
            int d = Character.digit(line[p] & 0xff, 16);
            if (d < 0) {
                throw cursor.error(what, text(i));
            }
            v = (v << 4) | d;
        }
        if (v < 0) {
            throw cursor.error(what, text(i));
        }
        return v;
    }

    /**
     * A non-negative decimal number scaled by 10^{@code scale} exactly ("1.5" with scale 9 is
     * 1500000000); digits past the scale are dropped, not rounded.
     */
    public long scaledAt(int i, int scale, String what) {
        int s = start[i];
        int e = end[i];
        if (s < e && line[s] == '+') {
            s++;
        }
        long whole = 0;
        long frac = 0;
        int fracDigits = 0;
        boolean seenDot = false;
        boolean seenDigit = false;
        for (int p = s; p < e; p++) {
            byte c = line[p];
            if (c == '.' && !seenDot) {
                seenDot = true;
                continue;
            }
            int d = c - '0';
            if (d < 0 || d > 9) {
                throw cursor.error(what, text(i));
            }
            seenDigit = true;
            if (!seenDot) {
                if (overflows(whole, d)) {
                    throw cursor.error(what, text(i));
                }
                whole = whole * 10 + d;
            } else if (fracDigits < scale) {
                frac = frac * 10 + d;
                fracDigits++;
            }
        }
        if (!seenDigit) {
            throw cursor.error(what, text(i));
        }
        long unit = POW10[scale];
        if (whole > (Long.MAX_VALUE - unit) / unit) {
            throw cursor.error(what + " small enough to fit", text(i));
        }
        return whole * unit + frac * POW10[scale - fracDigits];
    }

    /** The error for the current line: expected {@code what}, found {@code found}. */
    public SbenchException error(String what, CharSequence found) {
        return cursor.error(what, found);
    }

    /** The error for field {@code i}: expected {@code what}, found the field's text. */
    public SbenchException error(int i, String what) {
        return cursor.error(what, text(i));
    }
}
