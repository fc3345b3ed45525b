package org.sbench.result;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code sbench compare} on the terminal: the workload, the columns (drives), the ranking by the
 * chosen metric, and one row per {@link Metric} with each column's value (mean, and "+/- sd" when
 * a column repeats runs), its difference and ratio to the baseline, and the best column.
 */
public final class ComparisonTable {
    static final String BASELINE_MARK = " (baseline)";
    static final String FORCED_MARK = " (!)";

    public void write(ResultComparison c, RankingMetric rankBy, PrintWriter out) {
        out.println("compare  " + c.workload());
        if (!c.differences().isEmpty()) {
            out.println("NOT COMPARABLE, compared with --force; columns marked (!): " + String.join("; ", c.differences()));
        }
        out.println("columns");
        int width = 0;
        for (int i = 0; i < c.columns().size(); i++) {
            width = Math.max(width, header(c, i).length());
        }
        for (int i = 0; i < c.columns().size(); i++) {
            out.println("  " + pad(header(c, i), width) + "  " + c.describe(i));
        }
        Metric m = rankBy.metric();
        out.println("ranking  by " + m.name() + " (" + m.better().phrase() + ")");
        List<Integer> order = c.ranking(m);
        double best = c.stat(order.get(0), m).mean();
        TextTable ranking = new TextTable("", "", "");
        for (int col : order) {
            double v = c.stat(col, m).mean();
            ranking.row(c.columns().get(col).label(), m.format(v) + " " + m.unit(),
                    col == order.get(0) || best == 0 ? "" : ratio(v / best) + " the best");
        }
        java.io.StringWriter rows = new java.io.StringWriter();
        ranking.printRows(new PrintWriter(rows), "");
        int place = 1;
        for (String line : rows.toString().split("\n")) {
            out.println("  " + place++ + ". " + line);
        }
        out.println();
        metrics(c).print(out, "");
        if (c.hasRepeats()) {
            out.println("values of repeated runs: mean +/- sample standard deviation; diff and ratio of means");
        }
        out.flush();
    }

    /** The metric rows: the same numbers the CSV and HTML comparison carry. */
    public static TextTable metrics(ResultComparison c) {
        List<String> header = new ArrayList<>(List.of("metric", "op", "unit"));
        for (int i = 0; i < c.columns().size(); i++) {
            header.add(header(c, i));
            if (i != c.baseline()) {
                header.add("diff");
                header.add("ratio");
            }
        }
        header.add("best");
        TextTable t = new TextTable(header.toArray(new String[0]));
        for (Metric m : Metric.ALL) {
            List<String> row = new ArrayList<>(List.of(m.title(), m.op(), m.unit()));
            for (int i = 0; i < c.columns().size(); i++) {
                row.add(value(c.stat(i, m), m));
                if (i != c.baseline()) {
                    row.add(signed(c.difference(i, m), m));
                    row.add(ratio(c.ratio(i, m)));
                }
            }
            int best = c.best(m);
            row.add(best < 0 ? "" : c.columns().get(best).label());
            t.row(row.toArray());
        }
        return t;
    }

    static String header(ResultComparison c, int column) {
        ResultComparison.Column col = c.columns().get(column);
        return col.label() + (column == c.baseline() ? BASELINE_MARK : "") + (col.comparable() ? "" : FORCED_MARK);
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
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static boolean isZero(String formatted) {
        return formatted.chars().noneMatch(ch -> ch >= '1' && ch <= '9');
    }
}
