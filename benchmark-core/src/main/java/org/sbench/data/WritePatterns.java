package org.sbench.data;

import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/** Makes the {@link WritePattern} a user named: {@code random}, {@code zero} or {@code compress:PCT}. */
public final class WritePatterns {
    private static final String RANDOM = "random";
    private static final String ZERO = "zero";
    private static final String COMPRESS = "compress:";
    private static final int NOT_COMPRESS = -1;

    private WritePatterns() {
    }

    /** The word of the pattern {@code name} names, in lower case ({@code compress:50}); a usage error when it names none. */
    public static String word(String name) {
        String word = Words.of(name);
        if (!word.equals(RANDOM) && !word.equals(ZERO) && compressPct(word) == NOT_COMPRESS) {
            throw unknown(name);
        }
        return word;
    }

    public static WritePattern of(String name, int maxIoBytes, long seed) {
        String word = word(name);
        if (word.equals(RANDOM)) {
            return new RandomPattern(maxIoBytes, seed);
        }
        if (word.equals(ZERO)) {
            return new ZeroPattern(maxIoBytes);
        }
        return new CompressiblePattern(compressPct(word), maxIoBytes, seed);
    }

    /** PCT of {@code compress:PCT} (0-100), or {@link #NOT_COMPRESS}. */
    private static int compressPct(String name) {
        if (name.startsWith(COMPRESS)) {
            String pct = name.substring(COMPRESS.length());
            if (pct.matches("[0-9]{1,3}") && Integer.parseInt(pct) <= 100) {
                return Integer.parseInt(pct);
            }
        }
        return NOT_COMPRESS;
    }

    private static SbenchException unknown(String name) {
        return SbenchException.usage("--data takes random, zero or compress:PCT (PCT 0-100), found "
                + SbenchException.quoted(name));
    }
}
