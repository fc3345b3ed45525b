package org.sbench.trace.synth;

import java.util.SplittableRandom;

/**
 * Chooses the recorded queue depth of each generated IO so that the depths follow a target
 * distribution. A queue grows by at most one IO per issue, so from depth q the next IO may be at
 * any depth 1..q+1. Real traces alternate stretches at QD 1 (the device idles between single IOs)
 * with bursts that build a queue; the shaper does the same: it stays at QD 1 while that depth lags
 * its target share, then aims at the deeper depth lagging most, climbs to it one step per IO,
 * stays there while it lags, and moves on (back to QD 1 or to another depth). Counts track the
 * target by feedback; the depths a climb passes through run somewhat ahead of theirs.
 */
final class QdShaper {
    private static final double PERCENT = 100.0;

    private final double[] target;
    private final long[] counts;
    private final SplittableRandom random;
    private long n;
    private int aim = 1;

    /** @param target shares by depth (index 0 unused), summing to 1 */
    QdShaper(double[] target, SplittableRandom random) {
        this.target = target;
        this.counts = new long[target.length];
        this.random = random;

    }

    /** The depth of the next IO when {@code open} IOs are outstanding before it. */
    int next(int open) {
        n++;
        if (aim == 1) {
            if (lags(1) || target.length <= 2) {
                return count(1);
            }
            aim = tailAim();
        }
        if (aim > open + 1) {
            return count(open + 1);
        }
        if (!lags(aim)) {
            if (lags(1)) {
                aim = 1;
                return count(1);
            }
            aim = tailAim();
        }
        return count(Math.min(aim, open + 1));
    }

    private boolean lags(int depth) {
        return target[depth] * n - counts[depth] > 0;
    }

    /** The depth of 2 or more lagging its target most (now and then the second most, for variety). */
    private int tailAim() {
        int best = 2;
        int second = 2;
        double bestDeficit = Double.NEGATIVE_INFINITY;
        double secondDeficit = Double.NEGATIVE_INFINITY;
        for (int k = 2; k < target.length; k++) {
            double deficit = target[k] * n - counts[k];
            if (deficit > bestDeficit) {
                second = best;
                secondDeficit = bestDeficit;
                best = k;
                bestDeficit = deficit;
            } else if (deficit > secondDeficit) {
                second = k;
                secondDeficit = deficit;
            }
        }
        return secondDeficit > 0 && random.nextInt(4) == 0 ? second : best;
    }

    private int count(int qd) {
        counts[Math.min(qd, counts.length - 1)]++;
        return qd;
    }

    /**
     * A histogram given as {@code "1:73.4,2:16.8,4-5:2.3,>32:0.2"} (percent per bucket) spread
     * evenly over the depths of each bucket, {@code >N} meaning N+1..max.
     */
    static double[] fromBuckets(String spec, int max) {
        double[] d = new double[max + 1];
        double sum = 0;
        for (String part : spec.split(",")) {
            String[] kv = part.strip().split(":");
            String range = kv[0].strip();
            double pct = Double.parseDouble(kv[1].strip());
            int lo;
            int hi;
            if (range.startsWith(">")) {
                lo = Integer.parseInt(range.substring(1)) + 1;
                hi = max;
            } else if (range.contains("-")) {
                lo = Integer.parseInt(range.substring(0, range.indexOf('-')));
                hi = Integer.parseInt(range.substring(range.indexOf('-') + 1));
            } else {
                lo = Integer.parseInt(range);
                hi = lo;
            }
            for (int k = lo; k <= hi; k++) {
                d[k] += pct / PERCENT / (hi - lo + 1);
            }
            sum += pct / PERCENT;
        }
        for (int k = 1; k <= max; k++) {
            d[k] /= sum;
        }
        return d;
    }

    /**
     * QD 1 with share {@code qd1}, depths 2..max with shares falling (or rising) geometrically, the
     * ratio chosen by bisection so that the mean depth is {@code mean}.
     */
    static double[] geometricTail(double qd1, double mean, int max) {
        double tailMean = (mean - qd1) / (1 - qd1);
        double lo = 1e-6;
        double hi = 50;
        for (int i = 0; i < 200; i++) {
            double r = Math.sqrt(lo * hi);
            if (tailMean(r, max) < tailMean) {
                lo = r;
            } else {
                hi = r;
            }
        }
        double r = Math.sqrt(lo * hi);
        double[] d = new double[max + 1];
        d[1] = qd1;
        double norm = 0;
        for (int k = 2; k <= max; k++) {
            norm += StrictMath.pow(r, k - 2);
        }
        for (int k = 2; k <= max; k++) {
            d[k] = (1 - qd1) * StrictMath.pow(r, k - 2) / norm;
        }
        return d;
    }

    private static double tailMean(double r, int max) {
        double w = 0;
        double s = 0;
        for (int k = 2; k <= max; k++) {
            double p = StrictMath.pow(r, k - 2);
            w += p;
            s += p * k;
        }
        return s / w;
    }
}
