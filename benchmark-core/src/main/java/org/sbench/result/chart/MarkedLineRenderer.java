package org.sbench.result.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataset;

/**
 * Lines drawn as one path per series, each inside {@code <g class="curve">}: the renderer draws a
 * series' whole path when it reaches the series' last item in the line pass, so that call is wrapped.
 * A point with a gap (NaN) or the end of its series on both sides is no line: it is drawn as a shape.
 */
final class MarkedLineRenderer extends XYLineAndShapeRenderer {
    private static final long serialVersionUID = 1L;
    private static final int LINE_PASS = 0;

    MarkedLineRenderer(boolean shapes) {
        super(true, shapes);
        setDrawSeriesLineAsPath(true);
    }

    @Override
    public boolean getItemShapeVisible(int series, int item) {
        return super.getItemShapeVisible(series, item) || alone(getPlot().getDataset(), series, item);
    }

    private static boolean alone(XYDataset data, int series, int item) {
        return !Double.isNaN(data.getYValue(series, item)) && gap(data, series, item - 1) && gap(data, series, item + 1);
    }

    private static boolean gap(XYDataset data, int series, int item) {
        return item < 0 || item >= data.getItemCount(series) || Double.isNaN(data.getYValue(series, item));
    }

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot,
                         ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item,
                         CrosshairState crosshairState, int pass) {
        boolean pathDrawnNow = pass == LINE_PASS && item == dataset.getItemCount(series) - 1;
        if (pathDrawnNow) {
            SvgChart.beginMark(g2, SvgChart.CURVE, dataset.getSeriesKey(series).toString(), null);
        }
        super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
        if (pathDrawnNow) {
            SvgChart.endMark(g2);
        }
    }
}
