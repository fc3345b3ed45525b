package org.sbench.result;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code compare --csv FILE}: one row per metric and column, in long form so any number of drives
 * fits: {@code metric,op,unit,better,column,label,baseline,comparable,runs,mean,sd,min,max,diff,ratio}.
 * {@code metric} and {@code op} are the keys of {@code report}'s {@code summary.csv}; {@code sd} is
 * the sample standard deviation (empty for one run); {@code diff} and {@code ratio} are against the
 * baseline's mean; {@code comparable} is false for columns compared only because of --force.
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

    private static void rows(ResultComparison c, CSVPrinter p) throws IOException {
        p.printRecord("metric", "op", "unit", "better", "column", "label", "baseline", "comparable", "runs", "mean", "sd", "min",
                "max", "diff", "ratio");
        for (Metric m : Metric.ALL) {
            for (int i = 0; i < c.columns().size(); i++) {
                ResultComparison.Stat s = c.stat(i, m);
                ResultComparison.Column col = c.columns().get(i);
                p.printRecord(m.key(), m.op(), m.unit(), m.better().name().toLowerCase(java.util.Locale.ROOT), i + 1,
                        col.label(), i == c.baseline(), col.comparable(), s.runs(), CsvResultWriter.number(s.mean()),
                        CsvResultWriter.number(s.sd()), CsvResultWriter.number(s.min()), CsvResultWriter.number(s.max()),
                        CsvResultWriter.number(c.difference(i, m)), CsvResultWriter.number(c.ratio(i, m)));
            }
        }
        p.flush();
    }
}
