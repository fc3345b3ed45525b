package org.sbench.result;

import java.awt.Paint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;
import org.sbench.result.chart.ChartStyle;
import org.sbench.result.chart.PercentileCurveChart;
import org.sbench.result.chart.RankedBarChart;
import org.sbench.result.chart.SvgChart;

/**
 * {@code compare --html FILE}: one self-contained XHTML page: the workload, the drives, the
 * comparison table, and drive-review bar charts, one bar per drive sorted best first (busy time
 * total/read/write, average MB/s combined/read/write, IOPS, p99 latency; the {@code --metric}
 * chart first), then latency percentile curves of all drives overlaid, for reads and for writes.
 */
public final class HtmlComparisonWriter implements ComparisonWriter {
    static final int WIDTH_PX = 1000;
    static final int CURVE_HEIGHT_PX = 480;

    /** A bar chart of the page: chart id, metric, title and value axis label. */
    record BarChartSpec(String id, Metric metric, String title, String axis) {
    }

    /** The bar charts in page order (before the --metric chart is moved first). */
    static final List<BarChartSpec> BAR_CHARTS = List.of(
            new BarChartSpec("busy", Metric.BUSY, "Disk-busy time, total", "busy time (s)"),
            new BarChartSpec("busy-read", Metric.READ_BUSY, "Disk-busy time, reads", "busy time (s)"),
            new BarChartSpec("busy-write", Metric.WRITE_BUSY, "Disk-busy time, writes", "busy time (s)"),
            new BarChartSpec("mbps", Metric.MBPS, "Average data rate, combined", "MB/s"),
            new BarChartSpec("mbps-read", Metric.READ_MBPS, "Average data rate, reads", "MB/s"),
            new BarChartSpec("mbps-write", Metric.WRITE_MBPS, "Average data rate, writes", "MB/s"),
            new BarChartSpec("iops", Metric.IOPS, "Average IOPS", "IOPS"),
            new BarChartSpec("latency-p99", Metric.P99, "99th percentile latency, all IOs", "latency (\u00b5s)"));

    private final RankingMetric rankBy;

    public HtmlComparisonWriter(RankingMetric rankBy) {
        this.rankBy = rankBy;
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
            page.p("warning", "NOT COMPARABLE, compared with --force; columns marked (!): " + String.join("; ", c.differences()));
        }
        List<String[]> meta = new ArrayList<>();
        meta.add(new String[] {"workload", c.workload()});
        for (int i = 0; i < c.columns().size(); i++) {
            meta.add(new String[] {ComparisonTable.header(c, i), c.describe(i)});
        }
        page.meta(meta);
        page.p("note", "Busy time: time the drive had at least one IO outstanding. MB/s and IOPS are over busy time;"
                + " MB = 10^6 bytes. The baseline's bars and curves are orange."
                + (c.hasRepeats() ? " Repeated runs of a drive: bars show the mean, whiskers \u00b11 standard deviation." : ""));
        page.h2("Charts");
        for (BarChartSpec spec : ordered()) {
            page.chart(spec.id(), SvgChart.render(barChart(c, spec), spec.id(), WIDTH_PX,
                    RankedBarChart.heightPx(c.columns().size())));
        }
        for (String op : List.of(Metric.READ, Metric.WRITE)) {
            JFreeChart curves = curveChart(c, op);
            if (curves != null) {
                page.chart("latency-" + op, SvgChart.render(curves, "latency-" + op, WIDTH_PX, CURVE_HEIGHT_PX));
            }
        }
        page.h2("All metrics");
        page.table("comparison", ComparisonTable.metrics(c));
        if (c.hasRepeats()) {
            page.p("note", "Values of repeated runs: mean +/- sample standard deviation; diff and ratio of means.");
        }
        return page.finish();
    }

    /** The bar charts with the --metric chart first. */
    List<BarChartSpec> ordered() {
        List<BarChartSpec> out = new ArrayList<>();
        for (BarChartSpec s : BAR_CHARTS) {
            if (s.metric() == rankBy.metric()) {
                out.add(0, s);
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static JFreeChart barChart(ResultComparison c, BarChartSpec spec) {
        Metric m = spec.metric();
        List<RankedBarChart.Bar> bars = new ArrayList<>();
        for (int col : c.ranking(m)) {
            ResultComparison.Stat s = c.stat(col, m);
            bars.add(new RankedBarChart.Bar(c.columns().get(col).label(), s.mean(), s.sd(), col == c.baseline()));
        }
        String unit = Metric.UNIT_US.equals(m.unit()) ? "\u00b5s" : m.unit();
        return RankedBarChart.create(spec.title(), m.better().phrase() + "; best first", spec.axis(), unit, bars,
                v -> m.format(v));
    }

    private static JFreeChart curveChart(ResultComparison c, String op) {
        List<PercentileCurveChart.Curve> curves = new ArrayList<>();
        for (int i = 0; i < c.columns().size(); i++) {
            Histogram h = c.latency(i, op);
            if (h.getTotalCount() > 0) {
                curves.add(new PercentileCurveChart.Curve(c.columns().get(i).label(), curveColour(c, i), h));
            }
        }
        if (curves.isEmpty()) {
            return null;
        }
        String ops = op.equals(Metric.READ) ? "reads" : "writes";
        return PercentileCurveChart.create("Latency by percentile, " + ops, String.format(Locale.ROOT,
                "service time in \u00b5s, both axes log scale; lower is better%s",
                c.hasRepeats() ? "; repeated runs pooled" : ""), curves);
    }

    /** The baseline in its orange, as in the bar charts; the other columns in the series palette, in column order. */
    private static Paint curveColour(ResultComparison c, int column) {
        if (column == c.baseline()) {
            return ChartStyle.BASELINE;
        }
        return ChartStyle.series(column < c.baseline() ? column : column - 1);
    }
}
