package org.sbench.scenario;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.step.OptionWords;

/**
 * A step's options in round {@code r} of its group: each option named under {@code per-round} is its
 * round-1 value plus {@code (r - 1)} times the change written there ({@code duration: 10m} with
 * {@code per-round: {duration: 5m}} runs 10, 15, 20 ... minutes). A change is a duration when it ends in
 * a time unit ({@code 5m}, {@code 30s}), a size when it ends in {@code K}, {@code M}, {@code G} or
 * {@code T} (capitals), else a number; it may be negative, and a value that falls below 0 is refused.
 */
final class PerRound {
    private static final String DURATION = "-?[0-9]+(\\.[0-9]+)?(ns|us|ms|s|m|h)";
    private static final String SIZE = "-?[0-9]+[KMGT](?:iB|B)?";
    private static final String NUMBER = "-?[0-9]+(\\.[0-9]+)?%?";

    private PerRound() {
    }

    /** {@code spec}'s options in {@code round} (from 1). */
    static Map<String, String> at(Scenario.StepSpec spec, int round) {
        Map<String, String> out = new LinkedHashMap<>(spec.options());
        for (Map.Entry<String, String> change : spec.perRound().entrySet()) {
            String name = change.getKey();
            String base = spec.options().get(name);
            if (base == null) {
                throw SbenchException.usage("per-round " + SbenchException.quoted(name) + ": write " + name
                        + " among the options of " + spec.kind()
                        + " as well, its value in round 1");
            }
            out.put(name, value(name, base, change.getValue().strip(), round - 1));
        }
        return out;
    }

    private static String value(String name, String base, String change, int steps) {
        String option = "per-round " + SbenchException.quoted(name);
        if (change.matches(DURATION)) {
            requireSameKind(option, base, change, () -> OptionWords.durationNs(null, base));
            boolean negative = change.startsWith("-");
            long delta = OptionWords.durationNs(option, negative ? change.substring(1) : change) * (negative ? -1 : 1);
            return OptionWords.duration(checked(option, OptionWords.durationNs(SbenchException.quoted(name), base)
                    + steps * delta));
        }
        if (change.matches(SIZE)) {
            requireSameKind(option, base, change, () -> OptionWords.sizeBytes(null, base));
            boolean negative = change.startsWith("-");
            long delta = OptionWords.sizeBytes(option, negative ? change.substring(1) : change) * (negative ? -1 : 1);
            return OptionWords.size(checked(option, OptionWords.sizeBytes(SbenchException.quoted(name), base) + steps * delta));
        }
        if (change.matches(NUMBER) && base.strip().matches(NUMBER)) {
            boolean percent = base.strip().endsWith("%");
            BigDecimal v = number(base).add(number(change).multiply(BigDecimal.valueOf(steps)));
            if (v.signum() < 0) {
                throw SbenchException.usage(option + " makes " + name + " negative ("
                        + SbenchException.quoted(v.toPlainString()) + ")");
            }
            return v.stripTrailingZeros().toPlainString() + (percent ? "%" : "");
        }
        throw notOfItsKind(option, base, change);
    }

    /** Refuses a change of a duration or size to a {@code base} that is none ({@code span: 50%} changed by 4M). */
    private static void requireSameKind(String option, String base, String change, Runnable parseBase) {
        try {
            parseBase.run();
        } catch (SbenchException notOfThatKind) {
            throw notOfItsKind(option, base, change);
        }
    }

    private static SbenchException notOfItsKind(String option, String base, String change) {
        return SbenchException.usage(option + ": expected a change of the same kind as " + SbenchException.quoted(base)
                + ": a duration (5m),"
                + " a size (128K) or a number, found " + SbenchException.quoted(change));
    }

    private static BigDecimal number(String word) {
        String w = word.strip();
        return new BigDecimal(w.endsWith("%") ? w.substring(0, w.length() - 1) : w);
    }

    private static long checked(String option, long value) {
        if (value < 0) {
            throw SbenchException.usage(option + " makes the value negative");
        }
        return value;
    }
}
