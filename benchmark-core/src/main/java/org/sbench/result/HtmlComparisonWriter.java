package org.sbench.result;

import java.awt.Paint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;
import org.sbench.result.chart.ChartStyle;
import org.sbench.result.chart.DriveGroupsChart;
import org.sbench.result.chart.PercentileCurveChart;
import org.sbench.result.chart.RankedBarChart;
import org.sbench.result.chart.SvgChart;

/**
 * {@code compare --html FILE}: one self-contained XHTML page: the workload, the drives and what
 * marks any of them, then the charts: the drives ranked by {@code --metric} (one bar each, best
 * first); each metric family as one chart of groups, one bar per drive in each group (busy time
 * total/reads/writes, MB/s, IOPS, p99 latency; each size class; each phase), charts of one family
 * on one scale; latency percentile curves of all drives overlaid; where a column is a striped
 * target, per-member bars of MB/s and busy time ({@link MemberBars}); then the tables of the
 * terminal (summary, size classes, phases, fidelity).
 */
public final class HtmlComparisonWriter implements ComparisonWriter {
    static final int WIDTH_PX = 1000;
    static final int CURVE_HEIGHT_PX = 520;
    /** The most phases a phase chart draws, the first in the results' order. */
    static final int MAX_CHART_PHASES = 100;
    private static final String TOTAL = "total";
    private static final String READS = "reads";
    private static final String WRITES = "writes";
    private static final String US = "\u00b5s";

    /** A chart of one summary family: id, title, what is better, and its metrics, one group each. */
    record FamilyChart(String id, String title, String subtitle, String axis, String unit, List<Metric> metrics,
                       List<String> groups) {
    }

    /** The summary families in page order. */
    static final List<FamilyChart> FAMILIES = List.of(
            new FamilyChart("busy", "Disk-busy time", "seconds the drive had at least one IO outstanding (reads and writes"
                    + " overlap, so they can add up to more than the total); lower is better", "busy time (s)", "s",
                    List.of(Metric.BUSY, Metric.READ_BUSY, Metric.WRITE_BUSY), List.of(TOTAL, READS, WRITES)),
            new FamilyChart("mbps", "Average data rate", "MB/s over busy time (MB = 10^6 bytes); higher is better", "average data rate (MB/s)", "MB/s",
                    List.of(Metric.MBPS, Metric.READ_MBPS, Metric.WRITE_MBPS), List.of("combined", READS, WRITES)),
            new FamilyChart("iops", "Average IOPS", "IOs per second of busy time; higher is better", "average IOPS", "IOPS",
                    List.of(Metric.IOPS, Metric.READ_IOPS, Metric.WRITE_IOPS), List.of("all IOs", READS, WRITES)),
            new FamilyChart("latency-p99", "99th percentile latency", "service time, submit to completion, in \u00b5s;"
                    + " lower is better", "p99 latency (\u00b5s)", US, latencies("latency_p99"), List.of("all IOs", READS, WRITES)));

    private final RankingMetric rankBy;

    public HtmlComparisonWriter(RankingMetric rankBy) {
        this.rankBy = rankBy;
    }

    private static List<Metric> latencies(String key) {
        List<Metric> out = new ArrayList<>();
        for (String op : List.of(Metric.ALL_OPS, Metric.READ, Metric.WRITE)) {
            for (Metric m : Metric.SUMMARY) {
                if (m.key().equals(key) && m.op().equals(op)) {
                    out.add(m);
                }
            }
        }
        return List.copyOf(out);
    }

    @Override
    public String name() {
        return "html";
    }

    @Override
    public void write(ResultComparison c, Path file, OutputFiles files) {
        String html = render(c);
        files.write(file, w -> w.write(html));
    }

    String render(ResultComparison c) {
        ReplayResult base = c.columns().get(c.baseline()).first();
        XhtmlPage page = new XhtmlPage("sbench compare: " + base.trace().name());
        if (!c.differences().isEmpty()) {
            page.p("warning", ComparisonTable.forcedWarning(c));
        }
        for (String note : ComparisonTable.notes(c)) {
            page.p("warning", note);
        }
        List<String[]> meta = new ArrayList<>();
        meta.add(new String[] {"workload", c.workload()});
        for (int i = 0; i < c.columns().size(); i++) {
            meta.add(new String[] {ComparisonTable.header(c, i), c.describe(i)});
        }
        page.meta(meta);
        page.p("note", "Busy time: time the drive had at least one IO outstanding. MB/s and IOPS are over busy time;"
                + " MB = 10^6 bytes. The baseline's bars and curves are orange; a drive marked (!) has notes above."
                + (c.hasRepeats() ? " Repeated runs of a drive: bars show the mean, whiskers \u00b11 standard deviation." : ""));
        page.h2("Ranking");
        page.chart("ranking", SvgChart.render(rankingChart(c), "ranking", WIDTH_PX, RankedBarChart.heightPx(c.columns().size())));
        page.h2("Summary");
        for (FamilyChart f : FAMILIES) {
            chart(page, c, f.id(), f.title(), f.subtitle(), f.axis(), f.unit(), f.metrics(), f.groups(), Double.NaN);
        }
        List<PercentileCurveChart.Curve> family = new ArrayList<>(curves(c, Metric.READ));
        family.addAll(curves(c, Metric.WRITE));
        for (String op : List.of(Metric.READ, Metric.WRITE)) {
            List<PercentileCurveChart.Curve> curves = curves(c, op);
            if (!curves.isEmpty()) {
                String ops = op.equals(Metric.READ) ? READS : WRITES;
                JFreeChart chart = PercentileCurveChart.create("Latency by percentile, " + ops, String.format(Locale.ROOT,
                        "service time in \u00b5s, both axes log scale; lower is better; reads and writes on one scale%s",
                        c.hasRepeats() ? "; repeated runs pooled" : ""), curves, family);
                page.chart("latency-" + op, SvgChart.render(chart, "latency-" + op, WIDTH_PX, CURVE_HEIGHT_PX));
            }
        }
        if (MemberBars.anyStriped(c)) {
            page.h2("Members");
            page.p("note", "Each stripe member over its own member IOs and its own busy time (MB = 10^6 bytes); a single"
                    + " drive is its only member. The baseline's bars are orange.");
            for (MemberBars.Chart chart : MemberBars.CHARTS) {
                List<RankedBarChart.Bar> bars = MemberBars.bars(c, chart);
                page.chart(chart.id(), SvgChart.render(RankedBarChart.create(chart.title(), "one bar per member, in column order",
                        chart.axis(), chart.unit(), bars, chart::format), chart.id(), WIDTH_PX, RankedBarChart.heightPx(bars.size())));
            }
        }
        page.h2("All summary metrics");
        page.table("comparison", ComparisonTable.metrics(c));
        page.h2("Size classes");
        sizeClassCharts(page, c);
        page.table("sizes", ComparisonTable.sizeClasses(c));
        if (!c.phaseMetrics().isEmpty()) {
            page.h2("Phases");
            for (String note : c.phaseNotes()) {
                page.p("warning", "phases: " + note);
            }
            phaseCharts(page, c);
            page.table("phases", ComparisonTable.phases(c));
        }
        page.h2("Fidelity");
        page.table("fidelity", ComparisonTable.fidelity(c));
        if (c.hasRepeats()) {
            page.p("note", "Values of repeated runs: mean +/- sample standard deviation; diff and ratio of means.");
        }
        return page.finish();
    }

    /** The drives by the --metric, best first: the chart a review leads with. */
    private JFreeChart rankingChart(ResultComparison c) {
        Metric m = rankBy.metric();
        List<RankedBarChart.Bar> bars = new ArrayList<>();
        for (int col : c.ranking(m)) {
            ResultComparison.Stat s = c.stat(col, m);
            bars.add(new RankedBarChart.Bar(ComparisonTable.label(c, col), s.mean(), s.sd(), col == c.baseline()));
        }
        String unit = unit(m);
        return RankedBarChart.create("Ranking by " + m.name(), m.better().phrase() + "; best first", m.name() + " (" + unit + ")",
                unit, bars, m::format);
    }

    /** MB/s, busy time and p99 latency of each size class with IOs: reads and writes of one metric on one scale. */
    private static void sizeClassCharts(XhtmlPage page, ResultComparison c) {
        String classes = "; K = 1024 bytes, each class named by its upper bound";
        chartPair(page, c, "class-mbps", Metric.Kind.CLASS_MBPS, "Average data rate by IO size",
                "MB/s over the busy time of each class's IOs (MB = 10^6 bytes); higher is better" + classes);
        chartPair(page, c, "class-busy", Metric.Kind.CLASS_BUSY, "Disk-busy time by IO size",
                "seconds at least one IO of the class was outstanding; lower is better" + classes);
        chartPair(page, c, "class-p99", Metric.Kind.CLASS_P99, "99th percentile latency by IO size",
                "service time in \u00b5s; lower is better" + classes);
    }

    /** One chart for reads and one for writes of {@code kind}, on one value axis; a chart is left out when its op has no IOs. */
    private static void chartPair(XhtmlPage page, ResultComparison c, String id, Metric.Kind kind, String title, String subtitle) {
        List<List<Metric>> byOp = new ArrayList<>();
        List<DriveGroupsChart.Drive> all = new ArrayList<>();
        for (String op : List.of(Metric.READ, Metric.WRITE)) {
            List<Metric> metrics = new ArrayList<>();
            for (Metric m : c.sizeClassMetrics()) {
                if (m.isKind(kind) && m.op().equals(op)) {
                    metrics.add(m);
                }
            }
            byOp.add(metrics);
            all.addAll(drives(c, metrics));
        }
        double axisMax = DriveGroupsChart.axisMax(all);
        List<String> ops = List.of(READS, WRITES);
        for (int i = 0; i < ops.size(); i++) {
            List<Metric> metrics = byOp.get(i);
            if (!metrics.isEmpty()) {
                Metric first = metrics.get(0);
                chart(page, c, id + "-" + (i == 0 ? Metric.READ : Metric.WRITE), title + ", " + ops.get(i),
                        subtitle + "; reads and writes on one scale", first.title() + " (" + unit(first) + ")", unit(first), metrics,
                        groups(metrics), axisMax);
            }
        }
    }

    /**
     * Wall and busy time of each phase on one scale, and MB/s: of the first {@value #MAX_CHART_PHASES} phases, the phases
     * table having them all. A chart grows by a group per phase: two results of 20,000 phases drew charts 1.3 million
     * pixels tall, and ran compare out of a 96 MiB heap.
     */
    private static void phaseCharts(XhtmlPage page, ResultComparison c) {
        int phases = phaseMetrics(c, Metric.Kind.PHASE_WALL).size();
        String drawn = phases > MAX_CHART_PHASES ? "; the first " + MAX_CHART_PHASES + " of " + phases + " phases (the phases table"
                + " has them all)" : "";
        List<Metric> wall = charted(phaseMetrics(c, Metric.Kind.PHASE_WALL));
        List<Metric> busy = charted(phaseMetrics(c, Metric.Kind.PHASE_BUSY));
        List<DriveGroupsChart.Drive> both = new ArrayList<>(drives(c, wall));
        both.addAll(drives(c, busy));
        double seconds = DriveGroupsChart.axisMax(both);
        chart(page, c, "phase-wall", "Wall time by phase", "seconds from the phase's first submit to its last completion,"
                + " replayed idle included; lower is better; wall and busy time on one scale" + drawn, "wall time (s)", "s", wall,
                groups(wall), seconds);
        chart(page, c, "phase-busy", "Disk-busy time by phase", "seconds the drive had at least one IO of the phase"
                + " outstanding; lower is better; wall and busy time on one scale" + drawn, "busy time (s)", "s", busy, groups(busy),
                seconds);
        List<Metric> mbps = charted(phaseMetrics(c, Metric.Kind.PHASE_MBPS));
        chart(page, c, "phase-mbps", "Average data rate by phase", "MB/s over the phase's busy time (MB = 10^6 bytes);"
                + " higher is better" + drawn, "data rate (MB/s)", "MB/s", mbps, groups(mbps), Double.NaN);
    }

    private static List<Metric> charted(List<Metric> phases) {
        return phases.subList(0, Math.min(phases.size(), MAX_CHART_PHASES));
    }

    private static List<Metric> phaseMetrics(ResultComparison c, Metric.Kind kind) {
        List<Metric> out = new ArrayList<>();
        for (Metric m : c.phaseMetrics()) {
            if (m.isKind(kind)) {
                out.add(m);
            }
        }
        return out;
    }

    private static List<String> groups(List<Metric> metrics) {
        List<String> out = new ArrayList<>();
        metrics.forEach(m -> out.add(m.group()));
        return out;
    }

    private static void chart(XhtmlPage page, ResultComparison c, String id, String title, String subtitle, String axis,
                              String unit, List<Metric> metrics, List<String> groups, double axisMax) {
        Metric first = metrics.get(0);
        JFreeChart chart = DriveGroupsChart.create(title, subtitle, axis, unit, groups, drives(c, metrics), first::format, axisMax);
        page.chart(id, SvgChart.render(chart, id, WIDTH_PX, DriveGroupsChart.heightPx(groups.size(), c.columns().size())));
    }

    /** Each column as a drive of a grouped chart: its means and spreads of {@code metrics}, one per group. */
    private static List<DriveGroupsChart.Drive> drives(ResultComparison c, List<Metric> metrics) {
        List<DriveGroupsChart.Drive> out = new ArrayList<>();
        for (int col = 0; col < c.columns().size(); col++) {
            double[] means = new double[metrics.size()];
            double[] sds = new double[metrics.size()];
            for (int g = 0; g < metrics.size(); g++) {
                ResultComparison.Stat s = c.stat(col, metrics.get(g));
                means[g] = s.mean();
                sds[g] = s.sd();
            }
            out.add(new DriveGroupsChart.Drive(ComparisonTable.header(c, col), colour(c, col), means, sds));
        }
        return out;
    }

    private static String unit(Metric m) {
        return Metric.UNIT_US.equals(m.unit()) ? US : m.unit();
    }

    /** Each column's latency curve of {@code op}, for the columns with IOs of it. */
    private static List<PercentileCurveChart.Curve> curves(ResultComparison c, String op) {
        List<PercentileCurveChart.Curve> curves = new ArrayList<>();
        for (int i = 0; i < c.columns().size(); i++) {
            Histogram h = c.latency(i, op);
            if (h.getTotalCount() > 0) {
                curves.add(new PercentileCurveChart.Curve(ComparisonTable.header(c, i), colour(c, i), h));
            }
        }
        return curves;
    }

    /** The baseline in its orange; the other columns in the series palette, in column order: the same in every chart. */
    private static Paint colour(ResultComparison c, int column) {
        if (column == c.baseline()) {
            return ChartStyle.BASELINE;
        }
        return ChartStyle.series(column < c.baseline() ? column : column - 1);
    }
}
