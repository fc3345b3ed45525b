package org.sbench.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code compare --csv FILE}: one row per metric and column, in long form so any number of drives
 * fits: {@code metric,op,unit,better,column,label,baseline,comparable,runs,mean,sd,min,max,diff,ratio,group,notes}
 * ({@code group} and {@code notes} came last, so the earlier columns kept their places).
 * {@code metric} and {@code op} of the summary and fidelity rows are the keys of {@code report}'s
 * {@code summary.csv} ({@code group} empty); the size-class rows ({@code class_mbps},
 * {@code class_busy}, {@code class_latency_p99}) have the class in {@code group}, the phase rows
 * ({@code phase_wall}, {@code phase_busy}, {@code phase_mbps}) the phase name. {@code sd} is the
 * sample standard deviation (empty for one run); {@code diff} and {@code ratio} are against the
 * baseline's mean; {@code comparable} is false for columns compared only because of --force, and
 * {@code notes} says what about a column matters for a ranking (empty when nothing does).
 */
public final class ComparisonCsvWriter implements ComparisonWriter {
    @Override
    public String name() {
        return "csv";
    }

    @Override
    public void write(ResultComparison c, Path file, OutputFiles files) {
        files.write(file, w -> rows(c, new CSVPrinter(w, CsvResultWriter.FORMAT)));
    }

    /** Every metric of the comparison, in table order. */
    static List<Metric> metrics(ResultComparison c) {
        List<Metric> all = new ArrayList<>(Metric.ALL);
        all.addAll(c.sizeClassMetrics());
        all.addAll(c.phaseMetrics());
        return all;
    }

    private static void rows(ResultComparison c, CSVPrinter p) throws IOException {
        p.printRecord("metric", "op", "unit", "better", "column", "label", "baseline", "comparable", "runs", "mean", "sd", "min",
                "max", "diff", "ratio", "group", "notes");
        for (Metric m : metrics(c)) {
            for (int i = 0; i < c.columns().size(); i++) {
                ResultComparison.Stat s = c.stat(i, m);
                ResultComparison.Column col = c.columns().get(i);
                p.printRecord(m.key(), m.op(), m.unit(), m.better().name().toLowerCase(Locale.ROOT), i + 1, col.label(),
                        i == c.baseline(), col.comparable(), s.runs(), CsvResultWriter.number(s.mean()),
                        CsvResultWriter.number(s.sd()), CsvResultWriter.number(s.min()), CsvResultWriter.number(s.max()),
                        CsvResultWriter.number(c.difference(i, m)), CsvResultWriter.number(c.ratio(i, m)),
                        m.group() == null ? "" : m.group(), String.join("; ", col.notes()));
            }
        }
        p.flush();
    }
}
