// The per-member bars of a comparison that holds a striped target: each member beside the single drives.
package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.sbench.result.chart.RankedBarChart;

/**
 * Bars of {@code compare --html} for comparisons with a striped target: one bar per member of each
 * striped column (its MB/s or busy time over its own member IOs, mean and spread over the column's
 * runs) and one per single-drive column (its whole result: a single drive is its only member), in
 * column order, so that "2 x 64 GB striped" shows what each drive did next to "1 x 128 GB".
 */
final class MemberBars {
    private static final double NS_PER_S = 1e9;

    /** A chart: id, title, value axis, unit, a member's value and a single drive's. */
    record Chart(String id, String title, String axis, String unit, ToDoubleFunction<ReplayResult.Member> member,
                 ToDoubleFunction<ReplayResult> drive) {
        String format(double v) {
            return String.format(Locale.ROOT, unit.equals("s") ? "%.3f" : "%.1f", v);
        }
    }

    static final List<Chart> CHARTS = List.of(
            new Chart("member-mbps", "Average data rate per member", "MB/s", "MB/s", m -> m.ofItsIos(m.mbps()),
                    r -> r.summary().mbps()),
            new Chart("member-busy", "Disk-busy time per member", "busy time (s)", "s", m -> m.ofItsIos(m.busyNs() / NS_PER_S),
                    r -> r.summary().busyNs() / NS_PER_S));

    private MemberBars() {
    }

    static boolean anyStriped(ResultComparison c) {
        for (ResultComparison.Column col : c.columns()) {
            if (col.first().stripe() != null) {
                return true;
            }
        }
        return false;
    }

    /** The bars of {@code chart}: each member of each striped column, each single-drive column whole. */
    static List<RankedBarChart.Bar> bars(ResultComparison c, Chart chart) {
        List<RankedBarChart.Bar> bars = new ArrayList<>();
        for (int i = 0; i < c.columns().size(); i++) {
            ResultComparison.Column col = c.columns().get(i);
            List<ReplayResult> runs = col.results();
            boolean baseline = i == c.baseline();
            ReplayResult.Stripe stripe = col.first().stripe();
            String label = ComparisonTable.label(c, i);
            if (stripe == null) {
                bars.add(bar(label, runs, chart.drive(), baseline));
                continue;
            }
            for (int m = 0; m < stripe.memberCount(); m++) {
                int member = m;
                List<ReplayResult> with = new ArrayList<>();
                for (ReplayResult r : runs) {
                    if (r.stripe() != null && r.stripe().memberCount() > member) {
                        with.add(r); // runs put in one column by a given label need not share members
                    }
                }
                bars.add(bar(label + ": member " + m + " " + stripe.members().get(m).path(), with,
                        r -> chart.member().applyAsDouble(r.stripe().members().get(member)), baseline));
            }
        }
        return bars;
    }

    private static RankedBarChart.Bar bar(String label, List<ReplayResult> runs, ToDoubleFunction<ReplayResult> value,
                                          boolean baseline) {
        double[] values = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value.applyAsDouble(runs.get(i));
        }
        ResultComparison.Stat s = ResultComparison.Stat.of(values);
        return new RankedBarChart.Bar(label, s.mean(), s.sd(), baseline);
    }
}
