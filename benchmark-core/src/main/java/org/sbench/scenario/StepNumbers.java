package org.sbench.scenario;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.sbench.result.LatencyHistograms;
import org.sbench.result.Metric;
import org.sbench.result.ReplayResult;
import org.sbench.step.BundleLog;

/**
 * The key numbers of a step over all its IO runs, as every sbench result defines them: IOs, bytes,
 * busy time (the runs' busy times added: runs never overlap), MB/s and IOPS over it (MB = 10^6 bytes),
 * p99 service time of all IOs (the runs' histograms added), and IO errors. Rates are NaN for a step
 * without IOs (a purge). Sums stop at {@link Long#MAX_VALUE} ({@link BundleLog#added}).
 */
public record StepNumbers(int runs, long ios, long bytesRead, long bytesWritten, long busyNs, double mbps, double iops,
                          double p99Us, long errors) {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final double NS_PER_US = 1e3;
    private static final double P99 = 99.0;

    public static StepNumbers of(List<ReplayResult> runs) {
        long ios = 0;
        long read = 0;
        long written = 0;
        long busy = 0;
        long errors = 0;
        for (ReplayResult r : runs) {
            ReplayResult.Summary s = r.summary();
            ios = BundleLog.added(ios, s.ios());
            read = BundleLog.added(read, s.bytesRead());
            written = BundleLog.added(written, s.bytesWritten());
            busy = BundleLog.added(busy, s.busyNs());
            errors = BundleLog.added(errors, s.errors());
        }
        double seconds = busy / NS_PER_S;
        double p99 = Double.NaN;
        if (!runs.isEmpty()) {
            Histogram all = LatencyHistograms.merged(runs, Metric.ALL_OPS);
            p99 = all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(P99) / NS_PER_US;
        }
        return new StepNumbers(runs.size(), ios, read, written, busy, ios == 0 ? Double.NaN : BundleLog.added(read, written) / BYTES_PER_MB / seconds,
                ios == 0 ? Double.NaN : ios / seconds, p99, errors);
    }

    /** The value a steady-state group tracks: {@code iops} or {@code mbps}. */
    public double value(String metric) {
        return Scenario.Track.IOPS.equals(metric) ? iops : mbps;
    }
}
