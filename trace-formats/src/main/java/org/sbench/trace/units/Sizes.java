// Sizes as sbench's command lines write them, for every command that reads one.
package org.sbench.trace.units;

import java.util.Locale;

/**
 * Sizes as the CLI writes them: bytes, or a number with a binary suffix as fio reads them:
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024; {@code KiB}, {@code MiB} ... too).
 */
public final class Sizes {
    private static final String[] SUFFIXES = {"k", "m", "g", "t"};
    private static final String[] UNITS = {"K", "M", "G", "T"};
    private static final long BLOCK_BYTES = 4096;
    private static final int BITS_PER_SUFFIX = 10;

    private Sizes() {
    }

    /**
     * {@code value} in bytes; an IllegalArgumentException whose message says what is wrong otherwise,
     * also for a size without a unit that is no whole number of 4 KiB blocks (a unit left out).
     */
    public static long parseBytes(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long multiplier = 1;
        for (int i = 0; i < SUFFIXES.length; i++) {
            if (v.endsWith(SUFFIXES[i])) {
                multiplier = 1L << (BITS_PER_SUFFIX * (i + 1));
                v = v.substring(0, v.length() - 1);
                break;
            }
        }
        if (!v.matches("[0-9]{1,15}")) {
            throw new IllegalArgumentException("'" + value + "' is not a size; write bytes or a number with K, M, G or T (powers of 1024)");
        }
        long n = Long.parseLong(v);
        if (multiplier == 1 && n % BLOCK_BYTES != 0) {
            // Sizes of targets and regions are whole blocks: a bare odd number is a unit left out.
            throw new IllegalArgumentException("'" + value + "' is " + n + " bytes, not a multiple of " + BLOCK_BYTES
                    + "; a unit (K, M, G) may be missing, e.g. " + n + "M");
        }
        if (n > Long.MAX_VALUE / multiplier) {
            throw new IllegalArgumentException("'" + value + "' is too large a size; a size is below 2^63 bytes (8388608T)");
        }
        return n * multiplier;
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
