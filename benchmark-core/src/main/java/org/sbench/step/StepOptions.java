// A step's options as users write them, read the one way for the command line and scenario files.
package org.sbench.step;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.target.Target;
import org.sbench.trace.units.Durations;
import org.sbench.trace.units.Sizes;
import org.sbench.trace.units.Words;

/**
 * The options of one step as a user writes them: names without dashes ({@code bs}), values as on the
 * command line ({@code 128K}, {@code 20m}, {@code 100%}). Each step's {@code of(Map)} reads its
 * options through this, and the CLI command hands its options to that same factory, so that a
 * command and a scenario file get the same one-line usage errors, each naming the option as
 * {@code --name}. Unknown names are refused with the step's list. Options not given are absent here;
 * the step's defaults stand for them.
 */
public final class StepOptions {
    private static final double PERCENT = 100.0;
    /** The option naming a step's IO engine: a command's, never a scenario step's. */
    public static final String ENGINE = "engine";
    /** IO sizes are whole sectors of the smallest logical block a device has. */
    static final int SECTOR_BYTES = 512;

    private final Map<String, String> given;

    private StepOptions(Map<String, String> given) {
        this.given = given;
    }

    /**
     * {@code given}, refused (usage error) when it names an option {@code kind} does not have or gives one no value.
     * Only a scenario file names options a command does not have, and a scenario's step takes no {@code engine}
     * (run's {@code --engine} is every step's), so the list the refusal gives leaves it out.
     */
    public static StepOptions of(String kind, Map<String, String> given, List<String> known) {
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (!known.contains(e.getKey())) {
                List<String> inScenario = known.stream().filter(k -> !k.equals(ENGINE)).toList();
                throw SbenchException.usage("unknown option " + SbenchException.quoted(e.getKey()) + " of step " + kind
                        + "; " + kind + " takes "
                        + (inScenario.isEmpty() ? "no options" : String.join(", ", inScenario)));
            }
            if (e.getValue() == null || e.getValue().isBlank()) {
                throw SbenchException.usage("--" + e.getKey() + " needs a value");
            }
        }
        return new StepOptions(new LinkedHashMap<>(given));
    }

    public boolean has(String key) {
        return given.containsKey(key);
    }

    /** The value as given, or {@code otherwise}. */
    public String text(String key, String otherwise) {
        return given.getOrDefault(key, otherwise);
    }

    /** One of {@code allowed} (lower-case words, given in any case), or {@code otherwise} when not given. */
    public String word(String key, String otherwise, List<String> allowed) {
        String v = text(key, otherwise);
        if (!allowed.contains(Words.of(v))) {
            throw SbenchException.usage("--" + key + " takes " + alternatives(allowed) + ", found " + SbenchException.quoted(v));
        }
        return Words.of(v);
    }

    /** "a, b or c". */
    static String alternatives(List<String> words) {
        int last = words.size() - 1;
        return last == 0 ? words.get(0) : String.join(", ", words.subList(0, last)) + " or " + words.get(last);
    }

    /** A size in bytes ({@code 128K}), or {@code otherwise} when not given. */
    public long bytes(String key, long otherwise) {
        return has(key) ? bytes(key, given.get(key)) : otherwise;
    }

    /** {@code value}, the value of {@code --key}, as a size in bytes. */
    static long bytes(String key, String value) {
        return bytes(key, value, false);
    }

    /** {@link #bytes(String, String)} of an option that also takes a percentage when {@code orPercent}, its messages offering both. */
    static long bytes(String key, String value, boolean orPercent) {
        try {
            return Sizes.parseBytes(value, orPercent);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage("--" + key + ": " + e.getMessage());
        }
    }

    /** The size of {@code key} as the user wrote it, for refusals to quote; {@code otherwise} as users write it when not given. */
    String typed(String key, long otherwise) {
        return written(key, sizeWord(otherwise));
    }

    /** The value of {@code key} as the user wrote it (but for spaces around it), for refusals to quote; {@code otherwise} when not given. */
    String written(String key, String otherwise) {
        return has(key) ? given.get(key).strip() : otherwise;
    }

    /** A duration in ns ({@code 20m}), or {@code otherwise} when not given. */
    public long durationNs(String key, long otherwise) {
        if (!has(key)) {
            return otherwise;
        }
        try {
            return Durations.parseNs(given.get(key));
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage("--" + key + ": " + e.getMessage());
        }
    }

    /** A whole number, or {@code otherwise} when not given; its range is the step's to check. */
    public int integer(String key, int otherwise) {
        String v = text(key, null);
        if (v == null) {
            return otherwise;
        }
        if (!v.strip().matches("-?[0-9]{1,9}")) {
            throw SbenchException.usage("--" + key + " takes a whole number, found " + SbenchException.quoted(v));
        }
        return Integer.parseInt(v.strip());
    }

    /** The options as written. */
    public Map<String, String> asWritten() {
        return Map.copyOf(given);
    }

    /** The value as given, or {@code otherwise} (any word; the caller checks it). */
    public String word(String key, String otherwise) {
        return text(key, otherwise);
    }

    /** The value given for {@code key}; a usage error when it is missing. */
    public String required(String key) {
        String v = given.get(key);
        if (v == null) {
            throw SbenchException.usage("--" + key + " is required");
        }
        return v;
    }

    /** A whole number from 0 up to 999,999,999, or {@code otherwise} when not given. */
    public int count(String key, int otherwise) {
        int n = integer(key, otherwise);
        if (n < 0) {
            throw SbenchException.usage("--" + key + " takes a whole number, found " + SbenchException.quoted(given.get(key)));
        }
        return n;
    }

    /** A decimal number, or {@code otherwise} when not given. */
    public double number(String key, double otherwise) {
        String v = given.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw SbenchException.usage("--" + key + " takes a number, found " + SbenchException.quoted(v));
        }
    }

    /** {@code true} or {@code false} (a flag of the command line); false when not given. */
    public boolean flag(String key) {
        String v = given.get(key);
        if (v == null || Words.of(v).equals("false")) {
            return false;
        }
        if (Words.of(v).equals("true")) {
            return true;
        }
        throw SbenchException.usage("--" + key + " takes true or false, found " + SbenchException.quoted(v));
    }

    /** A percentage ({@code 50}, {@code 50%}, {@code 12.5%}), or {@code otherwise} when not given; its range is the step's to check. */
    public double percent(String key, double otherwise) {
        return has(key) ? percent(key, given.get(key)) : otherwise;
    }

    static double percent(String key, String value) {
        String v = value.strip();
        v = v.endsWith("%") ? v.substring(0, v.length() - 1) : v;
        if (!v.matches("[0-9]{1,3}(\\.[0-9]{1,6})?")) {
            throw SbenchException.usage("--" + key + " takes a percentage such as 100%, found " + SbenchException.quoted(value));
        }
        return Double.parseDouble(v);
    }

    /** Refuses {@code value} of {@code --key} outside [min, max], naming the range. */
    static void checkRange(String key, long value, long min, long max) {
        checkRange(key, value, min, max, String.valueOf(value));
    }

    private static void checkRange(String key, long value, long min, long max, String written) {
        if (value < min || value > max) {
            throw SbenchException.usage("--" + key + " must be " + min + " to " + max + ", found " + written);
        }
    }

    /** {@link #integer(String, int)} of {@code min} to {@code max}, refused quoting it as written ({@code 00}, not 0). */
    public int integer(String key, int otherwise, int min, int max) {
        int n = integer(key, otherwise);
        checkRange(key, n, min, max, written(key, String.valueOf(n)));
        return n;
    }

    /** Refuses a percentage of {@code --key} that is not above 0 and at most 100, quoting it as {@code typed}. */
    static void checkPercent(String key, double pct, String typed) {
        if (!(pct > 0) || pct > PERCENT) {
            throw SbenchException.usage("--" + key + " must be above 0% and at most 100%, found " + typed);
        }
    }

    /**
     * Refuses an IO size of {@code --key} that is no whole number of 512-byte sectors or is beyond {@code maxBytes}, quoting it
     * as {@code typed}.
     */
    static void checkIoSize(String key, long bytes, long maxBytes, String typed) {
        if (bytes < SECTOR_BYTES || bytes % SECTOR_BYTES != 0 || bytes > maxBytes) {
            throw SbenchException.usage("--" + key + " must be a multiple of " + SECTOR_BYTES + " bytes up to " + sizeWord(maxBytes)
                    + ", found " + typed);
        }
    }

    /** {@code name} as an engine word: {@code auto} or an engine sbench has; a usage error naming {@code --engine} otherwise. */
    static String engine(String name) {
        String word = Words.of(name);
        if (!IoEngines.isName(word)) {
            throw SbenchException.usage("--engine takes " + alternatives(IoEngines.names()) + ", found "
                    + SbenchException.quoted(name));
        }
        return word;
    }

    /**
     * Refuses {@code bytes} of {@code --key}, typed as {@code typed}, that is no whole number of {@code target}'s logical blocks
     * (O_DIRECT needs them).
     */
    static void checkAligned(String key, long bytes, Target target, String typed) {
        if (bytes % target.logicalBlockSize() != 0) {
            throw SbenchException.usage("--" + key + " " + typed + " is no multiple of the logical block size of " + target.path()
                    + " (" + target.logicalBlockSize() + " bytes)");
        }
    }

    /** A size as users write it: {@code 128K}, {@code 1G}, or bytes. */
    static String sizeWord(long bytes) {
        return Sizes.format(bytes);
    }

    /** A duration as users write it: {@code 20m}, {@code 5s}, {@code 250ms}, or ns. */
    static String durationWord(long ns) {
        return Durations.format(ns);
    }

    /** A percentage as users write it: {@code 100%}, {@code 12.5%}. */
    static String percentWord(double pct) {
        return BigDecimal.valueOf(pct).stripTrailingZeros().toPlainString() + "%";
    }
}
