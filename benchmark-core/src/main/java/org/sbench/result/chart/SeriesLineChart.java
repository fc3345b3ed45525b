package org.sbench.result.chart;

import java.awt.Paint;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.TickUnitSource;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Lines over a linear x axis (throughput per second of a run); points marked when there are few. */
public final class SeriesLineChart {
    private static final int MAX_POINTS_WITH_SHAPES = 120;
    /** The most points a curve over time should have: more than a chart's pixels only make the page heavy. */
    public static final int MAX_TIME_POINTS = 2000;

    /** One line: legend name, colour, and y per x. */
    public record Line(String name, Paint colour, double[] x, double[] y) {
    }

    private SeriesLineChart() {
    }

    /** Lines over an x axis of whole numbers (seconds, rounds). */
    public static JFreeChart create(String title, String subtitle, String xLabel, String yLabel, List<Line> lines) {
        return create(title, subtitle, xLabel, yLabel, lines, NumberAxis.createIntegerTickUnits());
    }

    /**
     * Lines over an x axis of a measure ticked in fractions where its range is small: a position in GB
     * on a drive (or a scaled region) under a few GB had one tick, "0", in whole numbers.
     */
    public static JFreeChart overMeasure(String title, String subtitle, String xLabel, String yLabel, List<Line> lines) {
        return create(title, subtitle, xLabel, yLabel, lines, NumberAxis.createStandardTickUnits());
    }

    private static JFreeChart create(String title, String subtitle, String xLabel, String yLabel, List<Line> lines,
                                     TickUnitSource xTicks) {
        XYSeriesCollection data = new XYSeriesCollection();
        int points = 0;
        for (Line l : lines) {
            XYSeries s = new XYSeries(l.name(), false, true);
            for (int i = 0; i < l.x().length; i++) {
                s.add(l.x()[i], l.y()[i]);
            }
            points = Math.max(points, l.x().length);
            data.addSeries(s);
        }
        MarkedLineRenderer renderer = new MarkedLineRenderer(points <= MAX_POINTS_WITH_SHAPES);
        for (int i = 0; i < lines.size(); i++) {
            renderer.setSeriesPaint(i, lines.get(i).colour());
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        NumberAxis x = new NumberAxis(xLabel);
        x.setAutoRangeIncludesZero(true);
        x.setStandardTickUnits(xTicks);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, lines.size() > 1);
        return ChartStyle.apply(chart, subtitle);
    }
}
