// Durations as sbench's command lines write them, for every command that reads one.
package org.sbench.trace.units;

import org.sbench.SbenchException;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * Durations as the CLI writes them everywhere: a number with a unit, {@code 500us}, {@code 25ms},
 * {@code 8s}, {@code 5m}, {@code 1h} (also {@code ns}); a bare {@code 0} is allowed.
 */
public final class Durations {
    // Two-letter units first, so that "25ms" is not read as "25m" followed by "s".
    private static final String[] UNITS = {"ns", "us", "ms", "s", "m", "h"};
    private static final long[] NANOS = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L, 3_600_000_000_000L};

    private Durations() {
    }

    /** {@code value} in ns; an IllegalArgumentException whose message says what is wrong otherwise. */
    public static long parseNs(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.equals("0")) {
            return 0L;
        }
        for (int u = 0; u < UNITS.length; u++) {
            if (v.endsWith(UNITS[u])) {
                String number = v.substring(0, v.length() - UNITS[u].length());
                if (number.matches("[0-9]+(\\.[0-9]+)?")) {
                    BigDecimal ns = new BigDecimal(number).multiply(BigDecimal.valueOf(NANOS[u]));
                    if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                        throw new IllegalArgumentException(SbenchException.quoted(value) + " is too long a duration");
                    }
                    if (ns.stripTrailingZeros().scale() > 0) {
                        // Cut off, a part of a ns could make a duration 0, which some options read as none.
                        throw new IllegalArgumentException(SbenchException.quoted(value) + " is no whole number of nanoseconds");
                    }
                    return ns.longValue();
                }
            }
        }
        throw new IllegalArgumentException(SbenchException.quoted(value)
                + " is not a duration; write a number with a unit: 500us, 25ms, 8s, 5m");
    }

    /** {@code ns} in the largest unit that writes it exactly ({@code 6s}, {@code 1500ms}); {@code 0} for none. */
    public static String format(long ns) {
        if (ns == 0) {
            return "0";
        }
        for (int u = UNITS.length - 1; u > 0; u--) {
            if (ns % NANOS[u] == 0) {
                return ns / NANOS[u] + UNITS[u];
            }
        }
        return ns + UNITS[0];
    }
}
