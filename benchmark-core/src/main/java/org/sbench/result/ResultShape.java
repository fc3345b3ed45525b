package org.sbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sbench.trace.stats.QdBucket;

/**
 * What in a result read back no run can have written, found by walking its records: a part left
 * out where the writer always writes one, an empty entry in a list or map, a number that is
 * infinite, beyond any measurement ({@value #LARGEST}) or negative where only counts, sizes, times
 * and rates are, bytes read and written past 2^63 together, a queue-depth histogram with rows that
 * are not its buckets, a second's length ({@code seconds}) that is not a part of a second, and stripe
 * members that are not the member count. Reports and comparisons read every part, so such a file is
 * refused whole, named at the part, before any of it is printed.
 *
 * <p>Parts that results may leave out are the components of the records not listed in
 * {@link #ALL_PARTS_WRITTEN} (facts a target or an older result may not have) and boxed numbers; the
 * run's lateness may be negative (an IO issued ahead of its time).
 */
final class ResultShape {
    /** Larger than any count, rate or time in µs a run reports (3 x 10^7 years in µs). */
    static final double LARGEST = 1e21;
    private static final Set<String> QD_LABELS = qdLabels();
    /** Parts whose every component the writer always writes; the others may leave some out (older results, absent facts). */
    private static final Set<Class<?>> ALL_PARTS_WRITTEN = Set.of(ReplayResult.Summary.class, ReplayResult.Latency.class,
            ReplayResult.SizeClassResult.class, ReplayResult.Second.class, ReplayResult.QdDistribution.class,
            ReplayResult.QdRow.class, ReplayResult.Stripe.class, ReplayResult.Member.class, ReplayResult.FirstError.class,
            ReplayResult.StreamPlace.class);
    /** Components always written in the parts that may leave others out. */
    private static final Map<Class<?>, Set<String>> ALWAYS_WRITTEN = Map.of(ReplayResult.PhaseResult.class, Set.of("name"));

    private ResultShape() {
    }

    /** The first such part of {@code result} in words ({@code sizeClasses[3].latency is missing}), or null. */
    static String problem(ReplayResult result) {
        return problem(result, "", true);
    }

    private static String problem(Object value, String path, boolean nonNegative) {
        if (value instanceof Record r) {
            return recordProblem(r, path);
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                String p = path + "[" + i + "]";
                String problem = list.get(i) == null ? p + " is missing" : problem(list.get(i), p, nonNegative);
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String p = path + "." + e.getKey();
                String problem = e.getValue() == null ? p + " is missing" : problem(e.getValue(), p, nonNegative);
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (value instanceof Number n) {
            return numberProblem(n, path, nonNegative);
        }
        return null;
    }

    private static String recordProblem(Record r, String path) {
        boolean mayLeaveOut = !ALL_PARTS_WRITTEN.contains(r.getClass());
        boolean nonNegative = !(r instanceof ReplayResult.Lateness);
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = read(c, r);
            // Jackson's annotation goes to the accessor, not to the record component itself.
            JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
            String p = (path.isEmpty() ? "" : path + ".") + (named != null ? named.value() : c.getName());
            if (v == null) {
                boolean written = !mayLeaveOut || ALWAYS_WRITTEN.getOrDefault(r.getClass(), Set.of()).contains(c.getName());
                if (written && !Number.class.isAssignableFrom(c.getType()) && c.getType() != Boolean.class) {
                    return p + " is missing";
                }
                continue;
            }
            String problem = problem(v, p, nonNegative);
            if (problem != null) {
                return problem;
            }
        }
        // Below, the parts are there and not negative.
        if (r instanceof ReplayResult.Summary s && s.bytesRead() > Long.MAX_VALUE - s.bytesWritten()) {
            return path + ".bytesRead + bytesWritten is more than 2^63 bytes";
        }
        if (r instanceof ReplayResult.Second s && s.seconds() != null && !(s.seconds() > 0 && s.seconds() < 1)) {
            return path + ".seconds is " + s.seconds() + ", expected the part of the second the run covered (more than 0, less"
                    + " than 1)";
        }
        if (r instanceof ReplayResult.Stripe s && s.members().size() != s.memberCount()) {
            return path + ".members has " + s.members().size() + " entries, memberCount says " + s.memberCount();
        }
        return r instanceof ReplayResult.QdDistribution d ? histogramProblem(d, path) : null;
    }

    private static String numberProblem(Number n, String path, boolean nonNegative) {
        double d = n.doubleValue();
        if (Double.isNaN(d)) {
            return null;
        }
        if (Double.isInfinite(d) || Math.abs(d) > LARGEST) {
            return path + " is " + n + ", more than any run measures";
        }
        return nonNegative && d < 0 ? path + " is negative (" + n + ")" : null;
    }

    private static String histogramProblem(ReplayResult.QdDistribution d, String path) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < d.histogram().size(); i++) {
            String qd = d.histogram().get(i).qd();
            if (qd == null || !QD_LABELS.contains(qd) || !seen.add(qd)) {
                return path + ".histogram[" + i + "].qd is " + (qd == null ? "missing" : "'" + qd + "'")
                        + ", expected one of the buckets " + String.join(", ", QD_LABELS) + ", each once";
            }
        }
        return null;
    }

    private static Object read(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("result record component " + c.getName() + " not readable", e);
        }
    }

    private static Set<String> qdLabels() {
        Set<String> labels = new java.util.LinkedHashSet<>();
        for (QdBucket b : QdBucket.values()) {
            labels.add(b.label());
        }
        return labels;
    }
}
