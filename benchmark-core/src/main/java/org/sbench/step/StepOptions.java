package org.sbench.step;

import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;

/**
 * A step's options as a user wrote them (option name without dashes to its word, as in a scenario
 * file), read one by one for a step's {@code of(Map)} factory. An option the kind does not take is
 * refused when the options are made, and every error is a usage error that names the option
 * ({@code --passes}, or {@code 'bz'} for an unknown one), so that a scenario file can point at its line.
 */
public final class StepOptions {
    private final Map<String, String> options;

    /** {@code options} of a step of {@code kind}, which takes the options {@code known}. */
    public StepOptions(String kind, Map<String, String> options, List<String> known) {
        for (String name : options.keySet()) {
            if (!known.contains(name)) {
                throw SbenchException.usage("unknown option '" + name + "' of step " + kind + "; " + kind + " takes "
                        + (known.isEmpty() ? "no options" : String.join(", ", known)));
            }
        }
        this.options = Map.copyOf(options);
    }

    /** The options as written. */
    public Map<String, String> asWritten() {
        return options;
    }

    public boolean has(String name) {
        return options.containsKey(name);
    }

    /** The word given for {@code name}, or {@code otherwise}. */
    public String word(String name, String otherwise) {
        return options.getOrDefault(name, otherwise);
    }

    /** The word given for {@code name}; a usage error when it is missing. */
    public String required(String name) {
        String v = options.get(name);
        if (v == null) {
            throw SbenchException.usage("--" + name + " is required");
        }
        return v;
    }

    public long durationNs(String name, long otherwise) {
        String v = options.get(name);
        return v == null ? otherwise : OptionWords.durationNs("--" + name, v);
    }

    public long sizeBytes(String name, long otherwise) {
        String v = options.get(name);
        return v == null ? otherwise : OptionWords.sizeBytes("--" + name, v);
    }

    /** A whole number from 0 up to 999,999,999. */
    public int count(String name, int otherwise) {
        String v = options.get(name);
        if (v == null) {
            return otherwise;
        }
        if (!v.strip().matches("[0-9]{1,9}")) {
            throw SbenchException.usage("--" + name + " takes a whole number, found '" + v + "'");
        }
        return Integer.parseInt(v.strip());
    }

    /** A decimal number. */
    public double number(String name, double otherwise) {
        String v = options.get(name);
        if (v == null) {
            return otherwise;
        }
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw SbenchException.usage("--" + name + " takes a number, found '" + v + "'");
        }
    }

    /** {@code true} or {@code false} (a flag of the command line). */
    public boolean flag(String name) {
        String v = options.get(name);
        if (v == null || v.equals("false")) {
            return false;
        }
        if (v.equals("true")) {
            return true;
        }
        throw SbenchException.usage("--" + name + " takes true or false, found '" + v + "'");
    }
}
