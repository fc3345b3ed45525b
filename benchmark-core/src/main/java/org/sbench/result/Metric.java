package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One number of a result's summary, as {@code compare} lines results up and the summary CSV names it:
 * {@code key} and {@code op} ({@code all}, {@code read}, {@code write}) identify it, {@code unit} is
 * what the value is in, {@code better} says which way a drive wins. {@link #ALL} is the one ordered,
 * immutable list; rates are over busy time and MB = 10^6 bytes (docs/definitions.md).
 */
public record Metric(String key, String op, String title, String unit, Better better, ToDoubleFunction<ReplayResult> value) {

    /** Which way a drive wins on a metric; {@code NONE} for workload counts that a comparable run cannot change. */
    public enum Better {
        LOWER, HIGHER, NONE;

        /** Orders values best first. */
        int compare(double a, double b) {
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

    public static final Metric IOS = new Metric("ios", ALL_OPS, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().ios());
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

    /** Every metric, in the order tables list them. */
    public static final List<Metric> ALL = all();

    /** The value of this metric in {@code r}. */
    public double of(ReplayResult r) {
        return value.applyAsDouble(r);
    }

    /** "busy time, read" / "IOs": the title with the op unless it is the total. */
    public String name() {
        return ALL_OPS.equals(op) ? title : title + ", " + op;
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

    private static List<Metric> all() {
        List<Metric> m = new ArrayList<>();
        m.add(IOS);
        m.add(new Metric("ios", READ, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().reads()));
        m.add(new Metric("ios", WRITE, "IOs", UNIT_COUNT, Better.NONE, r -> r.summary().writes()));
        m.add(new Metric("trims", ALL_OPS, "trims", UNIT_COUNT, Better.NONE, r -> r.summary().trims()));
        m.add(new Metric("flushes", ALL_OPS, "flushes", UNIT_COUNT, Better.NONE, r -> r.summary().flushes()));
        m.add(new Metric("data", READ, "data", UNIT_MB, Better.NONE, r -> r.summary().bytesRead() / BYTES_PER_MB));
        m.add(new Metric("data", WRITE, "data", UNIT_MB, Better.NONE, r -> r.summary().bytesWritten() / BYTES_PER_MB));
        m.add(BUSY);
        m.add(READ_BUSY);
        m.add(WRITE_BUSY);
        m.add(new Metric("wall", ALL_OPS, "wall time (with idle)", UNIT_SECONDS, Better.LOWER,
                r -> r.summary().wallNs() / NS_PER_S));
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
            m.add(new Metric("over10ms", op, "IOs over 10 ms", UNIT_PERCENT, Better.LOWER,
                    r -> r.summary().latency().get(op).over10msPct()));
        }
        m.add(new Metric("errors", ALL_OPS, "IO errors", UNIT_COUNT, Better.LOWER, r -> r.summary().errors()));
        m.add(new Metric("qd_replayed", ALL_OPS, "replayed QD, average", UNIT_IOS, Better.NONE,
                r -> r.fidelity().qdReplayed().avg()));
        m.add(new Metric("qd_distance", ALL_OPS, "QD distance, recorded to replayed", UNIT_NONE, Better.NONE,
                r -> r.fidelity().qdTvd() == null ? Double.NaN : r.fidelity().qdTvd()));
        return List.copyOf(m);
    }

    private static Metric busy(String op, ToDoubleFunction<ReplayResult> ns) {
        return new Metric("busy", op, "busy time", UNIT_SECONDS, Better.LOWER, r -> ns.applyAsDouble(r) / NS_PER_S);
    }

    private static Metric mbps(String op, ToDoubleFunction<ReplayResult> v) {
        return new Metric("mbps", op, "average data rate", UNIT_MBPS, Better.HIGHER, v);
    }

    private static Metric iops(String op, ToDoubleFunction<ReplayResult> v) {
        return new Metric("iops", op, "average IOPS", UNIT_IOPS, Better.HIGHER, v);
    }

    private static Metric latency(String op, String key, String title, ToDoubleFunction<ReplayResult.Latency> us) {
        return new Metric("latency_" + key, op, title, UNIT_US, Better.LOWER,
                r -> us.applyAsDouble(r.summary().latency().get(op)));
    }
}
