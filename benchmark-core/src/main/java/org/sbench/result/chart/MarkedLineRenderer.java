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
 */
final class MarkedLineRenderer extends XYLineAndShapeRenderer {
    private static final long serialVersionUID = 1L;
    private static final int LINE_PASS = 0;

    MarkedLineRenderer(boolean shapes) {
        super(true, shapes);
        setDrawSeriesLineAsPath(true);
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
