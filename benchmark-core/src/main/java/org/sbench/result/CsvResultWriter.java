package org.sbench.result;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.sbench.SbenchException;
import org.sbench.trace.input.DurableEntries;

/**
 * {@code report --csv DIR}: five CSV files for spreadsheets, always the same five (a report into a directory
 * replaces the whole of one before), units in the column names (MB = 10^6
 * bytes, latencies in µs, rates over busy time):
 * <ul>
 * <li>{@code summary.csv}: {@code metric,op,unit,value}, one row per {@link Metric#ALL} entry (the
 *     keys {@code compare --csv} uses);</li>
 * <li>{@code size-classes.csv}: one row per size class and op (reads, writes), all 16 rows;</li>
 * <li>{@code timeseries.csv}: one row per second of the run (by completion time);</li>
 * <li>{@code latency-percentiles.csv}: {@code op,percentile,latency_us} at {@link #PERCENTILES}
 *     from the result's histograms (0 is the minimum, 100 the maximum; empty when the op has no IOs);</li>
 * <li>{@code members.csv}: one row per member of a striped target, in stripe order; no rows for a single drive.</li>
 * </ul>
 */
public final class CsvResultWriter implements ResultWriter {
    static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
    static final String SUMMARY = "summary.csv";
    static final String SIZE_CLASSES = "size-classes.csv";
    static final String TIME_SERIES = "timeseries.csv";
    static final String LATENCY_PERCENTILES = "latency-percentiles.csv";
    static final String MEMBERS = "members.csv";
    /** The percentile levels of {@code latency-percentiles.csv}: fixed, so files of several drives line up. */
    public static final List<Double> PERCENTILES = List.of(0.0, 1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5,
            99.9, 99.95, 99.99, 99.999, 100.0);
    private static final double NS_PER_US = 1e3;
    private static final double NS_PER_S = 1e9;
    private static final double MAX_PERCENTILE = 100.0;

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public void write(ReplayResult r, Path dir, OutputFiles files) {
        try {
            DurableEntries.createDirectories(dir);
        } catch (IOException e) {
            throw SbenchException.ioFailure("create directory", dir, e);
        }
        files.write(dir.resolve(SUMMARY), w -> summary(r, new CSVPrinter(w, FORMAT)));
        files.write(dir.resolve(SIZE_CLASSES), w -> sizeClasses(r, new CSVPrinter(w, FORMAT)));
        files.write(dir.resolve(TIME_SERIES), w -> timeSeries(r, new CSVPrinter(w, FORMAT)));
        files.write(dir.resolve(LATENCY_PERCENTILES), w -> percentiles(r, new CSVPrinter(w, FORMAT)));
        files.write(dir.resolve(MEMBERS), w -> members(r, new CSVPrinter(w, FORMAT)));
    }

    /** One row per member of a stripe; none for a single drive (the file still replaces a stripe's report before). */
    private static void members(ReplayResult r, CSVPrinter p) throws IOException {
        p.printRecord("member", "path", "model", "serial", "firmware", "in_flight_cap", "ios", "reads", "writes", "trims", "flushes",
                "bytes_read", "bytes_written", "busy_s", "mb_per_s", "iops", "errors", "p99_us", "qd_avg");
        int i = 0;
        for (ReplayResult.Member m : r.stripe() == null ? List.<ReplayResult.Member>of() : r.stripe().members()) {
            Map<String, String> d = m.device() == null ? Map.of() : m.device();
            p.printRecord(i++, m.path(), d.getOrDefault("model", ""), d.getOrDefault("serial", ""), d.getOrDefault("firmware", ""),
                    m.inFlightCap(), m.ios(), m.reads(), m.writes(), m.trims(), m.flushes(),
                    m.bytesRead(), m.bytesWritten(), number(m.ofItsIos(m.busyNs() / NS_PER_S)), number(m.ofItsIos(m.mbps())),
                    number(m.ofItsIos(m.iops())), m.errors(), number(m.ofItsIos(m.latency().p99Us())), number(m.ofItsIos(m.qd().avg())));
        }
        p.flush();
    }

    private static void summary(ReplayResult r, CSVPrinter p) throws IOException {
        p.printRecord("metric", "op", "unit", "value");
        for (Metric m : Metric.ALL) {
            p.printRecord(m.key(), m.op(), m.unit(), number(m.of(r)));
        }
        p.flush();
    }

    private static void sizeClasses(ReplayResult r, CSVPrinter p) throws IOException {
        p.printRecord("class", "op", "ios", "pct_of_ios", "bytes", "busy_s", "mb_per_s", "mean_us", "p50_us", "p90_us",
                "p99_us", "p99_9_us", "max_us", "over_10ms_pct");
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            ReplayResult.Latency l = c.latency();
            // A class without IOs has no busy time and no latency: empty cells, as in latency-percentiles.csv.
            DoubleFunction<String> none = v -> c.count() == 0 ? "" : number(v);
            p.printRecord(c.sizeClass(), c.op(), c.count(), number(c.pct()), c.bytes(), none.apply(c.busyNs() / NS_PER_S),
                    number(c.mbps()), none.apply(l.meanUs()), none.apply(l.p50Us()), none.apply(l.p90Us()),
                    none.apply(l.p99Us()), none.apply(l.p999Us()), none.apply(l.maxUs()), none.apply(l.over10msPct()));
        }
        p.flush();
    }

    private static void timeSeries(ReplayResult r, CSVPrinter p) throws IOException {
        p.printRecord("second", "read_iops", "write_iops", "read_mb_per_s", "write_mb_per_s", "seconds");
        for (ReplayResult.Second s : r.timeSeries()) {
            p.printRecord(s.second(), number(s.readIops()), number(s.writeIops()), number(s.readMbps()), number(s.writeMbps()),
                    number(s.length()));
        }
        p.flush();
    }

    private static void percentiles(ReplayResult r, CSVPrinter p) throws IOException {
        p.printRecord("op", "percentile", "latency_us");
        for (String op : LatencyHistograms.OPS) {
            Histogram h = LatencyHistograms.of(r, op);
            for (double level : PERCENTILES) {
                p.printRecord(op, number(level), h.getTotalCount() == 0 ? "" : number(valueAt(h, level) / NS_PER_US));
            }
        }
        p.flush();
    }

    /** As the result's summary states them: the maximum for 100, the minimum for 0. */
    static long valueAt(Histogram h, double percentile) {
        if (percentile >= MAX_PERCENTILE) {
            return h.getMaxValue();
        }
        return percentile <= 0 ? h.getMinValue() : h.getValueAtPercentile(percentile);
    }

    /** A number as a spreadsheet reads it: plain decimal, no exponent, no grouping; NaN as empty. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        BigDecimal d = BigDecimal.valueOf(v).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }
}
