package org.sbench.result.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.awt.Paint;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChartStyleTest {
    /**
     * compare of 10 drives drew the 9th column's latency curve and bars in the 2nd's blue and the 10th's in the 3rd's
     * green (7 colours past the baseline's orange): two curves of one colour cannot be told apart. 15 drives have colours
     * of their own, none the baseline's.
     */
    @Test
    void fifteenDrivesHaveColoursOfTheirOwn() {
        List<Paint> colours = IntStream.range(0, 14).mapToObj(ChartStyle::series).toList();
        assertEquals(14, colours.stream().distinct().count(), colours.toString());
        assertFalse(colours.contains(ChartStyle.BASELINE));
    }
}
