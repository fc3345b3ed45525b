package org.sbench.result.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.AxisLabelLocation;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/** The one look of sbench charts: white plot, light grid, flat bars, one colour per op and for the baseline. */
public final class ChartStyle {
    public static final Color READ = new Color(0x1f77b4);
    public static final Color WRITE = new Color(0xd62728);
    public static final Color ALL = new Color(0x555555);
    public static final Color DRIVE = new Color(0x4c78a8);
    public static final Color BASELINE = new Color(0xf58518);
    /**
     * Curves of the drives other than the baseline, in order (Tableau 10 without its orange, then the darker and lighter
     * companions of Tableau 20 but orange's): 15 drives in all have colours of their own; never the baseline's colour;
     * repeats past the end.
     */
    static final Color[] SERIES = {DRIVE, new Color(0x54a24b), new Color(0xe45756), new Color(0x72b7b2),
        new Color(0xb279a2), new Color(0x9d755d), new Color(0xeeca3b), new Color(0xff9da6), new Color(0xbab0ac),
        new Color(0x9ecae9), new Color(0x88d27a), new Color(0x439894), new Color(0xd67195), new Color(0x79706e)};
    static final Color GRID = new Color(0xdddddd);
    static final Color TEXT = new Color(0x222222);
    static final String FONT = Font.SANS_SERIF;
    // Sizes in px of a chart drawn 1000 px wide, the width the pages show it at: as the page's own text at 100% zoom.
    static final Font TITLE_FONT = new Font(FONT, Font.BOLD, 19);
    static final Font SUBTITLE_FONT = new Font(FONT, Font.PLAIN, 14);
    static final Font LABEL_FONT = new Font(FONT, Font.PLAIN, 15);
    static final Font TICK_FONT = new Font(FONT, Font.PLAIN, 14);
    static final BasicStroke LINE = new BasicStroke(2f);
    /** Room on the right for the last tick label and for value labels at the ends of bars. */
    static final RectangleInsets PADDING = new RectangleInsets(8, 8, 8, 32);

    private ChartStyle() {
    }

    /** The colour of an op's series: read, write, all. */
    public static Color op(String op) {
        switch (op) {
            case "read": return READ;
            case "write": return WRITE;
            default: return ALL;
        }
    }

    /** The colour of the i-th curve other than the baseline's when several drives share a chart. */
    public static Paint series(int i) {
        return SERIES[i % SERIES.length];
    }

    /** Applies the look to a finished chart; a subtitle (units, which way is better) goes under the title. */
    static JFreeChart apply(JFreeChart chart, String subtitle) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(PADDING);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        TextTitle title = chart.getTitle();
        if (title != null) {
            title.setFont(TITLE_FONT);
            title.setPaint(TEXT);
        }
        if (subtitle != null && !subtitle.isEmpty()) {
            TextTitle sub = new TextTitle(subtitle, SUBTITLE_FONT);
            sub.setPaint(TEXT);
            chart.addSubtitle(sub);
        }
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(LABEL_FONT);
            legend.setPosition(RectangleEdge.BOTTOM);
            legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        if (plot instanceof CategoryPlot) {
            CategoryPlot p = (CategoryPlot) plot;
            p.setRangeGridlinePaint(GRID);
            p.setRangeGridlineStroke(new BasicStroke(1f));
            p.setDomainGridlinesVisible(false);
            axis(p.getDomainAxis());
            axis(p.getRangeAxis());
            if (p.getOrientation() == PlotOrientation.VERTICAL) {
                upright(p.getRangeAxis());
            }
        } else if (plot instanceof XYPlot) {
            XYPlot p = (XYPlot) plot;
            p.setRangeGridlinePaint(GRID);
            p.setDomainGridlinePaint(GRID);
            p.setRangeGridlineStroke(new BasicStroke(1f));
            p.setDomainGridlineStroke(new BasicStroke(1f));
            axis(p.getDomainAxis());
            axis(p.getRangeAxis());
            upright(p.getRangeAxis());
        }
        return chart;
    }

    /**
     * The label of a vertical axis written horizontally at its top end. JFreeChart draws rotated
     * text as glyph outlines, which an SVG keeps as paths: upright, the label stays text.
     */
    private static void upright(Axis a) {
        a.setLabelAngle(Math.PI / 2);
        a.setLabelLocation(AxisLabelLocation.HIGH_END);
    }

    private static void axis(Axis a) {
        a.setLabelFont(LABEL_FONT);
        a.setLabelPaint(TEXT);
        a.setTickLabelFont(TICK_FONT);
        a.setTickLabelPaint(TEXT);
    }
}
