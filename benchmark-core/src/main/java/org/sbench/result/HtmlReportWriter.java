package org.sbench.result;

import java.awt.Color;
import java.awt.Paint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.sbench.result.chart.ChartStyle;
import org.sbench.result.chart.GroupedBarChart;
import org.sbench.result.chart.PercentileCurveChart;
import org.sbench.result.chart.RankedBarChart;
import org.sbench.result.chart.SeriesLineChart;
import org.sbench.result.chart.SvgChart;
import org.sbench.trace.stats.QdBucket;
import org.sbench.trace.stats.SizeClass;

/**
 * {@code report --html FILE}: one self-contained XHTML page for one result: what ran (the target's
 * details in words), the terminal tables (phases when the trace has them), fidelity, mapping and
 * errors as small tables, and six charts ({@code chart-busy}, {@code chart-size-mbps}, {@code chart-size-ios},
 * {@code chart-latency}, {@code chart-throughput}, {@code chart-qd}); a striped target's members next to the array
 * ({@code chart-members}, {@code chart-member-qd}).
 */
public final class HtmlReportWriter implements ResultWriter {
    static final int WIDTH_PX = 1000;
    static final int HEIGHT_PX = 420;
    private static final double CLASS_MBPS_DECIMALS_BELOW = 10;
    private static final Color RECORDED = new Color(0x999999);

    @Override
    public String name() {
        return "html";
    }

    @Override
    public void write(ReplayResult r, Path file, OutputFiles files) {
        String html = render(r);
        files.write(file, w -> w.write(html));
    }

    /** The page as text (tests parse it). */
    String render(ReplayResult r) {
        XhtmlPage page = new XhtmlPage("sbench report: " + r.trace().name() + " on " + targetName(r));
        if (!r.complete()) {
            page.p("warning", TableResultWriter.incomplete(r) + "; the numbers cover the IOs that ran.");
        }
        if (r.fidelity().skippedRecords() > 0) {
            page.p("warning", TableResultWriter.skipped(r) + ".");
        }
        if (r.readsUnwritten()) {
            page.p("warning", TableResultWriter.unwritten(r) + ".");
        }
        if (r.summary().errors() > 0) {
            page.p("warning", TableResultWriter.failed(r) + ".");
        }
        page.meta(meta(r));
        page.h2("Summary");
        page.table("rates", TableResultWriter.rates(r));
        page.p("note", "disk busy " + TableResultWriter.sec(r.summary().busyNs()) + " s of "
                + TableResultWriter.sec(r.summary().wallNs()) + " s wall (wall includes replayed idle). "
                + "MB = 10^6 bytes; MB/s and IOPS are over busy time.");
        page.chart("busy", SvgChart.render(busyChart(r), "busy", WIDTH_PX, RankedBarChart.heightPx(3)));
        if (r.stripe() != null) {
            members(page, r);
        }
        page.h2("Latency");
        page.table("latency", TableResultWriter.latency(r));
        page.chart("latency", SvgChart.render(latencyChart(r), "latency", WIDTH_PX, HEIGHT_PX + 80));
        page.h2("Size classes");
        page.table("sizes", TableResultWriter.sizes(r));
        page.chart("size-mbps", SvgChart.render(sizeChart(r, true), "size-mbps", WIDTH_PX, HEIGHT_PX));
        page.chart("size-ios", SvgChart.render(sizeChart(r, false), "size-ios", WIDTH_PX, HEIGHT_PX));
        if (r.phases() != null) {
            page.h2("Phases");
            page.table("phases", TableResultWriter.phases(r));
        }
        page.h2("Over time");
        page.chart("throughput", SvgChart.render(throughputChart(r), "throughput", WIDTH_PX, HEIGHT_PX));
        page.h2("Fidelity");
        page.facts("fidelity", RunFacts.fidelity(r));
        page.chart("qd", SvgChart.render(qdChart(r), "qd", WIDTH_PX, HEIGHT_PX));
        page.h2("Mapping");
        page.facts("mapping", RunFacts.mapping(r));
        page.h2("Errors");
        page.facts("errors", RunFacts.errors(r));
        return page.finish();
    }

    /** A striped target's members next to the array: geometry, tables, and their rates and depths as bars. */
    private static void members(XhtmlPage page, ReplayResult r) {
        page.h2("Members");
        page.p(null, "stripe " + StripeTables.geometry(r));
        page.table("members", StripeTables.members(r));
        page.table("member-qd", StripeTables.depths(r));
        List<ReplayResult.Member> members = r.stripe().members();
        List<String> names = new ArrayList<>(List.of("array"));
        double[] mbps = new double[members.size() + 1];
        List<Paint> colours = new ArrayList<>(List.of(ChartStyle.ALL));
        List<GroupedBarChart.Series> depths = new ArrayList<>();
        List<String> buckets = qdBuckets();
        mbps[0] = r.summary().mbps();
        depths.add(new GroupedBarChart.Series("array", ChartStyle.ALL, percentages(r.fidelity().qdReplayed(), buckets)));
        for (int m = 0; m < members.size(); m++) {
            String name = "member " + m + " (" + members.get(m).path() + ")";
            names.add(name);
            mbps[m + 1] = members.get(m).ofItsIos(members.get(m).mbps());
            colours.add(ChartStyle.series(m));
            depths.add(new GroupedBarChart.Series(name, ChartStyle.series(m), percentages(members.get(m).qd(), buckets)));
        }
        page.chart("members", SvgChart.render(GroupedBarChart.perCategory("Average data rate, array and members",
                "MB/s over each one's own busy time (MB = 10^6 bytes); the array's counts trace IOs, a member's its share of them",
                "MB/s", names, mbps, colours, v -> String.format(Locale.ROOT, "%.1f", v)), "members", WIDTH_PX,
                RankedBarChart.heightPx(names.size())));
        // Unlabelled bars: three or more a depth leave a label too little room, and the table above gives each value.
        page.chart("member-qd", SvgChart.render(GroupedBarChart.create("Queue depth at submit, array and members",
                "% of submits at each depth: trace IOs in flight for the array, member IOs for each member", "queue depth", "%",
                buckets, depths, null, false), "member-qd", WIDTH_PX, HEIGHT_PX));
    }

    /** What ran: the terminal's identity lines, the full SHA-256, the target's details in words, and the status. */
    private static List<String[]> meta(ReplayResult r) {
        List<String[]> rows = new ArrayList<>(TableResultWriter.identity(r));
        rows.add(1, new String[] {"trace sha256", r.trace().sha256()});
        int at = 3;
        rows.add(at++, new String[] {"target kind", TargetWords.kind(r.target().kind())});
        rows.add(at++, new String[] {"capacity", TableResultWriter.count(r.target().capacity()) + " bytes"});
        rows.add(at++, new String[] {"sector sizes", r.target().logicalSectorSize() + " bytes logical, "
                + r.target().physicalSectorSize() + " bytes physical"});
        for (String[] d : TargetWords.rows(r.target().device())) {
            rows.add(at++, d);
        }
        rows.add(new String[] {"status", r.complete() ? "complete" : "incomplete (" + r.stopReason() + ")"});
        return rows;
    }

    static String targetName(ReplayResult r) {
        String model = r.target().device() == null ? null : r.target().device().get("model");
        return model == null ? r.target().name() : model + " (" + r.target().name() + ")";
    }

    private static org.jfree.chart.JFreeChart busyChart(ReplayResult r) {
        // An op without IOs has no busy time (NaN: no bar), as its "-" in the summary table.
        double[] seconds = {Metric.READ_BUSY.of(r), Metric.WRITE_BUSY.of(r), Metric.BUSY.of(r)};
        return GroupedBarChart.perCategory("Disk-busy time by op", "seconds the drive had at least one IO outstanding"
                + " (read + write can exceed total: they overlap); lower is better", "busy time (s)",
                List.of("read", "write", "total"), seconds, List.of(ChartStyle.READ, ChartStyle.WRITE, ChartStyle.ALL),
                v -> String.format(Locale.ROOT, "%.3f s", v));
    }

    private static org.jfree.chart.JFreeChart sizeChart(ReplayResult r, boolean mbps) {
        List<String> classes = new ArrayList<>();
        for (SizeClass c : SizeClass.values()) {
            classes.add(c.label());
        }
        double[] read = new double[classes.size()];
        double[] write = new double[classes.size()];
        java.util.Arrays.fill(read, Double.NaN);
        java.util.Arrays.fill(write, Double.NaN);
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            int i = classes.indexOf(c.sizeClass());
            if (i < 0) {
                continue;
            }
            // A class without IOs gets no bar (and no "0" label), not a bar of height 0.
            double v = c.count() == 0 ? Double.NaN : mbps ? c.mbps() : c.count();
            if ("read".equals(c.op())) {
                read[i] = v;
            } else if ("write".equals(c.op())) {
                write[i] = v;
            }
        }
        List<GroupedBarChart.Series> series = List.of(new GroupedBarChart.Series("read", ChartStyle.READ, read),
                new GroupedBarChart.Series("write", ChartStyle.WRITE, write));
        if (mbps) {
            return GroupedBarChart.create("Average data rate by IO size", "MB/s over the busy time of each class's IOs"
                    + " (MB = 10^6 bytes); K = 1024 bytes, each class named by its upper bound", "IO size class",
                    "MB/s", classes, series, HtmlReportWriter::classMbps, false);
        }
        return GroupedBarChart.create("IOs by size", "number of IOs in each size class (K = 1024 bytes)", "IO size class",
                "IOs", classes, series, v -> String.format(Locale.ROOT, "%,.0f", v), false);
    }

    /** A size class's MB/s as a bar label: whole MB/s from 10 up, below it the table's one decimal (0.4, not 0). */
    private static String classMbps(double v) {
        return String.format(Locale.ROOT, v < CLASS_MBPS_DECIMALS_BELOW ? "%.1f" : "%.0f", v);
    }

    private static org.jfree.chart.JFreeChart latencyChart(ReplayResult r) {
        List<PercentileCurveChart.Curve> curves = new ArrayList<>();
        for (String op : List.of("read", "write")) {
            Histogram h = LatencyHistograms.of(r, op);
            if (h.getTotalCount() > 0) {
                curves.add(new PercentileCurveChart.Curve(op, ChartStyle.op(op), h));
            }
        }
        return PercentileCurveChart.create("Latency by percentile", "service time (submit to completion) in \u00b5s,"
                + " both axes log scale; lower is better", curves);
    }

    private static org.jfree.chart.JFreeChart throughputChart(ReplayResult r) {
        List<ReplayResult.Second> t = r.timeSeries();
        int bin = (int) Math.max(1, Math.ceil((double) t.size() / SeriesLineChart.MAX_TIME_POINTS));
        List<SecondsSpan> spans = SecondsSpan.binned(SecondsSpan.of(r), bin);
        double[] x = new double[spans.size()];
        double[] read = new double[spans.size()];
        double[] write = new double[spans.size()];
        for (int i = 0; i < spans.size(); i++) {
            x[i] = spans.get(i).from();
            read[i] = spans.get(i).rate(t, ReplayResult.Second::readMbps);
            write[i] = spans.get(i).rate(t, ReplayResult.Second::writeMbps);
        }
        return SeriesLineChart.create("Throughput over time", "MB/s completed in each second of the run"
                + (bin > 1 ? ", averaged over " + bin + " s" : "")
                + " (wall clock, including replayed idle; a last partial second over the time it covers)", "time since start (s)", "MB/s",
                List.of(new SeriesLineChart.Line("read", ChartStyle.READ, x, read),
                        new SeriesLineChart.Line("write", ChartStyle.WRITE, x, write)));
    }

    /** The queue-depth buckets' labels, in order. */
    private static List<String> qdBuckets() {
        List<String> buckets = new ArrayList<>();
        for (QdBucket b : QdBucket.values()) {
            buckets.add(b.label());
        }
        return buckets;
    }

    private static org.jfree.chart.JFreeChart qdChart(ReplayResult r) {
        List<String> buckets = qdBuckets();
        List<GroupedBarChart.Series> series = new ArrayList<>();
        ReplayResult.Fidelity f = r.fidelity();
        if (f.qdRecorded() != null) {
            series.add(new GroupedBarChart.Series("recorded", RECORDED, percentages(f.qdRecorded(), buckets)));
        }
        series.add(new GroupedBarChart.Series("replayed", ChartStyle.DRIVE, percentages(f.qdReplayed(), buckets)));
        return GroupedBarChart.create("Queue depth at issue: recorded vs replayed", "% of IOs issued at each queue depth"
                + (f.qdRecorded() == null ? " (the trace has no recorded depth)" : ""), "queue depth", "%",
                buckets, series, v -> String.format(Locale.ROOT, "%.1f", v), false);
    }

    private static double[] percentages(ReplayResult.QdDistribution d, List<String> buckets) {
        double[] v = new double[buckets.size()];
        for (ReplayResult.QdRow row : d.histogram()) {
            int i = buckets.indexOf(row.qd());
            if (i >= 0) {
                v[i] = row.pct();
            }
        }
        return v;
    }
}
