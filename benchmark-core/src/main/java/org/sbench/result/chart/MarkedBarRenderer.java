package org.sbench.result.chart;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.CategoryDataset;

/**
 * Flat bars, each drawn inside {@code <g class="bar">} (see {@link SvgChart#markBar}); coloured by
 * series, or by category when category colours are given.
 */
final class MarkedBarRenderer extends BarRenderer {
    private static final long serialVersionUID = 1L;
    private final Paint[] categoryPaints;

    /** {@code categoryPaints}: one colour per category, or null to colour by series. */
    MarkedBarRenderer(Paint[] categoryPaints) {
        this.categoryPaints = categoryPaints == null ? null : categoryPaints.clone();
        setBarPainter(new StandardBarPainter());
        setShadowVisible(false);
        setDrawBarOutline(false);
    }

    @Override
    public Paint getItemPaint(int row, int column) {
        return categoryPaints == null ? super.getItemPaint(row, column) : categoryPaints[column % categoryPaints.length];
    }

    @Override
    public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                         CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column, int pass) {
        SvgChart.markBar(g2, dataset, row, column,
                () -> super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass));
    }
}
