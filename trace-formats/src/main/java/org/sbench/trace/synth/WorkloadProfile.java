package org.sbench.trace.synth;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.sbench.SbenchException;
import org.sbench.trace.stats.SizeClass;

/**
 * A workload to reconstruct: the statistics its publisher gave ({@code published.*} keys) and every
 * parameter that was not published and had to be chosen ({@code chosen.*} keys), kept apart so
 * that nothing chosen is ever presented as published. Read from a properties file; see the
 * bundled profiles under {@code org/sbench/traces/} for the keys.
 */
public final class WorkloadProfile {
    private static final double PERCENT = 100.0;

    private final String name;
    private final Properties p;

    private WorkloadProfile(String name, Properties p) {
        this.name = name;
        this.p = p;
    }

    public static WorkloadProfile read(String name, InputStream in) {
        Properties p = new Properties();
        try (InputStreamReader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw SbenchException.badInput(name, "cannot read profile: " + SbenchException.reason(e));
        }
        WorkloadProfile profile = new WorkloadProfile(name, p);
        profile.reads();
        profile.writes();
        return profile;
    }

    public String name() {
        return name;
    }

    /** The profile's version: a cached trace generated from an older version is regenerated. */
    public int version() {
        return (int) number("version");
    }

    public String title() {
        return text("title");
    }

    /** Where the published statistics come from. */
    public String source() {
        return text("source");
    }

    public long reads() {
        return (long) number("published.reads");
    }

    public long writes() {
        return (long) number("published.writes");
    }

    /** Published bytes read, or 0 when not published. */
    public long bytesRead() {
        return (long) optional("published.bytesRead", 0);
    }

    public long bytesWritten() {
        return (long) optional("published.bytesWritten", 0);
    }

    /** Share of reads and writes in each size class, published or chosen; sums to 1. */
    public double[] sizeShares() {
        double[] shares = new double[SizeClass.values().length];
        double sum = 0;
        for (SizeClass c : SizeClass.values()) {
            String key = "sizeShare." + c.label();
            double v = has("published." + key) ? number("published." + key) : number("chosen." + key);
            shares[c.ordinal()] = v / PERCENT;
            sum += v;
        }
        if (Math.abs(sum - PERCENT) > 1e-6) {
            throw SbenchException.badInput(name, "size shares sum to " + sum + "%, expected 100%");
        }
        return shares;
    }

    /** Whether the share of {@code c} was published (tests check those). */
    public boolean sizeSharePublished(SizeClass c) {
        return has("published.sizeShare." + c.label());
    }

    public double sequentialPct() {
        return has("published.sequentialPct") ? number("published.sequentialPct") : number("chosen.sequentialPct");
    }

    public boolean sequentialPublished() {
        return has("published.sequentialPct");
    }

    /** Published average recorded queue depth, or 0. */
    public double avgQd() {
        return optional("published.avgQd", 0);
    }

    /**
     * The queue-depth distribution to reproduce, index = depth (index 0 unused): the published
     * histogram where there is one, else QD 1 share (published or chosen) and a geometric tail
     * fitted to the published average up to {@code chosen.maxQd}.
     */
    public double[] qdDistribution() {
        int max = (int) number("chosen.maxQd");
        if (has("published.qdHistogram")) {
            return QdShaper.fromBuckets(text("published.qdHistogram"), max);
        }
        double qd1 = (has("published.qd1Pct") ? number("published.qd1Pct") : number("chosen.qd1Pct")) / PERCENT;
        return QdShaper.geometricTail(qd1, avgQd(), max);
    }

    /** Published share of IOs at QD 1 (percent), or NaN. */
    public double qd1Pct() {
        return has("published.qd1Pct") ? number("published.qd1Pct") : Double.NaN;
    }

    public boolean hasQdHistogram() {
        return has("published.qdHistogram");
    }

    public long durationNs() {
        return (long) (number("chosen.durationSeconds") * 1e9);
    }

    public long capacityBytes() {
        return (long) number("chosen.capacityBytes");
    }

    /** Largest IO of the {@code >128K} class (bytes): its size where bytes are not published. */
    public long largestBytes() {
        return (long) number("chosen.largestBytes");
    }

    /** Largest IO of the {@code <4K} class (bytes): its size where bytes are not published. */
    public long smallBytes() {
        return (long) number("chosen.smallBytes");
    }

    /**
     * Where read sizes lie within their classes when bytes are not published: 0 the smallest size of
     * each class, 1 the largest (default).
     */
    public double readSizeInterpolation() {
        return optional("chosen.readSizeInterpolation", 1);
    }

    /** As {@link #readSizeInterpolation()}, for writes. */
    public double writeSizeInterpolation() {
        return optional("chosen.writeSizeInterpolation", 1);
    }

    /** Share of runs that are small random IOs in the hot region (metadata, logs). */
    public double hotShare() {
        return number("chosen.hotRunShare");
    }

    public double hotRegionShare() {
        return number("chosen.hotRegionShare");
    }

    /** Sequential runs read or written side by side (up to this many open at once). */
    public int concurrentRuns() {
        return (int) number("chosen.concurrentRuns");
    }

    /** Phases in order: name and share of the IOs. */
    public Map<String, Double> phases() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String entry : text("chosen.phases").split(",")) {
            int colon = entry.lastIndexOf(':');
            out.put(entry.substring(0, colon).strip(), Double.parseDouble(entry.substring(colon + 1).strip()) / PERCENT);
        }
        return out;
    }

    /** Every published statistic as key = value, for listings. */
    public List<String> publishedLines() {
        List<String> out = new ArrayList<>();
        for (String k : new java.util.TreeSet<>(p.stringPropertyNames())) {
            if (k.startsWith("published.")) {
                out.add(k.substring("published.".length()) + " = " + p.getProperty(k));
            }
        }
        return out;
    }

    private boolean has(String key) {
        return p.getProperty(key) != null;
    }

    private String text(String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw SbenchException.badInput(name, "profile lacks the key " + key);
        }
        return v.strip();
    }

    private double number(String key) {
        String v = text(key);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw SbenchException.badInput(name, "profile key " + key + ": expected a number, found '" + v + "'");
        }
    }

    private double optional(String key, double fallback) {
        return has(key) ? number(key) : fallback;
    }
}
