package org.sbench.result.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Color;
import java.util.List;
import java.util.stream.IntStream;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.junit.jupiter.api.Test;

class SeriesLineChartTest {
    /**
     * A point between two gaps (a short run of a long scenario, alone in its bin of the over-time chart) is no line, and
     * over 120 points no point had a shape: it was not drawn at all. It is drawn as a shape; points of a line are not.
     */
    @Test
    void aPointBetweenGapsIsDrawnAsAShape() {
        double[] x = IntStream.range(0, 200).asDoubleStream().toArray();
        double[] y = IntStream.range(0, 200).mapToDouble(i -> i == 1 || i == 3 || i == 198 ? Double.NaN : i).toArray();
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) SeriesLineChart.create("t", "s", "x", "y", List.of(new SeriesLineChart.Line("write", Color.RED, x, y)))
                .getXYPlot().getRenderer();
        List<Integer> shapes = IntStream.range(0, 200).filter(i -> r.getItemShapeVisible(0, i)).boxed().toList();
        assertEquals(List.of(0, 2, 199), shapes, "the first, before the gap at 1; the one between the gaps at 1 and 3; the last, after the gap at 198");
    }
}
