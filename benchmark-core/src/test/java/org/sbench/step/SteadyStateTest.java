package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PTS steady-state rules on series built to lie just inside and just outside each. */
class SteadyStateTest {
    private static SteadyState.Verdict check(double... values) {
        List<Double> v = new ArrayList<>();
        for (double d : values) {
            v.add(d);
        }
        return SteadyState.check("iops", v);
    }

    @Test
    void fewerThanFiveRoundsAreNeverSteady() {
        SteadyState.Verdict v = check(100, 100, 100, 100);
        assertFalse(v.reached());
        assertEquals(4, v.rounds());
        assertTrue(SteadyState.goOn(v));
    }

    @Test
    void aFlatWindowIsSteadyAtItsLastRound() {
        SteadyState.Verdict v = check(500, 300, 100, 100, 100, 100, 100);
        assertTrue(v.reached());
        assertEquals(7, v.round());
        assertEquals(100, v.mean(), 1e-9);
        assertFalse(SteadyState.goOn(v));
    }

    @Test
    void theRangeRuleIsTwentyPercentOfTheMean() {
        // Symmetric around 100 (slope 0): range 19.8 passes, 20.2 fails.
        assertTrue(check(100, 90.1, 109.9, 100, 100).reached(), "range 19.8% of the mean");
        assertFalse(check(100, 89.9, 110.1, 100, 100).reached(), "range 20.2% of the mean");
    }

    @Test
    void theSlopeRuleIsTenPercentOfTheMeanAcrossTheWindow() {
        // A straight line 95, 97.45, ..., 104.9: range 9.9 (inside 20%), excursion across the window 9.9 (inside 10%).
        assertTrue(check(95, 97.475, 99.95, 102.425, 104.9).reached(), "excursion 9.9% of the mean");
        // 94.9 .. 105.1: excursion 10.2 of a mean of 100 fails, though the range (10.2) would pass.
        SteadyState.Verdict tooSteep = check(94.9, 97.45, 100, 102.55, 105.1);
        assertFalse(tooSteep.reached(), "excursion 10.2% of the mean");
        assertEquals(10.2, tooSteep.slopeExcursion(), 1e-9);
        assertEquals(10.2, tooSteep.range(), 1e-9);
    }

    /** A round that measured no IO (a scenario refuses to track a step that issues none, a purge or an idle without probes): not steady, and null in JSON, never "NaN". */
    @Test
    void aRoundWithoutIoIsNeverSteadyAndItsValueIsNullInJson() throws Exception {
        SteadyState.Verdict v = check(100, 100, Double.NaN, 100, 100);
        assertFalse(v.reached());
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String json = mapper.writeValueAsString(v);
        assertTrue(json.contains("\"window\":[100.0,100.0,null,100.0,100.0]") && json.contains("\"mean\":null"), json);
        assertTrue(Double.isNaN(mapper.readValue(json, SteadyState.Verdict.class).window().get(2)));
    }

    @Test
    void roundsStopAtTwentyFiveWhenNeverSteady() {
        List<Double> v = new ArrayList<>();
        SteadyState.Verdict last = null;
        for (int round = 1; round <= 30 && (last == null || SteadyState.goOn(last)); round++) {
            v.add(round % 2 == 0 ? 50.0 : 150.0);
            last = SteadyState.check("iops", v);
        }
        assertEquals(SteadyState.MAX_ROUNDS, last.rounds());
        assertFalse(last.reached());
    }
}
