package org.sbench.result.chart;

import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

/**
 * A drive-review bar chart: one horizontal bar per drive, in the order given (best first, at the
 * top), the value and unit at the end of each bar, the baseline's bars in the accent colour, whiskers of
 * ±1 standard deviation for drives with repeated runs.
 */
public final class RankedBarChart {
    private static final String SERIES = "mean";
    private static final double VALUE_LABEL_MARGIN = 0.25;
    private static final float MAX_LABEL_WIDTH_RATIO = 0.4f;
    private static final int BASE_HEIGHT_PX = 110;
    private static final int BAR_HEIGHT_PX = 38;

    /** One drive: label, mean over its runs, standard deviation ({@code NaN} for a single run), baseline or not. */
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
            data.add((Number) b.mean(), Double.isNaN(b.sd()) ? null : (Number) b.sd(), SERIES, b.label());
            highlighted[i] = b.baseline();
        }
        RankedBarRenderer renderer = new RankedBarRenderer(highlighted);
        renderer.setDefaultItemLabelGenerator(new FormattedLabels(format, unit));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(ChartStyle.LABEL_FONT);
        renderer.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        renderer.setItemLabelInsets(new RectangleInsets(2, 6, 2, 6));
        NumberAxis values = new NumberAxis(valueLabel);
        values.setUpperMargin(VALUE_LABEL_MARGIN);
        CategoryAxis drives = new CategoryAxis(null);
        drives.setMaximumCategoryLabelWidthRatio(MAX_LABEL_WIDTH_RATIO);
        drives.setMaximumCategoryLabelLines(2);
        CategoryPlot plot = new CategoryPlot(data, drives, values, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        JFreeChart chart = ChartStyle.apply(new JFreeChart(title, ChartStyle.TITLE_FONT, plot, false), subtitle);
        drives.setTickLabelFont(ChartStyle.LABEL_FONT);
        return chart;
    }
}
