package org.sbench.step;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.ArrayList;
import java.util.List;

/**
 * The SNIA PTS 2.0.2 steady-state test of a value tracked round by round (IOPS of a torture round,
 * MB/s of a trace pass): over a window of {@value #WINDOW} rounds, the range (max - min) is at most
 * {@value #RANGE_SHARE} of the window's mean, and the least-squares line through the window changes
 * by at most {@value #SLOPE_SHARE} of the mean across it (its value at the last round minus its value
 * at the first). A run in rounds stops at the first window that passes, or after {@value #MAX_ROUNDS}
 * rounds, "steady state not reached".
 */
public final class SteadyState {
    public static final int WINDOW = 5;
    public static final double RANGE_SHARE = 0.20;
    public static final double SLOPE_SHARE = 0.10;
    public static final int MAX_ROUNDS = 25;

    private SteadyState() {
    }

    /**
     * The check after some rounds: {@code reached} at round {@code round} (1-based, the last of the
     * window) or not (then {@code round} is 0), the value tracked, how many rounds ran, and the
     * window's mean, range and slope excursion (the last window when not reached; NaN before
     * {@value #WINDOW} rounds or when a round of the window measured no IO, null in JSON), and the
     * window's values (a round without IO: NaN, null in JSON).
     */
    public record Verdict(boolean reached, int round, String tracked, int rounds,
                          @JsonSerialize(using = NanAsNull.Writer.class) @JsonDeserialize(using = NanAsNull.Reader.class) double mean,
                          @JsonSerialize(using = NanAsNull.Writer.class) @JsonDeserialize(using = NanAsNull.Reader.class) double range,
                          @JsonSerialize(using = NanAsNull.Writer.class) @JsonDeserialize(using = NanAsNull.Reader.class)
                          double slopeExcursion,
                          @JsonSerialize(contentUsing = NanAsNull.Writer.class) @JsonDeserialize(contentUsing = NanAsNull.Reader.class)
                          List<Double> window) {
    }

    /** Checks the window of {@code values} that ends at their last value. */
    public static Verdict check(String tracked, List<Double> values) {
        int n = values.size();
        if (n < WINDOW) {
            return new Verdict(false, 0, tracked, n, Double.NaN, Double.NaN, Double.NaN, List.copyOf(values));
        }
        List<Double> window = new ArrayList<>(values.subList(n - WINDOW, n));
        double mean = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : window) {
            mean += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        mean /= WINDOW;
        double excursion = Math.abs(slope(window) * (WINDOW - 1));
        double range = max - min;
        boolean steady = mean > 0 && range <= RANGE_SHARE * mean && excursion <= SLOPE_SHARE * mean;
        return new Verdict(steady, steady ? n : 0, tracked, n, mean, range, excursion, window);
    }

    /** The least-squares slope of {@code y} against its index 0, 1, ... */
    static double slope(List<Double> y) {
        int n = y.size();
        double meanX = (n - 1) / 2.0;
        double meanY = 0;
        for (double v : y) {
            meanY += v;
        }
        meanY /= n;
        double num = 0;
        double den = 0;
        for (int i = 0; i < n; i++) {
            num += (i - meanX) * (y.get(i) - meanY);
            den += (i - meanX) * (i - meanX);
        }
        return num / den;
    }

    /** True when rounds should go on: not steady yet and fewer than {@value #MAX_ROUNDS} rounds ran. */
    public static boolean goOn(Verdict v) {
        return !v.reached() && v.rounds() < MAX_ROUNDS;
    }
}
