package org.sbench.step;

import org.sbench.SbenchException;
import org.sbench.trace.units.Durations;
import org.sbench.trace.units.Sizes;

/**
 * Durations, sizes and shares as users write them, in commands and scenario files alike
 * ({@link Durations} and {@link Sizes} read the first two for every command line), with errors as
 * usage errors naming the option ({@code --duration}) and saying what to write.
 */
public final class OptionWords {
    private static final double PERCENT_ALL = 100;

    private OptionWords() {
    }

    /** {@code word} as ns; a usage error naming {@code option} (e.g. {@code --duration}) when it is none. */
    public static long durationNs(String option, String word) {
        try {
            return Durations.parseNs(word);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage(prefix(option) + e.getMessage());
        }
    }

    /** {@code word} as bytes; a usage error naming {@code option} when it is none, or a bare number that is no whole block. */
    public static long sizeBytes(String option, String word) {
        try {
            return Sizes.parseBytes(word);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage(prefix(option) + e.getMessage());
        }
    }

    /** A share in percent, {@code 10} or {@code 10%}, more than 0 and at most 100. */
    public static double percent(String option, String word) {
        String v = word.strip();
        v = v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v;
        double p = v.matches("[0-9]{1,9}(\\.[0-9]{1,9})?") ? Double.parseDouble(v) : Double.NaN;
        if (!(p > 0 && p <= PERCENT_ALL)) {
            throw SbenchException.usage(prefix(option) + SbenchException.quoted(word)
                    + " is not a share; write a percentage above 0 and up to 100");
        }
        return p;
    }

    private static String prefix(String option) {
        return option == null ? "" : option + " ";
    }

    /** {@code ns} in the largest unit that writes it exactly ({@code 6s}, {@code 1500ms}); {@code 0} for none. */
    public static String duration(long ns) {
        return Durations.format(ns);
    }

    /** {@code bytes} in the largest binary unit that writes it exactly ({@code 8M}, {@code 1G}), else in bytes. */
    public static String size(long bytes) {
        return Sizes.format(bytes);
    }
}
