package org.sbench.scenario;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.ResultComparison;
import org.sbench.step.Bundle;
import org.sbench.step.StepResult;

/**
 * Bundles of one scenario side by side, drive against drive, point by point: each finished step at
 * the same place (part, round, step of the round) with its key numbers in each bundle, the
 * steady-state verdicts, and each replay run compared with the others' as {@code compare} compares
 * results ({@link ResultComparison}). Bundles must be of the same scenario (its SHA-256) at the same
 * scale, unless forced; steps one bundle has and another has not (a steady state reached sooner, a
 * bundle not finished) are shown for the bundles that have them.
 */
public final class BundleComparison {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;

    /** A bundle and its column label. */
    public record Column(String label, ScenarioBundle bundle) {
    }

    /**
     * One number of one step in every column (NaN where a column has none), with a note on what it counts: {@link StepResult#TO_ZERO}
     * for the bytes of a zeroing purge (its {@code written}, which the device may unmap rather than write), else null.
     */
    public record Row(String step, String kind, String metric, String unit, String note, double[] values) {
    }

    /** A replay run at the same place in every bundle, compared as {@code compare} compares results. */
    public record RunComparison(String step, String run, ResultComparison comparison) {
    }

    /** A replay run at the same place in every bundle: the step's label, the run's name, and its index in each column's record. */
    private record RunPlace(String step, String run, ScenarioBundle.Entry[] at, int[] index) {
    }

    private final List<Column> columns;
    private final List<String> differences;
    private final boolean force;
    private final List<Row> rows = new ArrayList<>();
    private final List<RunPlace> runPlaces = new ArrayList<>();
    private final List<String> verdicts = new ArrayList<>();

    private BundleComparison(List<Column> columns, List<String> differences, boolean force) {
        this.columns = List.copyOf(columns);
        this.differences = List.copyOf(differences);
        this.force = force;
        Map<String, ScenarioBundle.Entry[]> places = places();
        for (ScenarioBundle.Entry[] at : places.values()) {
            addRows(at);
            addRuns(at);
        }
        for (Column c : columns) {
            for (ScenarioBundle.Entry e : c.bundle().verdicts()) {
                verdicts.add(c.label() + ", " + e.planned().position().group() + ": " + SteadyStates.describe(e.step().steadyState()));
            }
        }
    }

    /**
     * Compares {@code bundles}, the first the baseline; {@code labels} name the columns (null: the
     * drive, with the bundle's directory where drives have the same name).
     *
     * @throws SbenchException (bad input) naming what differs, unless {@code force}
     */
    public static BundleComparison of(List<ScenarioBundle> bundles, List<String> labels, boolean force) {
        ScenarioBundle base = bundles.get(0);
        List<String> differences = new ArrayList<>();
        for (ScenarioBundle b : bundles.subList(1, bundles.size())) {
            BundleScenario s = b.scenario();
            BundleScenario bs = base.scenario();
            if (!s.sha256().equals(bs.sha256())) {
                differences.add(b.dir() + " is of scenario '" + s.scenario() + "' (SHA-256 " + s.sha256().substring(0, 12) + "), "
                        + base.dir() + " of '" + bs.scenario() + "' (" + bs.sha256().substring(0, 12) + ")");
            }
            if (s.scale() != bs.scale()) {
                differences.add(b.dir() + " ran at --scale " + s.scale() + ", " + base.dir() + " at " + bs.scale());
            }
            if (!Objects.equals(b.bundle().rules(), base.bundle().rules())) {
                differences.add(b.dir() + " was begun by " + builtBy(b.bundle()) + ", " + base.dir() + " by "
                        + builtBy(base.bundle()) + ": their steps ran by other rules");
            }
        }
        if (!differences.isEmpty() && !force) {
            throw new SbenchException(ErrorKind.BAD_INPUT, "not comparable: " + String.join("; ", differences) + " (--force compares anyway)");
        }
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < bundles.size(); i++) {
            columns.add(new Column(labels != null ? labels.get(i) : label(bundles, i), bundles.get(i)));
        }
        return new BundleComparison(columns, differences, force);
    }

    /** Which build's step rules a bundle's steps ran by ({@link Bundle#format}). */
    private static String builtBy(Bundle b) {
        return b.format() == null ? "an sbench before 2026-12-05 23:34 UTC (no bundle format)" : "an sbench of bundle format " + b.format();
    }

    private static String label(List<ScenarioBundle> bundles, int i) {
        String drive = bundles.get(i).drive();
        long same = bundles.stream().filter(b -> b.drive().equals(drive)).count();
        return same > 1 ? drive + " [" + bundles.get(i).dir() + "]" : drive;
    }

    /** The finished steps of every column by place, in scenario order. */
    private Map<String, ScenarioBundle.Entry[]> places() {
        Map<String, ScenarioBundle.Entry[]> byKey = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            for (ScenarioBundle.Entry e : columns.get(c).bundle().finished()) {
                String key = e.planned().position().key() + "/" + e.step().kind();
                byKey.computeIfAbsent(key, k -> new ScenarioBundle.Entry[columns.size()])[c] = e;
            }
        }
        List<Map.Entry<String, ScenarioBundle.Entry[]>> sorted = new ArrayList<>(byKey.entrySet());
        sorted.sort(Comparator.comparing((Map.Entry<String, ScenarioBundle.Entry[]> m) -> first(m.getValue()).planned().position(),
                Comparator.comparingInt(Position::part).thenComparingInt(Position::round).thenComparingInt(Position::step)));
        Map<String, ScenarioBundle.Entry[]> out = new LinkedHashMap<>();
        sorted.forEach(m -> out.put(m.getKey(), m.getValue()));
        return out;
    }

    private static ScenarioBundle.Entry first(ScenarioBundle.Entry[] at) {
        for (ScenarioBundle.Entry e : at) {
            if (e != null) {
                return e;
            }
        }
        throw new IllegalStateException("a place without a step");
    }

    private void addRows(ScenarioBundle.Entry[] at) {
        ScenarioBundle.Entry any = first(at);
        String step = any.step().label();
        String kind = any.step().kind();
        row(step, kind, "time", "s", at, e -> e.step().durationNs() / NS_PER_S);
        boolean zeroed = Arrays.stream(at).anyMatch(e -> e != null && e.step().bytesToZero() > 0);
        rows.add(new Row(step, kind, "written", "MB", zeroed ? StepResult.TO_ZERO : null,
                values(at, e -> e.step().bytesWritten() / BYTES_PER_MB)));
        if (any.numbers().runs() > 0) {
            row(step, kind, "mbps", "MB/s", at, e -> e.numbers().mbps());
            row(step, kind, "iops", "IOPS", at, e -> e.numbers().iops());
            row(step, kind, "busy", "s", at, e -> e.numbers().ios() == 0 ? Double.NaN : e.numbers().busyNs() / NS_PER_S);
            row(step, kind, "latency_p99", "us", at, e -> e.numbers().p99Us());
        }
        if (any.step().sweep() != null && !any.step().sweep().isEmpty()) {
            row(step, kind, "sweep_mean", "MB/s", at, e -> sweep(e, false));
            row(step, kind, "sweep_min", "MB/s", at, e -> sweep(e, true));
        }
    }

    private static double sweep(ScenarioBundle.Entry e, boolean min) {
        List<StepResult.SweepPoint> points = e.step().sweep();
        if (points == null || points.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        double least = Double.POSITIVE_INFINITY;
        for (StepResult.SweepPoint p : points) {
            sum += p.mbps();
            least = Math.min(least, p.mbps());
        }
        return min ? least : sum / points.size();
    }

    private void row(String step, String kind, String metric, String unit, ScenarioBundle.Entry[] at,
                     ToDoubleFunction<ScenarioBundle.Entry> value) {
        rows.add(new Row(step, kind, metric, unit, null, values(at, value)));
    }

    private static double[] values(ScenarioBundle.Entry[] at, ToDoubleFunction<ScenarioBundle.Entry> value) {
        double[] v = new double[at.length];
        for (int i = 0; i < at.length; i++) {
            v[i] = at[i] == null ? Double.NaN : value.applyAsDouble(at[i]);
        }
        return v;
    }

    /** Each replay run of {@code at} found in every column, compared once here so that a refusal comes before any output. */
    private void addRuns(ScenarioBundle.Entry[] at) {
        ScenarioBundle.Entry any = first(at);
        if (!any.step().kind().equals(ReplayOptions.KIND)) {
            return;
        }
        for (ScenarioBundle.Entry e : at) {
            if (e == null) {
                return;
            }
        }
        for (int r = 0; r < any.step().runs().size(); r++) {
            String name = any.step().runs().get(r).name();
            int[] index = new int[at.length];
            for (int c = 0; c < at.length; c++) {
                index[c] = runIndex(at[c], name);
                if (index[c] < 0) {
                    return;
                }
            }
            RunPlace place = new RunPlace(any.step().label(), name, at, index);
            compare(place);
            runPlaces.add(place);
        }
    }

    /** The runs of {@code p} read from their files and compared. */
    private RunComparison compare(RunPlace p) {
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (int c = 0; c < p.at().length; c++) {
            ScenarioBundle b = columns.get(c).bundle();
            inputs.add(new ResultComparison.Input(b.dir().resolve(p.at()[c].step().runs().get(p.index()[c]).file()).toString(),
                    b.result(p.at()[c], p.index()[c]), columns.get(c).label()));
        }
        return new RunComparison(p.step(), p.run(), ResultComparison.of(inputs, 0, force));
    }

    private static int runIndex(ScenarioBundle.Entry e, String name) {
        for (int i = 0; i < e.step().runs().size(); i++) {
            if (e.step().runs().get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public List<Column> columns() {
        return columns;
    }

    /** What differs between the bundles (compared with force), empty when they are comparable. */
    public List<String> differences() {
        return differences;
    }

    public List<Row> rows() {
        return rows;
    }

    /**
     * Each replay run at the same place in every bundle, compared as {@code compare} compares results. A comparison is
     * made when asked for, its results read from their files again, and not kept: bundles of thousands of replay steps
     * are compared in the memory of one.
     */
    public List<RunComparison> runs() {
        return new AbstractList<>() {
            @Override
            public RunComparison get(int i) {
                return compare(runPlaces.get(i));
            }

            @Override
            public int size() {
                return runPlaces.size();
            }
        };
    }

    /** The steady-state verdict of each group run until steady state, per column. */
    public List<String> verdicts() {
        return verdicts;
    }
}
