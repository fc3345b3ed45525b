package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.step.SteadyState;

class SteadyStatesTest {
    @Test
    void aWindowWithARoundWithoutIoSaysSoNotNaN() {
        SteadyState.Verdict v = SteadyState.check("iops of purge", List.of(1.0, 2.0, Double.NaN, 4.0, 5.0));
        assertEquals("steady state of iops of purge not reached in 5 rounds (a round of the last window measured no IO:"
                + " nothing to track)", SteadyStates.describe(v));
    }

    @Test
    void aWindowInWordsWithItsFigures() {
        SteadyState.Verdict v = SteadyState.check("iops of torture", List.of(100.0, 100.0, 100.0, 100.0, 100.0));
        assertEquals("steady state of iops of torture reached at round 5 (rounds 1-5: mean 100.0, range 0.0% and slope excursion"
                + " 0.0% of the mean)", SteadyStates.describe(v));
    }
}
