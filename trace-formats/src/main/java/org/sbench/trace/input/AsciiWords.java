// Eight bytes of text at a time: line ends, delimiters and decimal digits without a branch per byte.
package org.sbench.trace.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads text eight bytes at a time, as one little-endian {@code long} (the first byte lowest):
 * whether a word holds a line end, where the delimiters are, and the value of a field of decimal
 * digits, with a few operations per word instead of a branch per byte or a dependent multiply per
 * digit. Where a word would reach past the array, the delimiters are found a byte at a time and
 * digits are left to the caller.
 */
final class AsciiWords {
    /** Not a field of 1 to {@value #MAX_DIGITS} decimal digits. */
    static final long NOT_DIGITS = -1;
    /** Decimal digits that cannot pass 2^63 - 1, however many of them are 9s. */
    static final int MAX_DIGITS = 18;
    /** Bytes a {@link #delimiters} mask covers. */
    static final int MASK_BYTES = Long.SIZE;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long EVERY_BYTE_01 = 0x0101_0101_0101_0101L;
    private static final long EVERY_BYTE_06 = 0x0606_0606_0606_0606L;
    private static final long EVERY_BYTE_30 = 0x3030_3030_3030_3030L;
    private static final long EVERY_HIGH_NIBBLE = 0xF0F0_F0F0_F0F0_F0F0L;
    private static final long EVERY_BYTE_0B = 0x0B0B_0B0B_0B0B_0B0BL;
    private static final long EVERY_HIGH_BIT = 0x8080_8080_8080_8080L;
    private static final long LOW_SEVEN_BITS = 0x7F7F_7F7F_7F7F_7F7FL;
    /** Moves bit 8k to bit 56 + k. */
    private static final long GATHER_BYTE_BITS = 0x0102_0408_1020_4080L;
    private static final long EIGHT_DIGITS = 100_000_000L;

    private AsciiWords() {
    }

    /** The eight bytes of {@code bytes} from {@code at}. */
    static long word(byte[] bytes, int at) {
        return (long) WORDS.get(bytes, at);
    }

    /**
     * The top bit set of each byte of {@code word} below {@code 0x0B} (a line end, NUL, tab) or
     * beyond ASCII, exactly for the lowest such byte (a borrow may flag bytes above it too); 0 for
     * text a line reader passes over.
     */
    static long specialBytes(long word) {
        // A byte below 0x0B borrows into its top bit; a byte beyond ASCII has it set already.
        return ((word - EVERY_BYTE_0B) | word) & EVERY_HIGH_BIT;
    }

    /**
     * Where {@code delimiter} is among the bytes {@code [from, min(to, from + }{@value #MASK_BYTES}{@code ))}:
     * bit {@code k} of the result set when byte {@code from + k} is one. One pass over whole words,
     * so fields of any length cost no branch each.
     */
    static long delimiters(byte[] bytes, int from, int to, byte delimiter) {
        int end = Math.min(to, from + MASK_BYTES);
        long pattern = EVERY_BYTE_01 * (delimiter & 0xff);
        long mask = 0;
        int at = from;
        for (; at < end && at <= bytes.length - Long.BYTES; at += Long.BYTES) {
            mask |= zeroBytes(word(bytes, at) ^ pattern) << (at - from);
        }
        for (; at < end; at++) {
            if (bytes[at] == delimiter) {
                mask |= 1L << (at - from);
            }
        }
        int covered = end - from;
        return covered == MASK_BYTES ? mask : mask & ((1L << covered) - 1);
    }

    /** Bit {@code k} set for each zero byte {@code k} of {@code x}. */
    private static long zeroBytes(long x) {
        // The top bit of each byte set when the byte is zero, exactly (no carry crosses a byte)...
        long top = ~(((x & LOW_SEVEN_BITS) + LOW_SEVEN_BITS) | x | LOW_SEVEN_BITS);
        // ... then gathered into the low eight bits.
        return (top >>> 7) * GATHER_BYTE_BITS >>> 56;
    }

    /**
     * The value of {@code bytes[from, to)} when it is 1 to {@value #MAX_DIGITS} decimal digits and
     * nothing else; {@link #NOT_DIGITS} otherwise, and also when the field's first word would reach
     * past the array (a field at its very end): the caller then reads it a byte at a time, as it
     * reads any field this does not.
     */
    static long digits(byte[] bytes, int from, int to) {
        int n = to - from;
        if (n < 1 || n > MAX_DIGITS || from > bytes.length - Long.BYTES) {
            return NOT_DIGITS;
        }
        int first = n - ((n - 1) >>> 3 << 3); // 1 to 8: the rest is whole words
        long value = chunk(word(bytes, from) << (Long.SIZE - Byte.SIZE * first), first);
        for (int at = from + first; at < to; at += Long.BYTES) {
            long next = chunk(word(bytes, at), Long.BYTES);
            if (value < 0 || next < 0) {
                return NOT_DIGITS;
            }
            value = value * EIGHT_DIGITS + next;
        }
        return value;
    }

    /** How many of the bytes of {@code word}, from the first, are decimal digits before one that is not (0 to 8). */
    static int leadingDigits(long word) {
        // A byte's high nibble is not 3, or is not 3 with 6 added, unless the byte is a digit. A
        // carry out of a byte (0xFA and up) can spoil only bytes after it, so the first is exact.
        long notDigit = ((word & EVERY_HIGH_NIBBLE) ^ EVERY_BYTE_30) | (((word + EVERY_BYTE_06) & EVERY_HIGH_NIBBLE) ^ EVERY_BYTE_30);
        return Long.numberOfTrailingZeros(notDigit) >>> 3;
    }

    /** The value of the first {@code k} bytes of {@code word} (1 to 8), each a decimal digit. */
    static long leadingValue(long word, int k) {
        int unused = Long.SIZE - Byte.SIZE * k;
        return digitValues((word << unused) - (EVERY_BYTE_30 << unused));
    }

    /**
     * The value of the {@code k} highest bytes of {@code word} (the others zero), up to eight
     * decimal digits with the first in the lowest of them; {@link #NOT_DIGITS} when one is not a digit.
     */
    private static long chunk(long word, int k) {
        long digitBytes = EVERY_BYTE_30 << (Long.SIZE - Byte.SIZE * k);
        // A digit's high nibble is 3, and stays 3 with 6 added: that holds for 0x30-0x39 only.
        if ((word & EVERY_HIGH_NIBBLE) != digitBytes || ((word + EVERY_BYTE_06) & EVERY_HIGH_NIBBLE) != digitBytes) {
            return NOT_DIGITS;
        }
        return digitValues(word - digitBytes);
    }

    /** The number whose digits' values (0 to 9) are the bytes of {@code v}, the first in the lowest byte holding one. */
    private static long digitValues(long v) {
        v = v * 10 + (v >>> 8); // each pair of digits as a number, in the lower byte of its 16 bits
        // Then four pairs into one number: pairs 1 and 3 times 10^6 and 10^2, pairs 2 and 4 times 10^4 and 1.
        return (((v & 0x0000_00FF_0000_00FFL) * (100 + (1_000_000L << 32)))
                + (((v >>> 16) & 0x0000_00FF_0000_00FFL) * (1 + (10_000L << 32)))) >>> 32;
    }
}
