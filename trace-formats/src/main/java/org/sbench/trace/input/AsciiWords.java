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
     * True when none of the eight bytes of {@code word} is below {@code 0x0B} (a line end, NUL,
     * tab) or beyond ASCII: text a line reader passes over.
     */
    static boolean plainText(long word) {
        // A byte below 0x0B borrows into its top bit; a byte beyond ASCII has it set already.
        return (((word - EVERY_BYTE_0B) | word) & EVERY_HIGH_BIT) == 0;
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
        long v = word - digitBytes;
        v = v * 10 + (v >>> 8); // each pair of digits as a number, in the lower byte of its 16 bits
        // Then four pairs into one number: pairs 1 and 3 times 10^6 and 10^2, pairs 2 and 4 times 10^4 and 1.
        return (((v & 0x0000_00FF_0000_00FFL) * (100 + (1_000_000L << 32)))
                + (((v >>> 16) & 0x0000_00FF_0000_00FFL) * (1 + (10_000L << 32)))) >>> 32;
    }
}
