package org.sbench.step;

import org.sbench.SbenchException;

/**
 * The part of a target a step's IOs go to, from offset 0: a share of its capacity ({@code 100%},
 * {@code 25%}) or a size ({@code 8G}), as users write it ({@code --span}).
 *
 * @param option  the option that gave it ({@code span}), for messages
 * @param percent the share, or 0 when {@code bytes} is given
 * @param bytes   the size, or 0 when {@code percent} is given
 * @param typed   the span as the user wrote it ({@code 32M}, {@code 0K}), for refusals to quote
 */
public record Span(String option, double percent, long bytes, String typed) {
    public Span {
        if (bytes == 0) {
            StepOptions.checkPercent(option, percent, typed);
        } else if (bytes < 0 || percent != 0) {
            throw new IllegalArgumentException("a span is a share or a size: " + percent + "%, " + bytes + " B");
        }
    }

    /** A span given as a number, not written by a user. */
    public Span(String option, double percent, long bytes) {
        this(option, percent, bytes, bytes == 0 ? StepOptions.percentWord(percent) : StepOptions.sizeWord(bytes));
    }

    /** {@code value} of option {@code --key}: a percentage when it ends with %, else a size. */
    public static Span of(String key, String value) {
        return value.strip().endsWith("%") ? new Span(key, StepOptions.percent(key, value), 0, value.strip())
                : new Span(key, 0, StepOptions.bytes(key, value, true), value.strip());
    }

    /** As users write it. */
    public String word() {
        return bytes == 0 ? StepOptions.percentWord(percent) : StepOptions.sizeWord(bytes);
    }

    /**
     * The span on a target of {@code capacityBytes}, in whole IOs of {@code io}; a usage error when it is larger than the
     * target or holds no IO.
     */
    long bytes(long capacityBytes, StepIo io) {
        if (bytes > capacityBytes) {
            throw SbenchException.usage("--" + option + " " + typed + " is larger than the target (" + capacityBytes + " bytes)");
        }
        int blockBytes = io.blockBytes();
        long span = bytes != 0 ? bytes : (long) Math.floor(capacityBytes * (percent / 100.0));
        long region = Math.min(span, capacityBytes) / blockBytes * blockBytes;
        if (region == 0) {
            throw SbenchException.usage("--" + option + " " + typed + " of the target (" + capacityBytes + " bytes) holds no IO of "
                    + io.bsQuoted());
        }
        return region;
    }
}
