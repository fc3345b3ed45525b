package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;
import org.sbench.trace.stats.SizeClass;

/**
 * One number of a result, as {@code compare} lines results up and the CSV files name it: {@code key},
 * {@code op} ({@code all}, {@code read}, {@code write}) and {@code group} (the size class or phase
 * name of a per-class or per-phase metric, null for the others) identify it, {@code unit} is what
 * the value is in, {@code better} says which way a drive wins. {@link #ALL} lists the summary and
 * fidelity metrics, {@link #SIZE_CLASSES} those of each size class; phases are named by the trace
 * ({@link #phase}). A value is NaN where the result has none (a class or phase without IOs). Rates
 * are over busy time and MB = 10^6 bytes (docs/definitions.md).
 */
public record Metric(String key, String op, String group, String title, String unit, Better better,
                     ToDoubleFunction<ReplayResult> value) {

    /** Which way a drive wins on a metric; {@code NONE} for workload counts that a comparable run cannot change. */
    public enum Better {
        LOWER, HIGHER, NONE;

        /** Orders values best first, and values that are none (NaN) last. */
        int compare(double a, double b) {
            if (Double.isNaN(a) || Double.isNaN(b)) {
                return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
            }
            return this == HIGHER ? Double.compare(b, a) : this == LOWER ? Double.compare(a, b) : 0;
        }

        public String phrase() {
            return this == HIGHER ? "higher is better" : this == LOWER ? "lower is better" : "";
        }
    }

    public static final String ALL_OPS = "all";
    public static final String READ = "read";
    public static final String WRITE = "write";
    static final String UNIT_SECONDS = "s";
    static final String UNIT_MBPS = "MB/s";
    static final String UNIT_IOPS = "IOPS";
    static final String UNIT_US = "us";
    static final String UNIT_COUNT = "count";
    static final String UNIT_MB = "MB";
    static final String UNIT_PERCENT = "%";
    static final String UNIT_IOS = "IOs";
    static final String UNIT_NONE = "";

    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;

    public static final Metric IOS = summary("ios", ALL_OPS, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().ios());
    public static final Metric BUSY = busy(ALL_OPS, r -> r.summary().busyNs());
    public static final Metric READ_BUSY = busy(READ, r -> r.summary().readBusyNs());
    public static final Metric WRITE_BUSY = busy(WRITE, r -> r.summary().writeBusyNs());
    public static final Metric MBPS = mbps(ALL_OPS, r -> r.summary().mbps());
    public static final Metric READ_MBPS = mbps(READ, r -> r.summary().readMbps());
    public static final Metric WRITE_MBPS = mbps(WRITE, r -> r.summary().writeMbps());
    public static final Metric IOPS = iops(ALL_OPS, r -> r.summary().iops());
    public static final Metric READ_IOPS = iops(READ,
            r -> ReplayResults.perSecond(r.summary().reads(), r.summary().readBusyNs()));
    public static final Metric WRITE_IOPS = iops(WRITE,
            r -> ReplayResults.perSecond(r.summary().writes(), r.summary().writeBusyNs()));
    public static final Metric P99 = latency(ALL_OPS, "p99", "p99 latency", ReplayResult.Latency::p99Us);

    /** The summary metrics, in the order tables list them. */
    public static final List<Metric> SUMMARY = summary();
    /** How faithfully each run replayed the trace (docs/definitions.md, "Fidelity"). */
    public static final List<Metric> FIDELITY = fidelity();
    /** The summary, then the fidelity metrics: the rows of {@code report --csv}'s summary.csv. */
    public static final List<Metric> ALL = concat(SUMMARY, FIDELITY);
    /** MB/s, busy time and p99 latency of each size class of reads and of writes, class by class. */
    public static final List<Metric> SIZE_CLASSES = sizeClasses();

    /** What is compared of each size class and of each phase: key, title, unit, direction. */
    enum Kind {
        CLASS_MBPS("class_mbps", "data rate", UNIT_MBPS, Better.HIGHER),
        CLASS_BUSY("class_busy", "busy time", UNIT_SECONDS, Better.LOWER),
        CLASS_P99("class_latency_p99", "p99 latency", UNIT_US, Better.LOWER),
        PHASE_WALL("phase_wall", "wall time", UNIT_SECONDS, Better.LOWER),
        PHASE_BUSY("phase_busy", "busy time", UNIT_SECONDS, Better.LOWER),
        PHASE_MBPS("phase_mbps", "data rate", UNIT_MBPS, Better.HIGHER);

        final String key;
        final String title;
        final String unit;
        final Better better;

        Kind(String key, String title, String unit, Better better) {
            this.key = key;
            this.title = title;
            this.unit = unit;
            this.better = better;
        }
    }

    /** The value of this metric in {@code r}. */
    public double of(ReplayResult r) {
        return value.applyAsDouble(r);
    }

    /** "busy time, read" / "IOs" / "MB/s of 4K, read": the title with the group and the op unless it is the total. */
    public String name() {
        String t = group == null ? title : title + " of " + group;
        return ALL_OPS.equals(op) ? t : t + ", " + op;
    }

    /** The value as the terminal prints it: decimals suited to the unit. */
    public String format(double v) {
        switch (unit) {
            case UNIT_SECONDS: return String.format(Locale.ROOT, "%.3f", v);
            case UNIT_COUNT:
            case UNIT_IOPS: return String.format(Locale.ROOT, "%,.0f", v);
            case UNIT_PERCENT: return String.format(Locale.ROOT, "%.2f", v);
            case UNIT_IOS:
            case UNIT_NONE: return String.format(Locale.ROOT, "%.3f", v);
            default: return String.format(Locale.ROOT, "%.1f", v);
        }
    }

    private static List<Metric> summary() {
        List<Metric> m = new ArrayList<>();
        m.add(IOS);
        m.add(summary("ios", READ, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().reads()));
        m.add(summary("ios", WRITE, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().writes()));
        m.add(summary("trims", ALL_OPS, "trims", UNIT_COUNT, Better.NONE, r -> r.summary().trims()));
        m.add(summary("flushes", ALL_OPS, "flushes", UNIT_COUNT, Better.NONE, r -> r.summary().flushes()));
        m.add(summary("data", READ, "data", UNIT_MB, Better.NONE, r -> r.summary().bytesRead() / BYTES_PER_MB));
        m.add(summary("data", WRITE, "data", UNIT_MB, Better.NONE, r -> r.summary().bytesWritten() / BYTES_PER_MB));
        m.add(BUSY);
        m.add(READ_BUSY);
        m.add(WRITE_BUSY);
        // From the first submit to the last completion: none when nothing was issued, never 0 ranked best.
        m.add(summary("wall", ALL_OPS, "wall time (with idle)", UNIT_SECONDS, Better.LOWER,
                r -> r.fidelity().issued() == 0 ? Double.NaN : r.summary().wallNs() / NS_PER_S));
        m.add(MBPS);
        m.add(READ_MBPS);
        m.add(WRITE_MBPS);
        m.add(IOPS);
        m.add(READ_IOPS);
        m.add(WRITE_IOPS);
        for (String op : new String[] {ALL_OPS, READ, WRITE}) {
            m.add(latency(op, "mean", "mean latency", ReplayResult.Latency::meanUs));
            m.add(latency(op, "p50", "p50 latency", ReplayResult.Latency::p50Us));
            m.add(latency(op, "p90", "p90 latency", ReplayResult.Latency::p90Us));
            m.add(op.equals(ALL_OPS) ? P99 : latency(op, "p99", "p99 latency", ReplayResult.Latency::p99Us));
            m.add(latency(op, "p99.9", "p99.9 latency", ReplayResult.Latency::p999Us));
            m.add(latency(op, "max", "max latency", ReplayResult.Latency::maxUs));
            m.add(summary("over10ms", op, "IOs over 10 ms", UNIT_PERCENT, Better.LOWER,
                    ofOp(op, r -> r.summary().latency().get(op).over10msPct())));
        }
        m.add(summary("errors", ALL_OPS, "IO errors", UNIT_COUNT, Better.LOWER, r -> r.summary().errors()));
        return List.copyOf(m);
    }

    private static List<Metric> fidelity() {
        return List.of(
                summary("issued", ALL_OPS, "IOs issued", UNIT_COUNT, Better.NONE, r -> r.fidelity().issued()),
                summary("in_trace", ALL_OPS, "IOs in the trace", UNIT_COUNT, Better.NONE, r -> r.fidelity().inTrace()),
                summary("out_of_order", ALL_OPS, "submitted out of trace order", UNIT_COUNT, Better.LOWER,
                        r -> r.fidelity().outOfOrder()),
                summary("qd_recorded", ALL_OPS, "recorded QD, average", UNIT_IOS, Better.NONE,
                        r -> r.fidelity().qdRecorded() == null ? Double.NaN : r.fidelity().qdRecorded().avg()),
                summary("qd_replayed", ALL_OPS, "replayed QD, average", UNIT_IOS, Better.NONE, r -> r.fidelity().qdReplayed().avg()),
                summary("qd_distance", ALL_OPS, "QD distance, recorded to replayed", UNIT_NONE, Better.NONE,
                        r -> r.fidelity().qdTvd() == null ? Double.NaN : r.fidelity().qdTvd()),
                summary("lateness_p99", ALL_OPS, "timed: lateness p99", UNIT_US, Better.LOWER,
                        r -> r.fidelity().latenessUs() == null ? Double.NaN : r.fidelity().latenessUs().p99()),
                summary("held_at_cap", ALL_OPS, "IOs held at the in-flight cap", UNIT_COUNT, Better.NONE,
                        r -> r.fidelity().heldAtCap() == null ? Double.NaN : r.fidelity().heldAtCap()));
    }

    private static List<Metric> sizeClasses() {
        List<Metric> m = new ArrayList<>();
        for (SizeClass c : SizeClass.values()) {
            for (String op : new String[] {READ, WRITE}) {
                for (Kind k : new Kind[] {Kind.CLASS_MBPS, Kind.CLASS_BUSY, Kind.CLASS_P99}) {
                    m.add(sizeClass(c.label(), op, k));
                }
            }
        }
        return List.copyOf(m);
    }

    /** Metric {@code kind} of size class {@code label} (as the result names it) and {@code op}; NaN when it has no IOs. */
    static Metric sizeClass(String label, String op, Kind kind) {
        ToDoubleFunction<ReplayResult.SizeClassResult> v;
        switch (kind) {
            case CLASS_MBPS: v = ReplayResult.SizeClassResult::mbps; break;
            case CLASS_BUSY: v = c -> c.busyNs() / NS_PER_S; break;
            case CLASS_P99: v = c -> c.latency().p99Us(); break;
            default: throw new IllegalArgumentException(kind + " is no size class metric");
        }
        return new Metric(kind.key, op, label, kind.title, kind.unit, kind.better, r -> {
            for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
                if (c.sizeClass().equals(label) && c.op().equals(op)) {
                    return c.count() == 0 ? Double.NaN : v.applyAsDouble(c);
                }
            }
            return Double.NaN;
        });
    }

    /**
     * Metric {@code kind} of {@code phase}; NaN when the result has no such phase or it had no IOs.
     */
    static Metric phase(PhaseKeys.Key phase, Kind kind, BiFunction<ReplayResult, PhaseKeys.Key, ReplayResult.PhaseResult> find) {
        ToDoubleFunction<ReplayResult.PhaseResult> v;
        switch (kind) {
            case PHASE_WALL: v = p -> p.wallNs() / NS_PER_S; break;
            case PHASE_BUSY: v = p -> p.busyNs() / NS_PER_S; break;
            case PHASE_MBPS: v = ReplayResult.PhaseResult::mbps; break;
            default: throw new IllegalArgumentException(kind + " is no phase metric");
        }
        return new Metric(kind.key, ALL_OPS, phase.label(), kind.title, kind.unit, kind.better, r -> {
            ReplayResult.PhaseResult p = find.apply(r, phase);
            return p == null || p.ios() == 0 ? Double.NaN : v.applyAsDouble(p);
        });
    }

    /** True for the metrics of one kind (the same key): the rows one chart draws. */
    boolean isKind(Kind kind) {
        return key.equals(kind.key);
    }

    private static Metric summary(String key, String op, String title, String unit, Better better,
                                  ToDoubleFunction<ReplayResult> value) {
        return new Metric(key, op, null, title, unit, better, value);
    }

    private static List<Metric> concat(List<Metric> a, List<Metric> b) {
        List<Metric> m = new ArrayList<>(a);
        m.addAll(b);
        return List.copyOf(m);
    }

    private static Metric busy(String op, ToDoubleFunction<ReplayResult> ns) {
        return summary("busy", op, "busy time", UNIT_SECONDS, Better.LOWER, ofOp(op, r -> ns.applyAsDouble(r) / NS_PER_S));
    }

    /**
     * The IOs of {@code op} in {@code r}'s summary ({@code all}: every IO). An op without IOs has no
     * busy time or latency of its own: NaN, shown as none, never 0 ranked best.
     */
    public static long ios(ReplayResult r, String op) {
        switch (op) {
            case READ: return r.summary().reads();
            case WRITE: return r.summary().writes();
            default: return r.summary().ios();
        }
    }

    private static ToDoubleFunction<ReplayResult> ofOp(String op, ToDoubleFunction<ReplayResult> v) {
        return r -> ios(r, op) == 0 ? Double.NaN : v.applyAsDouble(r);
    }

    private static Metric mbps(String op, ToDoubleFunction<ReplayResult> v) {
        return summary("mbps", op, "average data rate", UNIT_MBPS, Better.HIGHER, ofOp(op, v));
    }

    private static Metric iops(String op, ToDoubleFunction<ReplayResult> v) {
        return summary("iops", op, "average IOPS", UNIT_IOPS, Better.HIGHER, ofOp(op, v));
    }

    private static Metric latency(String op, String key, String title, ToDoubleFunction<ReplayResult.Latency> us) {
        return summary("latency_" + key, op, title, UNIT_US, Better.LOWER,
                ofOp(op, r -> us.applyAsDouble(r.summary().latency().get(op))));
    }
}
