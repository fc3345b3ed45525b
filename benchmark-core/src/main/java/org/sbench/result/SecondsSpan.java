package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * Seconds {@code from} (inclusive) to {@code to} (exclusive) of a run's per-second series, covering
 * {@code coveredS} seconds of its wall time: the span a rate is taken over. Every second of the series
 * is whole but the last, which covers only the rest of the run; {@link #of} joins a last second shorter
 * than half a second to the one before, so that the few IOs that complete just after a time limit
 * draw neither a point near zero (their count over a whole second) nor one over a few milliseconds.
 */
public record SecondsSpan(int from, int to, double coveredS) {
    private static final double NS_PER_S = 1e9;
    private static final long NS_PER_SECOND = 1_000_000_000L;
    private static final double HALF = 0.5;

    /** The run's seconds as spans: one per second, the last partial one as above. */
    public static List<SecondsSpan> of(ReplayResult r) {
        return of(r.timeSeries().size(), r.summary().wallNs());
    }

    /** The spans of a run of {@code wallNs} whose series has {@code n} seconds, as {@link #of(ReplayResult)}. */
    public static List<SecondsSpan> of(int n, long wallNs) {
        double lastS = lastSecondS(n, wallNs);
        List<SecondsSpan> out = new ArrayList<>(n);
        for (int s = 0; s < n - 1; s++) {
            out.add(new SecondsSpan(s, s + 1, 1));
        }
        if (n > 1 && lastS < HALF) {
            out.set(n - 2, new SecondsSpan(n - 2, n, 1 + lastS));
        } else if (n > 0) {
            out.add(new SecondsSpan(n - 1, n, lastS));
        }
        return out;
    }

    /** The time a run of {@code wallNs} covered of the last of its series' {@code n} seconds, in seconds (0 without any). */
    static double lastSecondS(int n, long wallNs) {
        return n == 0 ? 0 : Math.max(0, Math.min(1, (wallNs - (n - 1) * NS_PER_SECOND) / NS_PER_S));
    }

    /** {@code spans} joined {@code bin} at a time (the last group what is left): fewer points over a long run. */
    public static List<SecondsSpan> binned(List<SecondsSpan> spans, int bin) {
        List<SecondsSpan> out = new ArrayList<>((spans.size() + bin - 1) / bin);
        for (int i = 0; i < spans.size(); i += bin) {
            SecondsSpan span = spans.get(i);
            for (int k = i + 1; k < Math.min(i + bin, spans.size()); k++) {
                span = span.join(spans.get(k));
            }
            out.add(span);
        }
        return out;
    }

    /** This span and the next one as one. */
    public SecondsSpan join(SecondsSpan next) {
        return new SecondsSpan(from, next.to, coveredS + next.coveredS);
    }

    /** The rate {@code perSecond} (of each second, over its length) over this span (0 over no time). */
    public double rate(List<ReplayResult.Second> series, ToDoubleFunction<ReplayResult.Second> perSecond) {
        return coveredS == 0 ? 0 : sum(series, perSecond) / coveredS;
    }

    /** What the rate {@code perSecond} amounts to over this span's seconds: each second's rate times its length. */
    public double sum(List<ReplayResult.Second> series, ToDoubleFunction<ReplayResult.Second> perSecond) {
        return sum(s -> perSecond.applyAsDouble(series.get(s)) * series.get(s).length());
    }

    /** The sum of {@code value} (of a second of the series, by its number) over this span's seconds. */
    public double sum(IntToDoubleFunction value) {
        double sum = 0;
        for (int s = from; s < to; s++) {
            sum += value.applyAsDouble(s);
        }
        return sum;
    }
}
