package org.sbench.result.chart;

import java.awt.Paint;
import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

/**
 * Drives side by side in groups (busy time total/reads/writes, MB/s of each size class, wall time of
 * each phase): in each group one horizontal bar per drive, in the same order and colour in every
 * group, the baseline in the accent colour, whiskers of ±1 standard deviation for drives with
 * repeated runs, the value and unit at the end of each bar, a legend naming the drives. Charts of
 * one family can share one value axis ({@code axisMax}), so that bars compare across them.
 */
public final class DriveGroupsChart {
    private static final int BASE_HEIGHT_PX = 150;
    private static final int BAR_HEIGHT_PX = 24;
    private static final int GROUP_GAP_PX = 18;
    private static final double GROUP_MARGIN = 0.12;
    private static final double ITEM_MARGIN = 0.04;

    /** One drive: legend label, colour, and per group its mean ({@code NaN}: no bar) and standard deviation ({@code NaN}: one run). */
    public record Drive(String label, Paint colour, double[] means, double[] sds) {
    }

    private DriveGroupsChart() {
    }

    /** A height that gives every bar room for its value label. */
    public static int heightPx(int groups, int drives) {
        return BASE_HEIGHT_PX + groups * (drives * BAR_HEIGHT_PX + GROUP_GAP_PX);
    }

    /** The axis end that fits every bar, its whisker and its value label (the same for every chart of a family). */
    public static double axisMax(List<Drive> drives) {
        double max = 0;
        for (Drive d : drives) {
            for (int g = 0; g < d.means().length; g++) {
                double sd = Double.isNaN(d.sds()[g]) ? 0 : d.sds()[g];
                if (!Double.isNaN(d.means()[g])) {
                    max = Math.max(max, d.means()[g] + sd);
                }
            }
        }
        return max * (1 + WhiskerBars.VALUE_LABEL_MARGIN);
    }

    /**
     * @param valueLabel the value axis label, short: "s", "MB/s"
     * @param unit the unit after each bar's value
     * @param axisMax where the value axis ends ({@link #axisMax} of the family), or NaN for this chart's own
     */
    public static JFreeChart create(String title, String subtitle, String valueLabel, String unit, List<String> groups,
                                    List<Drive> drives, DoubleFunction<String> format, double axisMax) {
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        for (Drive d : drives) {
            for (int g = 0; g < groups.size(); g++) {
                double mean = d.means()[g];
                double sd = d.sds()[g];
                data.add(Double.isNaN(mean) ? null : (Number) mean, Double.isNaN(sd) ? null : (Number) sd, d.label(), groups.get(g));
            }
        }
        WhiskerBarRenderer renderer = new WhiskerBarRenderer();
        for (int i = 0; i < drives.size(); i++) {
            renderer.setSeriesPaint(i, drives.get(i).colour());
        }
        renderer.setItemMargin(ITEM_MARGIN);
        CategoryPlot plot = WhiskerBars.plot(data, renderer, valueLabel, unit, format);
        plot.getDomainAxis().setCategoryMargin(GROUP_MARGIN);
        if (!Double.isNaN(axisMax) && axisMax > 0) {
            ((NumberAxis) plot.getRangeAxis()).setRange(0, axisMax);
        }
        return WhiskerBars.chart(title, subtitle, plot, true);
    }
}
