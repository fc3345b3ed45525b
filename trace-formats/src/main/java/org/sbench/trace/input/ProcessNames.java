// Process-name reuse for readers: one String per name instead of one per line or event.
package org.sbench.trace.input;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.sbench.SbenchException;

/**
 * Returns the same String for a process name seen recently, so that a line or event whose process
 * was seen before allocates nothing. Direct-mapped by hash: a new name replaces the one in its
 * slot. A slot filled from bytes keeps them beside its String and a name is matched by its bytes,
 * so a name beyond ASCII is found again as one in ASCII is (one {@link #intern}ed from a String
 * keeps none). Memory stays bounded: {@link #SLOTS}
 * names of at most {@link #MAX_NAME_BYTES} bytes, however many processes a trace has. A longer
 * name in a line is the line's error ({@link #EXPECTED}): kept by every record the sort or a writer
 * holds, a damaged line's 1 MB "name" would make the memory a trace needs grow with its size. Not
 * thread-safe; one per reader.
 */
public final class ProcessNames {
    /** A power of two; traces typically name a few dozen processes. */
    static final int SLOTS = 512;
    /** The longest name a trace may give: far more than a Linux comm (15 bytes) or a Windows image name needs. */
    public static final int MAX_NAME_BYTES = 256;
    /** What a line whose process name is longer than {@link #MAX_NAME_BYTES} was expected to hold. */
    public static final String EXPECTED = "a process name of at most " + MAX_NAME_BYTES + " bytes";
    private static final int SLOT_SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(SLOTS);
    /** An odd multiplier (2^64 over the golden ratio) that spreads every bit of a key into the top ones. */
    private static final long MIX = 0x9E37_79B9_7F4A_7C15L;
    private final String[] names = new String[SLOTS];
    /** The UTF-8 bytes of {@code names[i]}. */
    private final byte[][] bytes = new byte[SLOTS][];

    /** Bytes {@code [from, to)} of field {@code field} of the current line ({@link Fields#text(int, int, int)}). */
    public String of(Fields fields, int field, int from, int to) {
        return of(fields, field, from, field, to);
    }

    /**
     * The current line's bytes from byte {@code from} of field {@code first} to byte {@code to} of
     * field {@code last}, with what separates the fields as the line has it: a name with spaces.
     *
     * @throws org.sbench.SbenchException naming the line if the name is longer than {@link #MAX_NAME_BYTES}
     */
    public String of(Fields fields, int first, int from, int last, int to) {
        int start = fields.start(first) + from;
        int end = fields.start(last) + to;
        if (end - start > MAX_NAME_BYTES) {
            throw fields.error(EXPECTED, new String(fields.bytes(), start, end - start, StandardCharsets.UTF_8));
        }
        return of(fields.bytes(), start, end);
    }

    /**
     * Whether {@code name} is longer than {@link #MAX_NAME_BYTES} in UTF-8 (1 to 3 bytes a char); it allocates
     * nothing, as writers and Spark's row checks ask it of every record.
     */
    public static boolean tooLong(String name) {
        int chars = name.length();
        return chars > MAX_NAME_BYTES || chars > MAX_NAME_BYTES / 3 && utf8Bytes(name) > MAX_NAME_BYTES;
    }

    /**
     * How many bytes {@code s} takes in UTF-8 as {@link String#getBytes} encodes it, counted without encoding it:
     * a surrogate pair is 4 bytes, an unpaired surrogate the one byte of its replacement '?'.
     */
    static int utf8Bytes(String s) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }

    /**
     * {@code WHERE: expected a process name of at most 256 bytes, found one of N bytes, 'NAME...'}: the error for a
     * name that is {@link #tooLong}, met where {@code where} says (a writer's output and record: what sbench writes,
     * its readers take back).
     */
    public static SbenchException refused(String where, String name) {
        return SbenchException.badInput(where, "expected " + EXPECTED + ", found one of " + name.getBytes(StandardCharsets.UTF_8).length
                + " bytes, " + SbenchException.quoted(name));
    }

    /**
     * Bytes {@code [from, to)} of {@code b}, read as UTF-8, at most {@link #MAX_NAME_BYTES} of them
     * (a caller's check): a name seen before allocates nothing.
     */
    public String of(byte[] b, int from, int to) {
        int n = to - from;
        int slot = slot(b, from, to);
        byte[] kept = bytes[slot];
        if (kept != null && Arrays.equals(kept, 0, kept.length, b, from, to)) {
            return names[slot];
        }
        String name = new String(b, from, n, StandardCharsets.UTF_8);
        names[slot] = name;
        bytes[slot] = Arrays.copyOfRange(b, from, to);
        return name;
    }

    /**
     * The cached String equal to {@code name}, or {@code name}, now cached; not {@link #tooLong}. Slots are chosen by
     * the String's hash here, not by bytes as {@link #of} chooses them, so a name interned is not found by its bytes.
     */
    public String intern(String name) {
        int slot = (int) (name.hashCode() * MIX >>> SLOT_SHIFT);
        String cached = names[slot];
        if (name.equals(cached)) {
            return cached;
        }
        names[slot] = name;
        bytes[slot] = null;
        return name;
    }

    /**
     * The slot of bytes {@code [from, to)}: from their length and, for 8 bytes or more, their first
     * and last 8 (two loads, whatever the length), else all of them. Longer names alike at both ends
     * share a slot and take it from each other in turn, which costs a decoding, never a wrong name.
     */
    private static int slot(byte[] b, int from, int to) {
        int n = to - from;
        long key;
        if (n >= Long.BYTES) {
            key = AsciiWords.word(b, from) * MIX + AsciiWords.word(b, to - Long.BYTES);
        } else {
            key = 0;
            for (int i = from; i < to; i++) {
                key = key << Byte.SIZE | (b[i] & 0xff);
            }
        }
        return (int) ((key + n) * MIX >>> SLOT_SHIFT);
    }
}
