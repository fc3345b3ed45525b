package org.sbench.result.chart;

import java.awt.Rectangle;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.data.category.CategoryDataset;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/** Renders a chart to an SVG element for inlining in an (X)HTML page. */
public final class SvgChart {
    static final String BAR = "bar";
    static final String CURVE = "curve";

    private SvgChart() {
    }

    /**
     * The chart as one {@code <svg>} element with id {@code id}, {@code widthPx} by {@code heightPx},
     * scaling to its container (viewBox). Ids the SVG defines (clip paths, gradients) are prefixed
     * with {@code id}, so several charts can share one page.
     */
    public static String render(JFreeChart chart, String id, int widthPx, int heightPx) {
        SVGGraphics2D g = new SVGGraphics2D(widthPx, heightPx);
        g.setDefsKeyPrefix(id + "-");
        chart.draw(g, new Rectangle(0, 0, widthPx, heightPx));
        return g.getSVGElement(id, true, new ViewBox(0, 0, widthPx, heightPx), null, null);
    }

    /**
     * Opens an SVG group {@code <g class="KIND" data-series=".." data-category="..">} around what is drawn
     * next (JFreeSVG's begin-group hint; other Graphics2D ignore it). {@code category} may be null.
     */
    static void beginMark(java.awt.Graphics2D g2, String kind, String series, String category) {
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("class", kind);
        attributes.put("data-series", series);
        if (category != null) {
            attributes.put("data-category", category);
        }
        g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attributes);
    }

    static void endMark(java.awt.Graphics2D g2) {
        g2.setRenderingHint(SVGHints.KEY_END_GROUP, Boolean.TRUE);
    }

    /** Draws bar {@code (row, column)} of {@code dataset} with {@code draw} inside its mark; nothing when it has no value. */
    static void markBar(java.awt.Graphics2D g2, CategoryDataset dataset, int row, int column, Runnable draw) {
        if (dataset.getValue(row, column) == null) {
            return;
        }
        beginMark(g2, BAR, dataset.getRowKey(row).toString(), dataset.getColumnKey(column).toString());
        draw.run();
        endMark(g2);
    }
}
