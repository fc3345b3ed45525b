package org.sbench.scenario;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jfree.chart.JFreeChart;
import org.sbench.result.ComparisonTable;
import org.sbench.result.OutputFiles;
import org.sbench.result.RankingMetric;
import org.sbench.result.TextTable;
import org.sbench.result.XhtmlPage;
import org.sbench.step.StepResult;

/**
 * {@code compare BUNDLE_A BUNDLE_B}: the step table (each step's numbers side by side, the ratio of
 * each column to the first), the steady-state verdicts, then each replay run's comparison as
 * {@code compare} prints it; as CSV (one row per step, metric and column); and as one XHTML page
 * with the round, steady-state and sweep charts of the bundles overlaid.
 */
public final class BundleComparisonWriter {
    private static final String NONE = "-";

    /** The terminal's tables. */
    public void write(BundleComparison c, RankingMetric rankBy, PrintWriter out) {
        out.println("compare  scenario " + c.columns().get(0).bundle().scenario().scenario() + ", " + c.columns().size() + " bundles");
        if (!c.differences().isEmpty()) {
            out.println("NOT COMPARABLE, compared with --force: " + String.join("; ", c.differences()));
        }
        out.println("columns");
        for (BundleComparison.Column col : c.columns()) {
            out.println("  " + col.label() + "  " + col.bundle().dir() + ", " + status(col.bundle()));
        }
        out.println();
        steps(c).print(out, "");
        c.verdicts().forEach(v -> out.println(v));
        for (BundleComparison.RunComparison run : c.runs()) {
            out.println();
            out.println("== " + run.step() + " (run " + run.run() + ")");
            new ComparisonTable().write(run.comparison(), rankBy, out);
        }
        out.flush();
    }

    private static String status(ScenarioBundle b) {
        return b.bundle().complete() ? "complete, " + b.finished().size() + " steps"
                : "INCOMPLETE (" + b.stopReason() + "), " + b.finished().size() + " steps finished"
                + (b.cut() == null ? "" : "; " + b.cut());
    }

    /**
     * A row's metric as the tables say it (compare of results: "average data rate"; a zeroing purge's bytes "data to zero asked
     * of the kernel"); the CSV keeps the key, and the note.
     */
    private static String words(BundleComparison.Row r) {
        if (r.note() != null) {
            return "data " + r.note();
        }
        switch (r.metric()) {
            case "written": return "data written";
            case "mbps": return "average data rate";
            case "iops": return "average IOPS";
            case "busy": return "busy time";
            case "latency_p99": return "p99 latency";
            case "sweep_mean": return "sweep mean data rate";
            case "sweep_min": return "sweep lowest data rate";
            default: return r.metric();
        }
    }

    static TextTable steps(BundleComparison c) {
        List<String> header = new ArrayList<>(List.of("step", "metric", "unit"));
        for (int i = 0; i < c.columns().size(); i++) {
            header.add(c.columns().get(i).label());
            if (i > 0) {
                header.add("ratio");
            }
        }
        TextTable t = new TextTable(header.toArray(new String[0]));
        String last = null;
        for (BundleComparison.Row r : c.rows()) {
            List<String> cells = new ArrayList<>(List.of(r.step().equals(last) ? "" : r.step(), words(r), r.unit()));
            last = r.step();
            for (int i = 0; i < r.values().length; i++) {
                cells.add(number(r.values()[i]));
                if (i > 0) {
                    cells.add(number(ratio(r.values()[i], r.values()[0])) + (Double.isNaN(ratio(r.values()[i], r.values()[0])) ? "" : "x"));
                }
            }
            t.row(cells.toArray());
        }
        return t;
    }

    private static double ratio(double v, double base) {
        return base == 0 || Double.isNaN(base) ? Double.NaN : v / base;
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : "%.2f", v);
    }

    /**
     * One row per step, metric and column: {@code step,kind,metric,unit,column,label,value,ratio,note}, the note what a row's
     * number counts where its key alone would mislead (a zeroing purge's {@code written}: {@link StepResult#TO_ZERO}), else empty.
     */
    public void writeCsv(BundleComparison c, Path file, OutputFiles files) {
        files.write(file, w -> {
            CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get());
            csv.printRecord("step", "kind", "metric", "unit", "column", "label", "value", "ratio", "note");
            for (BundleComparison.Row r : c.rows()) {
                for (int i = 0; i < r.values().length; i++) {
                    csv.printRecord(r.step(), r.kind(), r.metric(), r.unit(), i + 1, c.columns().get(i).label(),
                            plain(r.values()[i]), plain(ratio(r.values()[i], r.values()[0])), r.note() == null ? "" : r.note());
                }
            }
            csv.flush();
        });
    }

    private static String plain(double v) {
        return Double.isNaN(v) ? "" : BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** The page: the columns, the step table, the charts overlaid, and each replay run's comparison table. */
    public void writeHtml(BundleComparison c, Path file, OutputFiles files) {
        String html = render(c);
        files.write(file, w -> w.write(html));
    }

    static String render(BundleComparison c) {
        XhtmlPage page = new XhtmlPage("sbench compare: scenario " + c.columns().get(0).bundle().scenario().scenario());
        if (!c.differences().isEmpty()) {
            page.p("warning", "NOT COMPARABLE, compared with --force: " + String.join("; ", c.differences()));
        }
        List<String[]> meta = new ArrayList<>();
        List<ScenarioCharts.Source> sources = new ArrayList<>();
        for (BundleComparison.Column col : c.columns()) {
            meta.add(new String[] {col.label(), col.bundle().dir() + ", " + status(col.bundle())});
            sources.add(new ScenarioCharts.Source(col.label(), col.bundle()));
        }
        page.meta(meta);
        page.h2("Steps");
        page.table("steps", steps(c));
        c.verdicts().forEach(v -> page.p(null, v));
        Map<String, JFreeChart> charts = ScenarioReport.charts(sources);
        if (!charts.isEmpty()) {
            page.h2("Charts");
        }
        charts.forEach((id, chart) -> ScenarioReport.chart(page, id, chart));
        for (BundleComparison.RunComparison run : c.runs()) {
            page.h2(run.step() + " (run " + run.run() + ")");
            page.table("comparison", ComparisonTable.metrics(run.comparison()));
        }
        return page.finish();
    }
}
