package org.sbench.result.chart;

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
import org.jfree.data.statistics.StatisticalCategoryDataset;

/** The horizontal bar plot the drive charts share: value labels past the bars, categories on the left, the look applied. */
final class WhiskerBars {
    /** Room past the longest bar for its value label. */
    static final double VALUE_LABEL_MARGIN = 0.25;
    private static final float MAX_LABEL_WIDTH_RATIO = 0.4f;

    private WhiskerBars() {
    }

    static CategoryPlot plot(StatisticalCategoryDataset data, WhiskerBarRenderer renderer, String valueLabel, String unit,
                             DoubleFunction<String> format) {
        renderer.setDefaultItemLabelGenerator(new FormattedLabels(format, unit));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(ChartStyle.LABEL_FONT);
        renderer.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        renderer.setItemLabelInsets(new RectangleInsets(2, 6, 2, 6));
        NumberAxis values = new NumberAxis(valueLabel);
        values.setUpperMargin(VALUE_LABEL_MARGIN);
        CategoryAxis categories = new CategoryAxis(null);
        categories.setMaximumCategoryLabelWidthRatio(MAX_LABEL_WIDTH_RATIO);
        categories.setMaximumCategoryLabelLines(2);
        CategoryPlot plot = new CategoryPlot(data, categories, values, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        return plot;
    }

    static JFreeChart chart(String title, String subtitle, CategoryPlot plot, boolean legend) {
        JFreeChart chart = ChartStyle.apply(new JFreeChart(title, ChartStyle.TITLE_FONT, plot, legend), subtitle);
        plot.getDomainAxis().setTickLabelFont(ChartStyle.LABEL_FONT);
        return chart;
    }
}
