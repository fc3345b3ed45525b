package org.sbench.result.chart;

import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

/**
 * A drive-review bar chart: one horizontal bar per drive, in the order given (best first, at the
 * top), the value and unit at the end of each bar, the baseline's bars in the accent colour, whiskers of
 * ±1 standard deviation for drives with repeated runs.
 */
public final class RankedBarChart {
    private static final String SERIES = "mean";
    private static final int BASE_HEIGHT_PX = 120;
    private static final int BAR_HEIGHT_PX = 40;
    private static final double MAX_BAR_WIDTH = 0.3;

    /**
     * One drive or stripe member: label, mean over its runs ({@code NaN} for none: no bar is drawn),
     * standard deviation ({@code NaN} for a single run), baseline or not.
     */
    public record Bar(String label, double mean, double sd, boolean baseline) {
    }

    private RankedBarChart() {
    }

    /** A height that gives each bar room for its label. */
    public static int heightPx(int bars) {
        return BASE_HEIGHT_PX + BAR_HEIGHT_PX * bars;
    }

    /**
     * @param valueLabel the value axis label with unit, e.g. "busy time (s)"
     * @param unit the unit after each bar's value, e.g. "s"
     */
    public static JFreeChart create(String title, String subtitle, String valueLabel, String unit, List<Bar> bars,
                                    DoubleFunction<String> format) {
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        boolean[] highlighted = new boolean[bars.size()];
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            data.add(Double.isNaN(b.mean()) ? null : (Number) b.mean(), Double.isNaN(b.sd()) ? null : (Number) b.sd(), SERIES, b.label());
            highlighted[i] = b.baseline();
        }
        WhiskerBarRenderer renderer = new WhiskerBarRenderer(highlighted);
        renderer.setMaximumBarWidth(MAX_BAR_WIDTH);
        CategoryPlot plot = WhiskerBars.plot(data, renderer, valueLabel, unit, format);
        return WhiskerBars.chart(title, subtitle, plot, false);
    }
}
