// Sizes as sbench's command lines write them, for every command that reads one.
package org.sbench.trace.units;

import org.sbench.SbenchException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as the CLI writes them: bytes, or a number with a binary suffix as fio reads them:
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024; {@code KiB}, {@code MiB} ... too).
 */
public final class Sizes {
    private static final String SUFFIXES = "kmgt";
    /** Digits, then a unit letter with an optional {@code B} or {@code iB}, or a {@code B} alone (bytes). */
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,15})(?:([kmgt])(?:i?b)?|b)?");
    private static final String[] UNITS = {"K", "M", "G", "T"};
    private static final long BLOCK_BYTES = 4096;
    private static final int BITS_PER_SUFFIX = 10;
    private static final long PERCENT_ALL = 100;

    private Sizes() {
    }

    /**
     * {@code value} in bytes; an IllegalArgumentException whose message says what is wrong otherwise,
     * also for a size without a unit that is no whole number of 4 KiB blocks (a unit left out).
     */
    public static long parseBytes(String value) {
        return parseBytes(value, false);
    }

    /**
     * {@link #parseBytes(String)} of an option that also takes a percentage ({@code --span 50%}) when
     * {@code orPercent}: its messages offer the percentage too ({@code e.g. 50M or 50%}).
     */
    public static long parseBytes(String value, boolean orPercent) {
        Matcher m = SIZE.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            String units = "a number with K, M, G or T (powers of 1024)";
            throw new IllegalArgumentException(SbenchException.quoted(value) + " is not a size; write bytes"
                    + (orPercent ? ", " + units + ", or a percentage (50%)" : " or " + units));
        }
        long multiplier = m.group(2) == null ? 1 : 1L << (BITS_PER_SUFFIX * (SUFFIXES.indexOf(m.group(2)) + 1));
        long n = Long.parseLong(m.group(1));
        if (multiplier == 1 && n % BLOCK_BYTES != 0) {
            // Sizes of targets and regions are whole blocks: a bare odd number is a unit left out.
            boolean share = orPercent && n <= PERCENT_ALL;
            throw new IllegalArgumentException(SbenchException.quoted(value) + " is " + n + " bytes, not a multiple of "
                    + BLOCK_BYTES
                    + "; a unit (K, M, G)" + (share ? " or %" : "") + " may be missing, e.g. " + n + "M" + (share ? " or " + n + "%" : ""));
        }
        if (n > Long.MAX_VALUE / multiplier) {
            throw new IllegalArgumentException(SbenchException.quoted(value)
                    + " is too large a size; a size is below 2^63 bytes (8388608T)");
        }
        return n * multiplier;
    }

    /**
     * {@code bytes} (0 or more) rounded up to a whole number of {@code unit}, or 2^63 - 1 when that
     * is past it: the last range below 2^63 is not whole.
     */
    public static long roundedUp(long bytes, long unit) {
        long units = bytes / unit + (bytes % unit == 0 ? 0 : 1);
        return units > Long.MAX_VALUE / unit ? Long.MAX_VALUE : units * unit;
    }

    /** {@code bytes} in the largest binary unit that writes it exactly ({@code 8M}, {@code 1G}), else in bytes. */
    public static String format(long bytes) {
        for (int i = UNITS.length - 1; i >= 0; i--) {
            long unit = 1L << (BITS_PER_SUFFIX * (i + 1));
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + UNITS[i];
            }
        }
        return Long.toString(bytes);
    }
}
