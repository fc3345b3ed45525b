package org.sbench.result.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.statistics.StatisticalCategoryDataset;

/**
 * Bars with whiskers of ±1 standard deviation where a drive has repeated runs, coloured by series,
 * or (one bar per drive or member, ranked) all alike but the baseline's in the accent colour. Each
 * bar is drawn inside {@code <g class="bar">}.
 */
final class WhiskerBarRenderer extends StatisticalBarRenderer {
    private static final long serialVersionUID = 1L;
    /** Per dataset column, true when it is drawn in the baseline colour; null: bars in their series' colours. */
    private final boolean[] highlighted;

    /** Bars in their series' colours. */
    WhiskerBarRenderer() {
        this(null);
    }

    /** {@code highlighted}: per dataset column, true when it is drawn in the baseline colour (the others in the drive colour). */
    WhiskerBarRenderer(boolean[] highlighted) {
        this.highlighted = highlighted == null ? null : highlighted.clone();
        setBarPainter(new StandardBarPainter());
        setShadowVisible(false);
        setDrawBarOutline(false);
        setErrorIndicatorPaint(Color.BLACK);
        setErrorIndicatorStroke(new BasicStroke(1.5f));
    }

    @Override
    public Paint getItemPaint(int row, int column) {
        if (highlighted == null) {
            return super.getItemPaint(row, column);
        }
        return column < highlighted.length && highlighted[column] ? ChartStyle.BASELINE : ChartStyle.DRIVE;
    }

    /** Puts the value label past the whisker, not across it: the bar is taken to end at mean + sd. */
    @Override
    protected void drawItemLabel(Graphics2D g2, CategoryDataset data, int row, int column, CategoryPlot plot,
                                 CategoryItemLabelGenerator generator, Rectangle2D bar, boolean negative) {
        Rectangle2D labelled = bar;
        Number mean = data.getValue(row, column);
        Number sd = data instanceof StatisticalCategoryDataset
                ? ((StatisticalCategoryDataset) data).getStdDevValue(row, column) : null;
        if (sd != null && mean != null && mean.doubleValue() > 0 && plot.getOrientation() == PlotOrientation.HORIZONTAL) {
            double scale = 1 + sd.doubleValue() / mean.doubleValue();
            labelled = new Rectangle2D.Double(bar.getX(), bar.getY(), bar.getWidth() * scale, bar.getHeight());
        }
        super.drawItemLabel(g2, data, row, column, plot, generator, labelled, negative);
    }

    @Override
    public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                         CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column, int pass) {
        SvgChart.markBar(g2, dataset, row, column,
                () -> super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass));
    }
}
