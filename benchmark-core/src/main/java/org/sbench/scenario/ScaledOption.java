package org.sbench.scenario;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.sbench.SbenchException;
import org.sbench.step.OptionWords;

/**
 * An option of a step kind that {@code sbench run --scale F} shortens: a duration (multiplied by F,
 * to whole ms, at least 1 ms), a size of a region or an amount (multiplied by F, down to whole MiB,
 * at least 1 MiB; a size after a word and a colon, {@code auto:64M}, keeps the word), or a share in
 * percent (multiplied by F, at least 0.000000001%, the smallest share a step takes). A value of 0 (none, e.g. a duration of 0 meaning one sweep) stays 0.
 * When the option is not written its default is scaled, so that every duration and size a scenario
 * runs is shortened.
 *
 * @param defaultWord the word the step uses when the option is not written, from the other options
 * @param spelledOut  the word with what it stands for written out, before it is scaled ({@code auto}
 *                    of a sweep's {@code per-point} is {@code auto:64M})
 */
public record ScaledOption(String name, Type type, Function<Map<String, String>, String> defaultWord, UnaryOperator<String> spelledOut) {
    private static final long NS_PER_MS = 1_000_000L;
    private static final long MIB = 1L << 20;
    private static final int SHARE_DIGITS = 6;
    private static final String PERCENT = "%";
    private static final double MIN_SHARE = 1e-9;
    /**
     * The smallest {@code --scale}: a millionth, below which sizes are all at their least (1 MiB of a
     * terabyte drive) and durations too (1 ms of a 15-minute step).
     */
    public static final double MIN_SCALE = 1e-6;
    /** {@link #MIN_SCALE} as the help and messages write it. */
    public static final String MIN_SCALE_WORD = "0.000001";

    /** Refuses a {@code --scale} out of its range, quoting it as {@code typed}. */
    public static void checkScale(double scale, String typed) {
        if (!(scale >= MIN_SCALE && scale <= 1)) {
            throw SbenchException.usage("--scale takes " + MIN_SCALE_WORD + " to 1 (it shortens), found " + typed);
        }
    }

    /** What the option's word is. */
    public enum Type { DURATION, SIZE, SHARE }

    public static ScaledOption duration(String name, String defaultWord) {
        return duration(name, options -> defaultWord);
    }

    public static ScaledOption duration(String name, Function<Map<String, String>, String> defaultWord) {
        return new ScaledOption(name, Type.DURATION, defaultWord, UnaryOperator.identity());
    }

    public static ScaledOption size(String name, String defaultWord) {
        return size(name, options -> defaultWord);
    }

    public static ScaledOption size(String name, Function<Map<String, String>, String> defaultWord) {
        return new ScaledOption(name, Type.SIZE, defaultWord, UnaryOperator.identity());
    }

    /** A size whose words {@code spelledOut} writes out before they are scaled. */
    public static ScaledOption size(String name, String defaultWord, UnaryOperator<String> spelledOut) {
        return new ScaledOption(name, Type.SIZE, options -> defaultWord, spelledOut);
    }

    /** A percentage ({@code 100} or {@code 100%}). */
    public static ScaledOption share(String name, String defaultWord) {
        return new ScaledOption(name, Type.SHARE, options -> defaultWord, UnaryOperator.identity());
    }

    /** {@code bytes} multiplied by {@code factor} as a size is scaled: down to whole MiB, at least 1 MiB; 0 stays 0. */
    static long scaledBytes(long bytes, double factor) {
        return bytes == 0 ? 0 : Math.max(MIB, (long) (bytes * factor) / MIB * MIB);
    }

    /** {@code written} multiplied by {@code factor} (0 to 1), as a word of the same type. */
    String scale(String written, double factor) {
        String word = spelledOut.apply(written);
        switch (type) {
            case DURATION: {
                long ns = OptionWords.durationNs("--" + name, word);
                return ns == 0 ? word : OptionWords.duration(Math.max(NS_PER_MS, Math.round(ns * factor / NS_PER_MS) * NS_PER_MS));
            }
            case SIZE: {
                String head = word.substring(0, word.lastIndexOf(':') + 1);
                long bytes = OptionWords.sizeBytes("--" + name, word.substring(head.length()));
                return bytes == 0 ? word : head + OptionWords.size(scaledBytes(bytes, factor));
            }
            default: {
                boolean percent = word.strip().endsWith(PERCENT);
                double v = OptionWords.percent("--" + name, word);
                return BigDecimal.valueOf(Math.max(MIN_SHARE, v * factor)).round(new MathContext(SHARE_DIGITS)).stripTrailingZeros().toPlainString()
                        + (percent ? PERCENT : "");
            }
        }
    }
}
