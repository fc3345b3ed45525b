package org.sbench.result;

import java.lang.reflect.RecordComponent;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.sbench.trace.stats.QdBucket;

/**
 * What in a result read back no run can have written, found by walking its records: a part left
 * out where the writer always writes one, an empty entry in a list or map, a number that is
 * infinite, beyond any measurement ({@value RecordWalk#LARGEST}) or negative where only counts, sizes, times
 * and rates are, bytes read and written past 2^63 together, a queue-depth histogram with rows that
 * are not its buckets, a second's length ({@code seconds}) that is not a part of a second, and stripe
 * members that are not the member count, and figures of a part that break a relation its writer keeps between them
 * ({@link ResultRelations}). Reports and comparisons read every part, so such a file is
 * refused whole, named at the part, before any of it is printed.
 *
 * <p>Parts that results may leave out are the components of the records not listed in
 * {@link #ALL_PARTS_WRITTEN} (facts a target or an older result may not have) and boxed numbers; the
 * run's lateness may be negative (an IO issued ahead of its time).
 */
final class ResultShape implements RecordWalk.Rules {
    private static final Set<String> QD_LABELS = qdLabels();
    /** Parts whose every component the writer always writes; the others may leave some out (older results, absent facts). */
    private static final Set<Class<?>> ALL_PARTS_WRITTEN = Set.of(ReplayResult.Summary.class, ReplayResult.Latency.class,
            ReplayResult.SizeClassResult.class, ReplayResult.Second.class, ReplayResult.QdDistribution.class,
            ReplayResult.QdRow.class, ReplayResult.Stripe.class, ReplayResult.Member.class, ReplayResult.FirstError.class,
            ReplayResult.StreamPlace.class);
    /** Components always written in the parts that may leave others out. */
    private static final Map<Class<?>, Set<String>> ALWAYS_WRITTEN = Map.of(ReplayResult.PhaseResult.class, Set.of("name"));
    /** Only lateness may be negative (an IO issued ahead of its time); NaN is passed over in every part. */
    private static final Set<RecordWalk.Flaw> ANY_SIGN = EnumSet.of(RecordWalk.Flaw.NEGATIVE, RecordWalk.Flaw.NOT_A_NUMBER);
    private static final Set<RecordWalk.Flaw> NOT_NEGATIVE = EnumSet.of(RecordWalk.Flaw.NOT_A_NUMBER);
    private static final RecordWalk WALK = new RecordWalk(new ResultShape());

    private ResultShape() {
    }

    /** The first such part of {@code result} in words ({@code sizeClasses[3].latency is missing}), or null. */
    static String problem(ReplayResult result) {
        return WALK.problem(result, "");
    }

    @Override
    public boolean mayLeaveOut(Record r, RecordComponent c) {
        return !ALL_PARTS_WRITTEN.contains(r.getClass()) && !ALWAYS_WRITTEN.getOrDefault(r.getClass(), Set.of()).contains(c.getName());
    }

    @Override
    public Set<RecordWalk.Flaw> allowed(Record r, RecordComponent c) {
        return r instanceof ReplayResult.Lateness ? ANY_SIGN : NOT_NEGATIVE;
    }

    @Override
    public String wholeProblem(Record r, String path) {
        // The parts are there and not negative.
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
        String histogram = r instanceof ReplayResult.QdDistribution d ? histogramProblem(d, path) : null;
        return histogram != null ? histogram : ResultRelations.of(r, path);
    }

    @Override
    public String describe(RecordWalk.Flaw flaw, String path, Object value) {
        return switch (flaw) {
            case MISSING -> path + " is missing";
            case NEGATIVE -> path + " is negative (" + value + ")";
            case BEYOND, NOT_A_NUMBER -> path + " is " + value + ", more than any run measures";
        };
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

    private static Set<String> qdLabels() {
        Set<String> labels = new java.util.LinkedHashSet<>();
        for (QdBucket b : QdBucket.values()) {
            labels.add(b.label());
        }
        return labels;
    }
}
