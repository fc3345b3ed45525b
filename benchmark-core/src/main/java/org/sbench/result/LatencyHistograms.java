package org.sbench.result;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The latency histograms a result carries ({@code latencyHistogram}: HdrHistogram's compressed
 * encoding in Base64, values in ns), decoded for reports. {@link JsonResults#read} has checked
 * that each decodes, so a failure here is a bug, not bad input.
 */
public final class LatencyHistograms {
    /** The ops a result has a histogram for, in report order. */
    public static final List<String> OPS = List.of(Metric.READ, Metric.WRITE, Metric.ALL_OPS);

    private LatencyHistograms() {
    }

    /** A fresh histogram of {@code op}'s service times in ns; the caller owns it. */
    public static Histogram of(ReplayResult r, String op) {
        try {
            return decode(r.latencyHistogram().get(op));
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalStateException("latency histogram '" + op + "' of a checked result does not decode", e);
        }
    }

    /** The sum of {@code op}'s histograms over several runs (the latency curve of repeated runs). */
    public static Histogram merged(List<ReplayResult> runs, String op) {
        Histogram sum = of(runs.get(0), op);
        for (int i = 1; i < runs.size(); i++) {
            sum.add(of(runs.get(i), op));
        }
        return sum;
    }

    /** Decodes one Base64 compressed histogram; throws on anything else. */
    static Histogram decode(String base64) throws DataFormatException {
        if (base64 == null) {
            throw new DataFormatException("missing");
        }
        byte[] bytes = Base64.getDecoder().decode(base64);
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    }
}
