package org.sbench.result;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code sbench compare} on the terminal: the workload, the columns (drives), the notes on columns
 * marked (!), the ranking by the chosen metric, then the tables: one row per summary
 * {@link Metric}, per size class and op, per phase, and of fidelity, with each column's value
 * (mean, and "+/- sd" when a column repeats runs), its difference and ratio to the baseline, and
 * the best column.
 */
public final class ComparisonTable {
    static final String BASELINE_MARK = " (baseline)";
    /** Marks a column wherever it is named: not comparable (--force), or with notes that matter for a ranking. */
    static final String FLAG_MARK = " (!)";

    public void write(ResultComparison c, RankingMetric rankBy, PrintWriter out) {
        out.println("compare  " + c.workload());
        if (!c.differences().isEmpty()) {
            out.println(forcedWarning(c));
        }
        out.println("columns");
        int width = 0;
        for (int i = 0; i < c.columns().size(); i++) {
            width = Math.max(width, DisplayWidth.of(header(c, i)));
        }
        for (int i = 0; i < c.columns().size(); i++) {
            out.println("  " + pad(header(c, i), width) + "  " + c.describe(i));
        }
        for (String note : notes(c)) {
            out.println("notes    " + note);
        }
        Metric m = rankBy.metric();
        out.println("ranking  by " + m.name() + " (" + m.better().phrase() + ")");
        List<Integer> order = c.ranking(m);
        double best = c.stat(order.get(0), m).mean();
        TextTable ranking = new TextTable("", "", "");
        for (int col : order) {
            double v = c.stat(col, m).mean();
            double timesBest = v / best;
            ranking.row(label(c, col), Double.isNaN(v) ? "-" : m.format(v) + " " + m.unit(),
                    col == order.get(0) || !Double.isFinite(timesBest) ? "" : ratio(timesBest) + " the best");
        }
        java.io.StringWriter rows = new java.io.StringWriter();
        ranking.printRows(new PrintWriter(rows), "");
        int place = 1;
        for (String line : rows.toString().split("\n")) {
            out.println("  " + place++ + ". " + line);
        }
        for (TextTable t : tables(c)) {
            out.println();
            t.print(out, "");
        }
        for (String note : c.phaseNotes()) {
            out.println("phases: " + note);
        }
        if (c.hasRepeats()) {
            out.println("values of repeated runs: mean +/- sample standard deviation; diff and ratio of means");
        }
        out.flush();
    }

    /** The summary, size-class, phase (when any) and fidelity tables: the numbers the CSV and HTML comparison carry. */
    static List<TextTable> tables(ResultComparison c) {
        List<TextTable> t = new ArrayList<>();
        t.add(metrics(c));
        t.add(sizeClasses(c));
        if (!c.phaseMetrics().isEmpty()) {
            t.add(phases(c));
        }
        t.add(fidelity(c));
        return t;
    }

    /** One row per summary metric. */
    public static TextTable metrics(ResultComparison c) {
        return table(c, Metric.SUMMARY, new String[] {"metric", "op", "unit"}, m -> new String[] {m.title(), m.op(), m.unit()});
    }

    /** MB/s, busy time and p99 latency of each size class and op with IOs. */
    static TextTable sizeClasses(ResultComparison c) {
        return table(c, c.sizeClassMetrics(), new String[] {"size", "op", "metric", "unit"},
                m -> new String[] {m.group(), m.op(), m.title(), m.unit()});
    }

    /** Wall time, busy time and MB/s of each phase. */
    static TextTable phases(ResultComparison c) {
        return table(c, c.phaseMetrics(), new String[] {"phase", "metric", "unit"}, m -> new String[] {m.group(), m.title(), m.unit()});
    }

    /** How faithfully each column replayed the trace. */
    static TextTable fidelity(ResultComparison c) {
        return table(c, Metric.FIDELITY, new String[] {"fidelity", "unit"}, m -> new String[] {m.title(), m.unit()});
    }

    private static TextTable table(ResultComparison c, List<Metric> metrics, String[] keyHeaders, Function<Metric, String[]> keys) {
        List<String> header = new ArrayList<>(List.of(keyHeaders));
        for (int i = 0; i < c.columns().size(); i++) {
            header.add(header(c, i));
            if (i != c.baseline()) {
                header.add("diff");
                header.add("ratio");
            }
        }
        header.add("best");
        TextTable t = new TextTable(header.toArray(new String[0]));
        for (Metric m : metrics) {
            List<String> row = new ArrayList<>(List.of(keys.apply(m)));
            for (int i = 0; i < c.columns().size(); i++) {
                row.add(value(c.stat(i, m), m));
                if (i != c.baseline()) {
                    row.add(signed(c.difference(i, m), m));
                    row.add(ratio(c.ratio(i, m)));
                }
            }
            int best = c.best(m);
            row.add(best < 0 ? "" : label(c, best));
            t.row(row.toArray());
        }
        return t;
    }

    /** The column's label with the baseline and (!) marks, as table headers name it. */
    static String header(ResultComparison c, int column) {
        return c.columns().get(column).label() + (column == c.baseline() ? BASELINE_MARK : "") + flag(c, column);
    }

    /** The column's label with its (!) mark, as rankings, charts and "best" name it. */
    static String label(ResultComparison c, int column) {
        return c.columns().get(column).label() + flag(c, column);
    }

    private static String flag(ResultComparison c, int column) {
        return c.columns().get(column).flagged() ? FLAG_MARK : "";
    }

    static String forcedWarning(ResultComparison c) {
        return "NOT COMPARABLE, compared with --force; columns marked (!): " + String.join("; ", c.differences());
    }

    /** "(!) DriveB: incomplete: ...; ..." for each column with notes. */
    static List<String> notes(ResultComparison c) {
        List<String> out = new ArrayList<>();
        for (ResultComparison.Column col : c.columns()) {
            if (!col.notes().isEmpty()) {
                out.add("(!) " + col.label() + ": " + String.join("; ", col.notes()));
            }
        }
        return out;
    }

    static String value(ResultComparison.Stat s, Metric m) {
        if (Double.isNaN(s.mean())) {
            return "-";
        }
        return m.format(s.mean()) + (Double.isNaN(s.sd()) ? "" : " +/-" + m.format(s.sd()));
    }

    static String signed(double v, Metric m) {
        if (Double.isNaN(v)) {
            return "-";
        }
        String f = m.format(Math.abs(v));
        return (v < 0 && !isZero(f) ? "-" : "+") + f;
    }

    static String ratio(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) ? "-" : String.format(Locale.ROOT, "%.2fx", r);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - DisplayWidth.of(s)));
    }

    private static boolean isZero(String formatted) {
        return formatted.chars().noneMatch(ch -> ch >= '1' && ch <= '9');
    }
}
