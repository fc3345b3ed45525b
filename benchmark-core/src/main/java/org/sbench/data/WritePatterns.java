package org.sbench.data;

import org.sbench.SbenchException;

/** Makes the {@link WritePattern} a user named: {@code random}, {@code zero} or {@code compress:PCT}. */
public final class WritePatterns {
    private static final String RANDOM = "random";
    private static final String ZERO = "zero";
    private static final String COMPRESS = "compress:";
    private static final int NOT_COMPRESS = -1;

    private WritePatterns() {
    }

    /** Refuses (usage error) a name {@link #of} does not take, without making the pattern. */
    public static void check(String name) {
        if (!name.equals(RANDOM) && !name.equals(ZERO) && compressPct(name) == NOT_COMPRESS) {
            throw unknown(name);
        }
    }

    public static WritePattern of(String name, int maxIoBytes, long seed) {
        if (name.equals(RANDOM)) {
            return new RandomPattern(maxIoBytes, seed);
        }
        if (name.equals(ZERO)) {
            return new ZeroPattern(maxIoBytes);
        }
        int pct = compressPct(name);
        if (pct != NOT_COMPRESS) {
            return new CompressiblePattern(pct, maxIoBytes, seed);
        }
        throw unknown(name);
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
        return SbenchException.usage("--data takes random, zero or compress:PCT (PCT 0-100), found '" + name + "'");
    }
}
