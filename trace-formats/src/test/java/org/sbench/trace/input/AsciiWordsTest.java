package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AsciiWordsTest {
    private static final String PADDING = "________________________";

    /**
     * Field {@code text} placed at every offset of a buffer, with other bytes around it; where its
     * first word would reach past the array, the answer is NOT_DIGITS (left to the caller).
     */
    private static void assertDigits(long expected, String text) {
        for (int lead = 0; lead <= 9; lead++) {
            for (String tail : new String[] {"", ",", "9", PADDING}) {
                byte[] b = ("7".repeat(lead) + text + tail).getBytes(StandardCharsets.ISO_8859_1);
                long want = lead + Long.BYTES > b.length ? AsciiWords.NOT_DIGITS : expected;
                assertEquals(want, AsciiWords.digits(b, lead, lead + text.length()),
                        () -> "'" + text + "' at " + new String(b, StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Test
    void readsOneToEighteenDigitsAsParseLongDoes() {
        SplittableRandom random = new SplittableRandom(17);
        for (int n = 1; n <= AsciiWords.MAX_DIGITS; n++) {
            assertDigits(Long.parseLong("9".repeat(n)), "9".repeat(n));
            assertDigits(0, "0".repeat(n));
            for (int k = 0; k < 200; k++) {
                StringBuilder s = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    s.append((char) ('0' + random.nextInt(10)));
                }
                assertDigits(Long.parseLong(s.toString()), s.toString());
            }
        }
    }

    @Test
    void anyOtherByteAnywhereIsNotDigits() {
        String[] others = {"/", ":", " ", "+", "-", "a", "\u0000", "\u00b9", "\u00ff", "\u00fa", "\u0039\u0006"};
        for (int n = 1; n <= AsciiWords.MAX_DIGITS; n++) {
            for (int at = 0; at < n; at++) {
                for (String other : others) {
                    String s = "5".repeat(at) + other + "5".repeat(Math.max(0, n - at - other.length()));
                    if (s.length() <= AsciiWords.MAX_DIGITS) {
                        assertDigits(AsciiWords.NOT_DIGITS, s);
                    }
                }
            }
        }
        assertDigits(AsciiWords.NOT_DIGITS, "");
        assertDigits(AsciiWords.NOT_DIGITS, "1".repeat(AsciiWords.MAX_DIGITS + 1));
    }

    @Test
    void marksEveryDelimiterOfUpToSixtyFourBytesAndNothingPastTheEnd() {
        SplittableRandom random = new SplittableRandom(5);
        byte[] likely = {0, 1, ',', ',' + 1, ',' - 1, (byte) 0x80, (byte) 0xac, (byte) 0xff, 0x7f};
        for (int k = 0; k < 20000; k++) {
            byte[] b = new byte[1 + random.nextInt(100)];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextBoolean() ? likely[random.nextInt(likely.length)] : (byte) random.nextInt(256);
            }
            int from = random.nextInt(b.length);
            int to = from + random.nextInt(b.length - from + 1);
            byte delimiter = random.nextInt(4) == 0 ? b[random.nextInt(b.length)] : (byte) ',';
            long expected = 0;
            for (int i = from; i < Math.min(to, from + AsciiWords.MASK_BYTES); i++) {
                if (b[i] == delimiter) {
                    expected |= 1L << (i - from);
                }
            }
            assertEquals(expected, AsciiWords.delimiters(b, from, to, delimiter), "from " + from + " to " + to);
        }
    }

    @Test
    void specialBytesFlagsTheFirstByteBelowVtOrBeyondAsciiExactly() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200_000; trial++) {
            byte[] b = new byte[Long.BYTES];
            for (int i = 0; i < b.length; i++) {
                // Mostly text, with control bytes, line ends and UTF-8 bytes often enough to meet in every place.
                int kind = random.nextInt(10);
                b[i] = (byte) (kind == 0 ? random.nextInt(0x0B) : kind == 1 ? 0x80 + random.nextInt(0x80)
                        : kind == 2 ? random.nextInt(256) : 0x20 + random.nextInt(0x5F));
            }
            int first = -1;
            for (int i = 0; i < b.length && first < 0; i++) {
                if ((b[i] & 0xff) < 0x0B || (b[i] & 0xff) >= 0x80) {
                    first = i;
                }
            }
            long special = AsciiWords.specialBytes(AsciiWords.word(b, 0));
            String word = Arrays.toString(b);
            if (first < 0) {
                assertEquals(0, special, word);
            } else {
                assertEquals(first, Long.numberOfTrailingZeros(special) >>> 3, word);
                assertEquals(0x80, (special >>> (8 * first)) & 0xff, word);
            }
        }
    }
}
