package org.sbench.scenario;

import java.awt.Paint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.sbench.result.ReplayResult;
import org.sbench.result.SecondsSpan;
import org.sbench.result.chart.ChartStyle;
import org.sbench.result.chart.SeriesLineChart;
import org.sbench.step.StepResult;

/**
 * The over-time charts of scenario bundles ({@link SeriesLineChart}): per-second MB/s and IOPS across
 * all steps on the scenario's clock, each round's trace MB/s and busy time against the round number,
 * each steady-state group's tracked value per round, and LBA sweeps overlaid (before and after).
 * Every chart takes several bundles ({@link Source}) so that {@code compare} overlays drives.
 */
final class ScenarioCharts {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_GB = 1e9;

    /** A bundle in a chart, and what its series are called ("" when the chart has one bundle). */
    record Source(String label, ScenarioBundle bundle) {
        String name(String series) {
            return label.isEmpty() ? series : label + ": " + series;
        }
    }

    private ScenarioCharts() {
    }

    /**
     * What the rates of a run's per-second series that {@link #perSecond} draws amount to in each second, in its order (MB read
     * and written, reads and writes), each second's in a row: 32 bytes a second of the run, kept as the bundle is read so that
     * no run file is read again for the chart, whose bin is known only once every run is.
     */
    record Rates(double[] perSecond) {
        private static final List<ToDoubleFunction<ReplayResult.Second>> OF = List.of(ReplayResult.Second::readMbps,
                ReplayResult.Second::writeMbps, ReplayResult.Second::readIops, ReplayResult.Second::writeIops);

        int seconds() {
            return perSecond.length / OF.size();
        }

        /** What rate {@code k} amounts to over {@code span}'s seconds. */
        double sum(SecondsSpan span, int k) {
            return span.sum(s -> perSecond[s * OF.size() + k]);
        }
    }

    /** The {@link Rates} of {@code r}'s series. */
    static Rates rates(ReplayResult r) {
        List<ReplayResult.Second> t = r.timeSeries();
        double[] out = new double[t.size() * Rates.OF.size()];
        for (int s = 0; s < t.size(); s++) {
            for (int k = 0; k < Rates.OF.size(); k++) {
                out[s * Rates.OF.size() + k] = Rates.OF.get(k).applyAsDouble(t.get(s)) * t.get(s).length();
            }
        }
        return new Rates(out);
    }

    /**
     * MB/s, and IOPS, read and written in each second across every run of every step, x in seconds since the scenario
     * started: {@code mbps-over-time} and {@code iops-over-time}. The bin, a second or more, comes from the runs' lengths
     * the bundle keeps; the chart has a point per bin of the scenario's clock in which a run ran (the rate over the time
     * the runs of that bin cover, each of their seconds counted in the bin of its middle), and a gap for each stretch of
     * bins in which none ran. Each run is binned from the rates the bundle kept of it ({@link Rates}): no run file is
     * read again.
     */
    static Map<String, JFreeChart> perSecond(ScenarioBundle b) {
        Instant start = Instant.parse(b.bundle().startedAt());
        double end = 0;
        for (ScenarioBundle.Entry e : b.entries()) {
            for (ScenarioBundle.Run run : e.runs()) {
                end = Math.max(end, seconds(start, run.startedAt()) + run.rates().seconds());
            }
        }
        int bin = (int) Math.max(1, Math.ceil(end / SeriesLineChart.MAX_TIME_POINTS));
        int bins = (int) Math.ceil(end / bin) + 1;
        double[][] sums = new double[Rates.OF.size()][bins];
        double[] covered = new double[bins];
        boolean[] measured = new boolean[bins];
        boolean[] ran = new boolean[bins];
        for (ScenarioBundle.Entry e : b.entries()) {
            for (ScenarioBundle.Run run : e.runs()) {
                double offset = seconds(start, run.startedAt());
                Rates rates = run.rates();
                for (SecondsSpan span : SecondsSpan.of(rates.seconds(), run.wallNs())) {
                    double from = offset + span.from();
                    int k = bin(from + span.coveredS() / 2, bin, bins);
                    measured[k] = true;
                    covered[k] += span.coveredS();
                    for (int m = 0; m < Rates.OF.size(); m++) {
                        sums[m][k] += rates.sum(span, m);
                    }
                    for (int j = bin(from, bin, bins); j <= bin(from + span.coveredS(), bin, bins); j++) {
                        ran[j] = true;
                    }
                }
            }
        }
        List<List<double[]>> points = new ArrayList<>();
        Rates.OF.forEach(rate -> points.add(new ArrayList<>()));
        for (int k = 0; k < bins; k++) {
            for (int m = 0; m < Rates.OF.size(); m++) {
                List<double[]> p = points.get(m);
                if (measured[k]) {
                    p.add(new double[] {(k + 0.5) * bin, covered[k] == 0 ? 0 : sums[m][k] / covered[k]});
                } else if (!ran[k] && !p.isEmpty() && !Double.isNaN(p.get(p.size() - 1)[1])) {
                    // Bins in which no run ran (a purge, an idle wait, the time between steps) are no line.
                    p.add(new double[] {k * (double) bin, Double.NaN});
                }
            }
        }
        Map<String, JFreeChart> out = new LinkedHashMap<>();
        out.put("mbps-over-time", perSecond(false, bin, points.get(0), points.get(1)));
        out.put("iops-over-time", perSecond(true, bin, points.get(2), points.get(3)));
        return out;
    }

    /** The bin of {@code seconds} since the scenario started; the first for a run that began before it (a clock stepped back). */
    private static int bin(double seconds, int bin, int bins) {
        return Math.max(0, Math.min(bins - 1, (int) (seconds / bin)));
    }

    private static JFreeChart perSecond(boolean iops, int bin, List<double[]> read, List<double[]> write) {
        String unit = iops ? "IOPS" : "MB/s";
        return SeriesLineChart.create((iops ? "IOPS" : "Throughput") + " over the scenario", unit + " completed in each second of every"
                + " step's runs" + (bin > 1 ? ", averaged over " + bin + " s" : "") + "; gaps are steps without IO or time between steps"
                + " that fill " + (bin > 1 ? "a bin" : "a second") + " of the clock", "time since the scenario started (s)", unit,
                List.of(line("read", ChartStyle.READ, read), line("write", ChartStyle.WRITE, write)));
    }

    private static double seconds(Instant start, String at) {
        return Duration.between(start, Instant.parse(at)).toNanos() / NS_PER_S;
    }

    private static SeriesLineChart.Line line(String name, Paint colour, List<double[]> points) {
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i)[0];
            y[i] = points.get(i)[1];
        }
        return new SeriesLineChart.Line(name, colour, x, y);
    }

    /**
     * Each round's trace pass (every replay step in a group) against the round number, counted over the
     * scenario's groups in order; {@code busy} for busy seconds, else MB/s; null when no group replays.
     */
    static JFreeChart rounds(List<Source> sources, boolean busy) {
        List<SeriesLineChart.Line> lines = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        for (Source s : sources) {
            Map<String, List<double[]>> byTrace = new LinkedHashMap<>();
            Map<String, Integer> roundNumbers = new LinkedHashMap<>();
            for (ScenarioBundle.Entry e : s.bundle().finished()) {
                Position at = e.planned().position();
                if (!at.inGroup()) {
                    continue;
                }
                int round = roundNumbers.computeIfAbsent(at.part() + "/" + at.round(), k -> roundNumbers.size() + 1);
                if (!groups.contains(at.group())) {
                    groups.add(at.group());
                }
                if (!e.step().kind().equals(ReplayOptions.KIND)) {
                    continue;
                }
                for (int i = 0; i < e.runs().size(); i++) {
                    ScenarioBundle.Run r = e.runs().get(i);
                    double v = busy ? r.busyNs() / NS_PER_S : r.mbps();
                    byTrace.computeIfAbsent(e.step().runs().get(i).name(), k -> new ArrayList<>()).add(new double[] {round, v});
                }
            }
            for (Map.Entry<String, List<double[]>> t : byTrace.entrySet()) {
                lines.add(line(s.name(t.getKey()), ChartStyle.series(lines.size()), t.getValue()));
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        return SeriesLineChart.create(busy ? "Trace busy time by round" : "Trace MB/s by round", (busy
                ? "seconds the drive was busy with each round's trace pass; lower is better"
                : "MB/s of each round's trace pass over its busy time (MB = 10^6 bytes); higher is better")
                + "; rounds counted over the groups " + String.join(", ", groups), "round", busy ? "s" : "MB/s", lines);
    }

    /** Per steady-state group, its tracked value against the round, with the verdict; empty when there are none. */
    static List<Map.Entry<String, JFreeChart>> tracked(List<Source> sources) {
        Map<String, List<SeriesLineChart.Line>> byGroup = new LinkedHashMap<>();
        Map<String, Map<String, String>> verdicts = new LinkedHashMap<>();
        for (Source s : sources) {
            Map<String, List<double[]>> points = new LinkedHashMap<>();
            for (ScenarioBundle.Entry e : s.bundle().finished()) {
                if (!e.planned().tracked()) {
                    continue;
                }
                String group = e.planned().position().group();
                points.computeIfAbsent(group, k -> new ArrayList<>()).add(new double[] {e.planned().position().round(),
                        e.numbers().value(e.planned().trackedMetric())});
                if (e.step().steadyState() != null) {
                    // The last round's verdict is the group's.
                    verdicts.computeIfAbsent(group, k -> new LinkedHashMap<>()).put(s.label(),
                            s.name(SteadyStates.describe(e.step().steadyState())));
                }
            }
            for (Map.Entry<String, List<double[]>> g : points.entrySet()) {
                List<SeriesLineChart.Line> lines = byGroup.computeIfAbsent(g.getKey(), k -> new ArrayList<>());
                lines.add(line(s.name(trackedName(s.bundle(), g.getKey())), ChartStyle.series(lines.size()), g.getValue()));
            }
        }
        List<Map.Entry<String, JFreeChart>> out = new ArrayList<>();
        for (Map.Entry<String, List<SeriesLineChart.Line>> g : byGroup.entrySet()) {
            out.add(Map.entry(g.getKey(), SeriesLineChart.create("Steady state: " + g.getKey(), String.join("; ",
                    verdicts.getOrDefault(g.getKey(), Map.of()).values()),
                    "round", trackedUnit(sources, g.getKey()), g.getValue())));
        }
        return out;
    }

    private static String trackedName(ScenarioBundle b, String group) {
        for (ScenarioBundle.Entry e : b.finished()) {
            if (e.planned().tracked() && e.planned().position().group().equals(group)) {
                return ScenarioRunner.tracked(e.planned());
            }
        }
        return group;
    }

    private static String trackedUnit(List<Source> sources, String group) {
        for (Source s : sources) {
            for (ScenarioBundle.Entry e : s.bundle().finished()) {
                if (e.planned().tracked() && e.planned().position().group().equals(group)) {
                    return Scenario.Track.IOPS.equals(e.planned().trackedMetric()) ? "IOPS" : "MB/s";
                }
            }
        }
        return "";
    }

    /** MB/s against the position on the drive (GB), every sweep of one op overlaid in step order; by op ("read", "write"). */
    static Map<String, JFreeChart> sweeps(List<Source> sources) {
        Map<String, List<SeriesLineChart.Line>> byOp = new LinkedHashMap<>();
        for (Source s : sources) {
            for (ScenarioBundle.Entry e : s.bundle().finished()) {
                List<StepResult.SweepPoint> points = e.step().sweep();
                if (points == null || points.isEmpty()) {
                    continue;
                }
                String op = e.step().options().getOrDefault("op", "read");
                List<double[]> xy = new ArrayList<>();
                points.forEach(p -> xy.add(new double[] {(p.offsetBytes() + p.lengthBytes() / 2.0) / BYTES_PER_GB, p.mbps()}));
                List<SeriesLineChart.Line> lines = byOp.computeIfAbsent(op, k -> new ArrayList<>());
                lines.add(line(s.name("step " + (e.record() + 1) + ": " + e.step().label()), ChartStyle.series(lines.size()), xy));
            }
        }
        Map<String, JFreeChart> out = new LinkedHashMap<>();
        byOp.forEach((op, lines) -> out.put(op, SeriesLineChart.overMeasure("LBA sweep, " + op + "s", "MB/s at each point of the"
                + " drive (MB = 10^6 bytes), every " + op + " sweep of the scenario overlaid in step order", "position (GB)", "MB/s",
                lines)));
        return out;
    }
}
