package org.sbench.result.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

class PercentileCurveChartTest {
    /**
     * The percentile iteration goes on past the slowest of N IOs (1 − 1/N) with the maximum's value;
     * drawn there and then the maximum at 1 − 1/N, the curve turned back at its end (a hook seen on
     * the latency charts of report and compare).
     */
    @Test
    void theCurveNeverTurnsBackAndEndsAtTheSlowestIo() {
        for (int n : new int[] {7, 484, 6_939, 13_061}) {
            Histogram h = new Histogram(3);
            for (int i = 1; i <= n; i++) {
                h.recordValue(1_000L * (1 + i % 97) + (i == n ? 1_000_000 : 0));
            }
            XYDataset d = PercentileCurveChart.create("t", "s", List.of(new PercentileCurveChart.Curve("write", Color.RED, h)))
                    .getXYPlot().getDataset();
            int last = d.getItemCount(0) - 1;
            for (int i = 1; i <= last; i++) {
                assertTrue(d.getXValue(0, i) >= d.getXValue(0, i - 1), n + " IOs: point " + i + " at x " + d.getXValue(0, i)
                        + " left of the one before, at " + d.getXValue(0, i - 1));
            }
            assertEquals(n, d.getXValue(0, last), "the maximum at 1 - 1/N");
            assertEquals(h.getMaxValue() / 1e3, d.getYValue(0, last));
        }
    }

    /**
     * The latency axis ran from the fastest point / 1.25 to the slowest x 1.25: a report whose slowest write took 7,901 µs
     * drew its curves up past the 1,000 tick to an unlabelled top at some 9,900 µs, the top decade without a number
     * (Chromium at 1280 px, report of a stopped light-2010 replay). The axis spans whole decades, each end labelled.
     */
    @Test
    void theLatencyAxisEndsAtLabelledPowersOfTen() {
        Histogram h = new Histogram(3);
        h.recordValue(3_000);
        h.recordValue(7_901_000);
        org.jfree.chart.axis.ValueAxis latency = PercentileCurveChart.create("t", "s",
                List.of(new PercentileCurveChart.Curve("write", Color.RED, h))).getXYPlot().getRangeAxis();
        assertEquals(1.0, latency.getLowerBound(), 1e-9);
        assertEquals(10_000.0, latency.getUpperBound(), 1e-6);
    }
}
