package org.sbench.scenario;

import java.util.Locale;
import org.sbench.step.SteadyState;

/** A steady-state verdict in words, for the terminal, the report and compare. */
final class SteadyStates {
    private static final double PERCENT = 100;

    private SteadyStates() {
    }

    /**
     * {@code steady state of iops of torture reached at round 7 (rounds 3-7: mean 10234.5, range 8.1% and
     * slope excursion 2.2% of the mean)}, or {@code ... not reached in 25 rounds (last window: ...)}.
     */
    static String describe(SteadyState.Verdict v) {
        String head = "steady state of " + v.tracked();
        if (v.rounds() < SteadyState.WINDOW) {
            return head + ": " + v.rounds() + " rounds, fewer than the window of " + SteadyState.WINDOW;
        }
        if (Double.isNaN(v.mean())) {
            return head + " not reached in " + v.rounds() + " rounds (a round of the last window measured no IO: nothing to"
                    + " track)";
        }
        String window = String.format(Locale.ROOT, "mean %.1f, range %.1f%% and slope excursion %.1f%% of the mean",
                v.mean(), PERCENT * v.range() / v.mean(), PERCENT * v.slopeExcursion() / v.mean());
        if (v.reached()) {
            return head + " reached at round " + v.round() + " (rounds " + (v.round() - SteadyState.WINDOW + 1) + "-" + v.round()
                    + ": " + window + ")";
        }
        return head + " not reached in " + v.rounds() + " rounds (last window: " + window + "; steady needs at most "
                + Math.round(PERCENT * SteadyState.RANGE_SHARE) + "% and " + Math.round(PERCENT * SteadyState.SLOPE_SHARE) + "%)";
    }
}
