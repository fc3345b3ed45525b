package org.sbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A walk over a record read back and all it nests (records, lists, maps, numbers) for what no writer of it writes: a part
 * left out, an empty entry in a list or map, a number that is infinite or beyond any measurement ({@value #LARGEST}), and
 * one that is negative or NaN where the document's {@link Rules} do not allow it. The first such part is said in the
 * rules' words, named by its path in JSON ({@code sizeClasses[3].latency}, {@code sweep[2].mbps}). Results
 * ({@code ResultShape}) and a bundle's step records are walked alike.
 */
public final class RecordWalk {
    /** Larger than any count, rate or time in µs a run reports (3 x 10^7 years in µs). */
    public static final double LARGEST = 1e21;

    /** What is wrong with a part. */
    public enum Flaw {
        /** Left out (null) where it is always written. */
        MISSING,
        /** NaN where the rules allow only numbers. */
        NOT_A_NUMBER,
        /** Infinite, or beyond {@link #LARGEST} either way. */
        BEYOND,
        /** Below 0 where the rules allow 0 or more only. */
        NEGATIVE
    }

    /** What a kind of document allows, and how it says a flaw. */
    public interface Rules {
        /** True when {@code r} may leave out {@code c} (boxed numbers and Booleans always may). */
        boolean mayLeaveOut(Record r, RecordComponent c);

        /**
         * Which of {@link Flaw#NEGATIVE} and {@link Flaw#NOT_A_NUMBER} the numbers of {@code r}'s {@code c}, and of all it
         * nests, may have.
         */
        Set<Flaw> allowed(Record r, RecordComponent c);

        /** What is wrong with {@code r} at {@code path} as a whole, its parts found sound; null when nothing is. */
        default String wholeProblem(Record r, String path) {
            return null;
        }

        /** {@code flaw} of the part at {@code path}, whose value is {@code value} (null when missing), in words. */
        String describe(Flaw flaw, String path, Object value);
    }

    private final Rules rules;

    public RecordWalk(Rules rules) {
        this.rules = rules;
    }

    /** The first part of {@code root}, whose path is {@code path} ("" at the top), that no writer writes, in words; or null. */
    public String problem(Record root, String path) {
        return recordProblem(root, path);
    }

    private String problem(Object value, String path, Set<Flaw> allowed) {
        if (value instanceof Record r) {
            return recordProblem(r, path);
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                String problem = entryProblem(list.get(i), path + "[" + i + "]", allowed);
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String problem = entryProblem(e.getValue(), path + "." + e.getKey(), allowed);
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        return value instanceof Number n ? numberProblem(n, path, allowed) : null;
    }

    private String entryProblem(Object entry, String path, Set<Flaw> allowed) {
        return entry == null ? rules.describe(Flaw.MISSING, path, null) : problem(entry, path, allowed);
    }

    private String recordProblem(Record r, String path) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = read(c, r);
            // Jackson's annotation goes to the accessor, not to the record component itself.
            JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
            String p = (path.isEmpty() ? "" : path + ".") + (named != null ? named.value() : c.getName());
            if (v == null) {
                if (!rules.mayLeaveOut(r, c) && !Number.class.isAssignableFrom(c.getType()) && c.getType() != Boolean.class) {
                    return rules.describe(Flaw.MISSING, p, null);
                }
                continue;
            }
            String problem = problem(v, p, rules.allowed(r, c));
            if (problem != null) {
                return problem;
            }
        }
        return rules.wholeProblem(r, path);
    }

    private String numberProblem(Number n, String path, Set<Flaw> allowed) {
        double d = n.doubleValue();
        if (Double.isNaN(d)) {
            return allowed.contains(Flaw.NOT_A_NUMBER) ? null : rules.describe(Flaw.NOT_A_NUMBER, path, n);
        }
        if (Double.isInfinite(d) || Math.abs(d) > LARGEST) {
            return rules.describe(Flaw.BEYOND, path, n);
        }
        return d < 0 && !allowed.contains(Flaw.NEGATIVE) ? rules.describe(Flaw.NEGATIVE, path, n) : null;
    }

    private static Object read(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("record component " + c.getName() + " of " + r.getClass().getSimpleName()
                    + " not readable", e);
        }
    }

    /** The first of {@code problems} that is one (not null), or null: the checks of a part, in the order they are told. */
    public static String firstOf(String... problems) {
        for (String p : problems) {
            if (p != null) {
                return p;
            }
        }
        return null;
    }
}
