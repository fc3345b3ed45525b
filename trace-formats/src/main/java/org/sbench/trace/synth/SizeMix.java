package org.sbench.trace.synth;

import java.util.SplittableRandom;
import org.sbench.trace.Op;
import org.sbench.trace.stats.SizeClass;

/**
 * How many reads and writes of each size class a reconstruction has, and their sizes, so that op
 * counts are exact, class shares match to rounding, and, where bytes were published, bytes too.
 * Sizes lie inside each class's range (docs/definitions.md: {@code 8K} is (4K, 8K]); one interpolation
 * between the classes' smallest and largest sizes is solved per op for its bytes, and a tilt
 * moving small classes towards reads is solved so that reads and writes need the same
 * interpolation. Without published bytes, the interpolation per op is the profile's choice ({@code <4K}
 * and {@code >128K} reach up to the profile's chosen sizes, which also bound them when bytes are
 * solved). Draws classes without replacement, so the counts come out exactly
 * whatever the order.
 */
final class SizeMix {
    private static final SizeClass[] CLASSES = SizeClass.values();
    private static final int BISECTIONS = 60;
    /** Smallest and largest size of each class (K = 1024; 4K is exactly 4096), and the step between sizes: whole
     * 4 KiB clusters from 4K up, as file systems issue them. */
    private static final long[] SMALLEST = {512, 4096, 8192, 12288, 20480, 36864, 69632, 135168};
    private static final long[] UNIT = {512, 4096, 4096, 4096, 4096, 4096, 4096, 4096};

    private final long[][] remaining = new long[2][CLASSES.length];
    private final long[][] sizes = new long[2][CLASSES.length];
    private final long[] remainingByOp = new long[2];

    SizeMix(WorkloadProfile p) {
        long reads = p.reads();
        long writes = p.writes();
        long[] total = apportion(reads + writes, p.sizeShares());
        double tilt = 0;
        double lambdaRead = p.readSizeInterpolation();
        double lambdaWrite = p.writeSizeInterpolation();
        long largest = p.largestBytes();
        long small = p.smallBytes();
        if (p.bytesRead() > 0 && p.bytesWritten() > 0) {
            // Reads and writes share one interpolation between the classes' smallest and largest sizes;
            // the tilt moving small classes to reads is what makes their bytes differ.
            double lo = -4;
            double hi = 4;
            for (int i = 0; i < BISECTIONS; i++) {
                tilt = (lo + hi) / 2;
                long[] r = split(total, reads, tilt);
                if (lambda(r, p.bytesRead(), small, largest) < lambda(minus(total, r), p.bytesWritten(), small, largest)) {
                    lo = tilt;
                } else {
                    hi = tilt;
                }
            }
            long[] r = split(total, reads, tilt);
            lambdaRead = lambda(r, p.bytesRead(), small, largest);
            lambdaWrite = lambda(minus(total, r), p.bytesWritten(), small, largest);
        }
        long[] r = split(total, reads, tilt);
        sizes[0] = classSizes(lambdaRead, small, largest);
        sizes[1] = classSizes(lambdaWrite, small, largest);
        remaining[0] = r;
        remaining[1] = minus(total, r);
        remainingByOp[0] = reads;
        remainingByOp[1] = writes;
    }

    /** Sizes per class at interpolation {@code lambda} from the smallest (0) to the largest (1) size of each class. */
    private static long[] classSizes(double lambda, long small, long largest) {
        long[] s = new long[CLASSES.length];
        for (int c = 0; c < CLASSES.length; c++) {
            long lo = SMALLEST[c];
            long hi = c == SizeClass.OVER_128K.ordinal() ? largest : c == SizeClass.UNDER_4K.ordinal() ? small : CLASSES[c].maxBytes();
            s[c] = Math.max(lo, Math.round((lo + lambda * (hi - lo)) / UNIT[c]) * UNIT[c]);
        }
        return s;
    }

    /** The interpolation at which {@code counts} carry {@code bytes} (clamped to [0, 1]). */
    private static double lambda(long[] counts, long bytes, long small, long largest) {
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < BISECTIONS; i++) {
            double mid = (lo + hi) / 2;
            if (bytes(counts, classSizes(mid, small, largest)) < bytes) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static long[] minus(long[] a, long[] b) {
        long[] d = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }

    /** Reads per class: the classes' totals weighted by 2^(−tilt·class index), summing to {@code reads}. */
    private long[] split(long[] total, long reads, double tilt) {
        double[] weights = new double[CLASSES.length];
        for (int c = 0; c < CLASSES.length; c++) {
            weights[c] = total[c] * StrictMath.pow(2, -tilt * c);
        }
        long[] r = apportion(reads, weights);
        // A class cannot have more reads than IOs; move the excess to classes with room.
        for (int c = 0; c < CLASSES.length; c++) {
            long excess = r[c] - total[c];
            if (excess > 0) {
                r[c] = total[c];
                for (int d = 0; d < CLASSES.length && excess > 0; d++) {
                    long room = total[d] - r[d];
                    long move = Math.min(room, excess);
                    if (move > 0) {
                        r[d] += move;
                        excess -= move;
                    }
                }
            }
        }
        return r;
    }

    private static long bytes(long[] counts, long[] size) {
        long b = 0;
        for (int c = 0; c < counts.length; c++) {
            b += counts[c] * size[c];
        }
        return b;
    }

    /** {@code n} split by {@code weights} with the largest-remainder method: exact total. */
    static long[] apportion(long n, double[] weights) {
        double sum = 0;
        for (double w : weights) {
            sum += w;
        }
        long[] out = new long[weights.length];
        double[] rest = new double[weights.length];
        long given = 0;
        for (int i = 0; i < weights.length; i++) {
            double exact = sum == 0 ? 0 : n * weights[i] / sum;
            out[i] = (long) Math.floor(exact);
            rest[i] = exact - out[i];
            given += out[i];
        }
        while (given < n) {
            int best = 0;
            for (int i = 1; i < rest.length; i++) {
                if (rest[i] > rest[best]) {
                    best = i;
                }
            }
            out[best]++;
            rest[best] = -1;
            given++;
        }
        return out;
    }

    long remaining(Op op) {
        return remainingByOp[index(op)];
    }

    /** Draws the size of the next IO of {@code op} (which must have IOs left). */
    long next(Op op, SplittableRandom random) {
        int o = index(op);
        long pick = random.nextLong(remainingByOp[o]);
        for (int c = 0; c < CLASSES.length; c++) {
            if (pick < remaining[o][c]) {
                remaining[o][c]--;
                remainingByOp[o]--;
                return sizes[o][c];
            }
            pick -= remaining[o][c];
        }
        throw new IllegalStateException("no IOs left for " + op);
    }

    private static int index(Op op) {
        return op == Op.READ ? 0 : 1;
    }
}
