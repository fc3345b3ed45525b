// Sizes as sbench's command lines write them, for every command that reads one.
package org.sbench.trace.units;

import java.util.Locale;

/**
 * Sizes as the CLI writes them: bytes, or a number with a binary suffix as fio reads them:
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024; {@code KiB}, {@code MiB} ... too).
 * A bare number must be a whole number of 4096-byte blocks: sizes of targets, regions and IOs are,
 * and an odd bare number is almost always a unit left out.
 */
public final class Sizes {
    private static final String[] SUFFIXES = {"k", "m", "g", "t"};
    private static final long BLOCK_BYTES = 4096;

    private Sizes() {
    }

    /** {@code value} in bytes; an IllegalArgumentException whose message says what is wrong otherwise. */
    public static long parseBytes(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long multiplier = 1;
        for (int i = 0; i < SUFFIXES.length; i++) {
            if (v.endsWith(SUFFIXES[i])) {
                multiplier = 1L << (10 * (i + 1));
                v = v.substring(0, v.length() - 1);
                break;
            }
        }
        if (!v.matches("[0-9]{1,15}")) {
            throw new IllegalArgumentException("'" + value + "' is not a size; write bytes or a number with K, M, G or T (powers of 1024)");
        }
        long n = Long.parseLong(v);
        if (multiplier == 1 && n % BLOCK_BYTES != 0) {
            throw new IllegalArgumentException("'" + value + "' is " + n + " bytes, not a multiple of " + BLOCK_BYTES
                    + "; a unit (K, M, G) may be missing, e.g. " + n + "M");
        }
        return n * multiplier;
    }
}
