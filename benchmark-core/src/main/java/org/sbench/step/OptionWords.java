package org.sbench.step;

import java.math.BigDecimal;
import java.util.Locale;
import org.sbench.SbenchException;

/**
 * Durations and sizes as users write them, in commands and scenario files alike: a duration is a
 * number with a unit, {@code 500us}, {@code 25ms}, {@code 8s}, {@code 5m}, {@code 1h} (also
 * {@code ns}), or a bare {@code 0}; a size is bytes (a whole number of 4 KiB blocks) or a number with
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024, as fio reads them; {@code KiB} ... too).
 * Errors are usage errors naming the option ({@code --duration}) and saying what to write.
 */
public final class OptionWords {
    // Two-letter units first, so that "25ms" is not read as "25m" followed by "s".
    private static final String[] DURATION_UNITS = {"ns", "us", "ms", "s", "m", "h"};
    private static final long[] NANOS = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L, 3_600_000_000_000L};
    private static final String[] SIZE_SUFFIXES = {"k", "m", "g", "t"};
    private static final String[] SIZE_UNITS = {"K", "M", "G", "T"};
    private static final long BLOCK_BYTES = 4096;
    private static final int BITS_PER_SUFFIX = 10;
    private static final double PERCENT_ALL = 100;

    private OptionWords() {
    }

    /** {@code word} as ns; a usage error naming {@code option} (e.g. {@code --duration}) when it is none. */
    public static long durationNs(String option, String word) {
        String v = word.strip().toLowerCase(Locale.ROOT);
        if (v.equals("0")) {
            return 0L;
        }
        for (int u = 0; u < DURATION_UNITS.length; u++) {
            if (v.endsWith(DURATION_UNITS[u])) {
                String number = v.substring(0, v.length() - DURATION_UNITS[u].length());
                if (number.matches("[0-9]+(\\.[0-9]+)?")) {
                    BigDecimal ns = new BigDecimal(number).multiply(BigDecimal.valueOf(NANOS[u]));
                    if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                        throw SbenchException.usage(prefix(option) + "'" + word + "' is too long a duration");
                    }
                    return ns.longValue();
                }
            }
        }
        throw SbenchException.usage(prefix(option) + "'" + word + "' is not a duration; write a number with a unit: 500us, 25ms, 8s, 5m");
    }

    /** {@code word} as bytes; a usage error naming {@code option} when it is none, or a bare number that is no whole block. */
    public static long sizeBytes(String option, String word) {
        String v = word.strip().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long multiplier = 1;
        for (int i = 0; i < SIZE_SUFFIXES.length; i++) {
            if (v.endsWith(SIZE_SUFFIXES[i])) {
                multiplier = 1L << (BITS_PER_SUFFIX * (i + 1));
                v = v.substring(0, v.length() - 1);
                break;
            }
        }
        if (!v.matches("[0-9]{1,15}")) {
            throw SbenchException.usage(prefix(option) + "'" + word
                    + "' is not a size; write bytes or a number with K, M, G or T (powers of 1024)");
        }
        long n = Long.parseLong(v);
        if (multiplier == 1 && n % BLOCK_BYTES != 0) {
            // Sizes of targets and regions are whole blocks: a bare odd number is a unit left out.
            throw SbenchException.usage(prefix(option) + "'" + word + "' is " + n + " bytes, not a multiple of " + BLOCK_BYTES
                    + "; a unit (K, M, G) may be missing, e.g. " + n + "M");
        }
        return n * multiplier;
    }

    /** A share in percent, {@code 10} or {@code 10%}, more than 0 and at most 100. */
    public static double percent(String option, String word) {
        String v = word.strip();
        v = v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v;
        double p = v.matches("[0-9]{1,9}(\\.[0-9]{1,9})?") ? Double.parseDouble(v) : Double.NaN;
        if (!(p > 0 && p <= PERCENT_ALL)) {
            throw SbenchException.usage(prefix(option) + "'" + word + "' is not a share; write a percentage above 0 and up to 100");
        }
        return p;
    }

    private static String prefix(String option) {
        return option == null ? "" : option + " ";
    }

    /** {@code ns} in the largest unit that writes it exactly ({@code 6s}, {@code 1500ms}); {@code 0} for none. */
    public static String duration(long ns) {
        if (ns == 0) {
            return "0";
        }
        for (int u = DURATION_UNITS.length - 1; u > 0; u--) {
            if (ns % NANOS[u] == 0) {
                return ns / NANOS[u] + DURATION_UNITS[u];
            }
        }
        return ns + DURATION_UNITS[0];
    }

    /** {@code bytes} in the largest binary unit that writes it exactly ({@code 8M}, {@code 1G}), else in bytes. */
    public static String size(long bytes) {
        for (int i = SIZE_UNITS.length - 1; i >= 0; i--) {
            long unit = 1L << (BITS_PER_SUFFIX * (i + 1));
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + SIZE_UNITS[i];
            }
        }
        return Long.toString(bytes);
    }
}
