package org.sbench.data;

import org.sbench.SbenchException;

/** Makes the {@link WritePattern} a user named: {@code random}, {@code zero} or {@code compress:PCT}. */
public final class WritePatterns {
    private static final String COMPRESS = "compress:";

    private WritePatterns() {
    }

    public static WritePattern of(String name, int maxIoBytes, long seed) {
        if (name.equals("random")) {
            return new RandomPattern(maxIoBytes, seed);
        }
        if (name.equals("zero")) {
            return new ZeroPattern(maxIoBytes);
        }
        if (name.startsWith(COMPRESS)) {
            String pct = name.substring(COMPRESS.length());
            if (pct.matches("[0-9]{1,3}") && Integer.parseInt(pct) <= 100) {
                return new CompressiblePattern(Integer.parseInt(pct), maxIoBytes, seed);
            }
        }
        throw SbenchException.usage("--data takes random, zero or compress:PCT (PCT 0-100), found '" + name + "'");
    }
}
