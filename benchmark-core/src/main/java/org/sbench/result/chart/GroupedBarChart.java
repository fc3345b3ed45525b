package org.sbench.result.chart;

import java.awt.Paint;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/** Bars by category, one bar per series in each (busy time by op, MB/s by size class, QD distribution). */
public final class GroupedBarChart {
    private static final double ITEM_MARGIN = 0.05;
    private static final double VALUE_LABEL_MARGIN = 0.15;
    private static final int MAX_UPRIGHT_LABELS = 8;

    /** One series: its name (legend), colour and one value per category ({@code NaN}: no bar). */
    public record Series(String name, Paint colour, double[] values) {
    }

    private GroupedBarChart() {
    }

    /**
     * @param valueLabel the value axis label with its unit, e.g. "MB/s"
     * @param labels formats a bar's value label, or null for no labels on the bars
     * @param horizontal bars grow to the right (categories top to bottom) instead of upwards
     */
    public static JFreeChart create(String title, String subtitle, String categoryLabel, String valueLabel,
                                    List<String> categories, List<Series> series, DoubleFunction<String> labels,
                                    boolean horizontal) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Series s : series) {
            for (int c = 0; c < categories.size(); c++) {
                double v = s.values()[c];
                data.addValue(Double.isNaN(v) ? null : v, s.name(), categories.get(c));
            }
        }
        MarkedBarRenderer renderer = new MarkedBarRenderer(null);
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesPaint(i, series.get(i).colour());
            // A series without a bar (the reads of a write-only run) is no key to anything drawn.
            renderer.setSeriesVisibleInLegend(i, Arrays.stream(series.get(i).values()).anyMatch(v -> !Double.isNaN(v)));
        }
        return chart(title, subtitle, categoryLabel, valueLabel, categories.size(), data, renderer, labels, horizontal,
                series.size() > 1);
    }

    /**
     * One bar per category, each in its own colour (busy time of reads, writes, all), no legend; bars
     * grow to the right. A {@code NaN} value has no bar.
     */
    public static JFreeChart perCategory(String title, String subtitle, String valueLabel, List<String> categories,
                                         double[] values, List<Paint> colours, DoubleFunction<String> labels) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int c = 0; c < categories.size(); c++) {
            data.addValue(Double.isNaN(values[c]) ? null : values[c], valueLabel, categories.get(c));
        }
        MarkedBarRenderer renderer = new MarkedBarRenderer(colours.toArray(new Paint[0]));
        return chart(title, subtitle, null, valueLabel, categories.size(), data, renderer, labels, true, false);
    }

    private static JFreeChart chart(String title, String subtitle, String categoryLabel, String valueLabel, int categories,
                                    DefaultCategoryDataset data, MarkedBarRenderer renderer, DoubleFunction<String> labels,
                                    boolean horizontal, boolean legend) {
        renderer.setItemMargin(ITEM_MARGIN);
        NumberAxis values = new NumberAxis(valueLabel);
        if (labels != null) {
            renderer.setDefaultItemLabelGenerator(new FormattedLabels(labels, null));
            renderer.setDefaultItemLabelsVisible(true);
            renderer.setDefaultItemLabelFont(ChartStyle.TICK_FONT);
            renderer.setDefaultPositiveItemLabelPosition(horizontal
                    ? new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT)
                    : new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));
            values.setUpperMargin(VALUE_LABEL_MARGIN);
        }
        CategoryAxis cats = new CategoryAxis(categoryLabel);
        if (!horizontal && categories > MAX_UPRIGHT_LABELS) {
            cats.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CategoryPlot plot = new CategoryPlot(data, cats, values, renderer);
        plot.setOrientation(horizontal ? PlotOrientation.HORIZONTAL : PlotOrientation.VERTICAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, legend);
        return ChartStyle.apply(chart, subtitle);
    }
}
