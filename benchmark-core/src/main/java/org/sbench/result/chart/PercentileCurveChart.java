package org.sbench.result.chart;

import java.awt.Paint;
import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Latency against percentile, HdrHistogram style: the x axis is {@code 1 / (1 - p)} on a log scale,
 * labelled as percentiles (0%, 90%, 99%, 99.9%, ...), so the tail gets room; the y axis is latency
 * in µs, log scale (the axis says only "µs": a vertical axis label is written upright and short). Points come from the histogram's percentile iteration (5 steps per halving of
 * the distance to 100%); the maximum is drawn at the percentile of the slowest of N IOs, 1 − 1/N.
 */
public final class PercentileCurveChart {
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double NS_PER_US = 1e3;
    private static final double PERCENT = 100.0;
    /** Room above the slowest and below the fastest point, as a factor on the log axis, before rounding to whole decades. */
    private static final double LATENCY_MARGIN = 1.25;

    /** One curve: its legend name, colour and histogram of service times in ns. */
    public record Curve(String name, Paint colour, Histogram latencyNs) {
    }

    private PercentileCurveChart() {
    }

    public static JFreeChart create(String title, String subtitle, List<Curve> curves) {
        return create(title, subtitle, curves, curves);
    }

    /**
     * The chart of {@code curves} with both axes spanning every curve of {@code family} (the read
     * and the write chart of one page), so that charts of one family compare on one scale.
     */
    public static JFreeChart create(String title, String subtitle, List<Curve> curves, List<Curve> family) {
        XYSeriesCollection data = new XYSeriesCollection();
        MarkedLineRenderer renderer = new MarkedLineRenderer(false);
        int i = 0;
        for (Curve c : curves) {
            XYSeries s = points(c.name(), c.latencyNs());
            if (s.getItemCount() == 0) {
                continue;
            }
            data.addSeries(s);
            renderer.setSeriesPaint(i, c.colour());
            renderer.setSeriesStroke(i, ChartStyle.LINE);
            i++;
        }
        double maxX = PERCENT;
        double minUs = Double.POSITIVE_INFINITY;
        double maxUs = 0;
        for (Curve c : family) {
            XYSeries s = points(c.name(), c.latencyNs());
            if (s.getItemCount() > 0) {
                maxX = Math.max(maxX, s.getMaxX());
                minUs = Math.min(minUs, s.getMinY());
                maxUs = Math.max(maxUs, s.getMaxY());
            }
        }
        LogAxis percentile = new LogAxis("percentile");
        percentile.setNumberFormatOverride(new PercentileFormat());
        percentile.setTickUnit(new NumberTickUnit(1));
        percentile.setAutoRange(false);
        percentile.setRange(1, Math.pow(10, Math.ceil(Math.log10(maxX))));
        LogAxis latency = new LogAxis("\u00b5s");
        latency.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        latency.setTickUnit(new NumberTickUnit(1));
        latency.setSmallestValue(1e-3);
        if (maxUs > 0) {
            // Whole decades, so that both ends are labelled: ending at the slowest point's room, the top decade had no number.
            // The bottom is a hair below its power of 10: LogAxis drew no tick at exactly its lower bound (0.1 went unlabelled).
            latency.setRange(Math.pow(10, Math.floor(Math.log10(minUs / LATENCY_MARGIN))) * (1 - 1e-9),
                    Math.pow(10, Math.ceil(Math.log10(maxUs * LATENCY_MARGIN))));
        }
        XYPlot plot = new XYPlot(data, percentile, latency, renderer);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, true);
        return ChartStyle.apply(chart, subtitle);
    }

    private static XYSeries points(String name, Histogram h) {
        XYSeries s = new XYSeries(name, false, true);
        long n = h.getTotalCount();
        if (n == 0) {
            return s;
        }
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            long ns = v.getValueIteratedTo();
            // Levels past 1 - 1/N are the slowest IO again (the iteration goes on there): drawn
            // beyond N, the curve would turn back to the maximum's point at N.
            if (p < PERCENT && ns > 0 && PERCENT / (PERCENT - p) < n) {
                s.add(PERCENT / (PERCENT - p), ns / NS_PER_US);
            }
        }
        if (h.getMaxValue() > 0) {
            s.add(n, h.getMaxValue() / NS_PER_US);
        }
        return s;
    }

    /** Tick labels of the percentile axis: the value {@code x = 1/(1-p)} shown as {@code p} in percent. */
    static final class PercentileFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private static final int DIGITS = 6;

        @Override
        public StringBuffer format(double x, StringBuffer to, FieldPosition pos) {
            double p = PERCENT * (1 - 1 / x);
            BigDecimal d = new BigDecimal(p).setScale(DIGITS, java.math.RoundingMode.HALF_UP).stripTrailingZeros();
            return to.append(d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString()).append('%');
        }

        @Override
        public StringBuffer format(long x, StringBuffer to, FieldPosition pos) {
            return format((double) x, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("tick labels are not parsed");
        }
    }
}
