package org.sbench.result;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code report --hlog FILE}: the result's latency histograms as an HdrHistogram interval log
 * (written by HdrHistogram's {@link HistogramLogWriter}, read by its {@code HistogramLogReader} and
 * {@code HistogramLogProcessor}). One interval per op, tagged {@code read}, {@code write} and
 * {@code all}, each spanning the whole run (start time to start + wall time); values are service
 * times in ns, so the log tools' default output unit ratio of 10^6 shows ms.
 */
public final class HlogResultWriter implements ResultWriter {
    private static final long NS_PER_MS = 1_000_000L;

    @Override
    public String name() {
        return "hlog";
    }

    @Override
    public void write(ReplayResult r, Path file, OutputFiles files) {
        long startMs = startMs(r);
        long endMs = startMs + r.summary().wallNs() / NS_PER_MS;
        files.writeStream(file, out -> {
            PrintStream stream = new PrintStream(out, false, StandardCharsets.UTF_8);
            HistogramLogWriter log = new HistogramLogWriter(stream);
            log.outputComment("sbench " + r.sbenchVersion() + " replay of " + r.trace().name() + " (sha256 " + r.trace().sha256()
                    + ") on " + r.target().name() + "; values in ns");
            log.outputLogFormatVersion();
            log.outputStartTime(startMs);
            log.setBaseTime(startMs);
            log.outputBaseTime(startMs);
            log.outputLegend();
            for (String op : LatencyHistograms.OPS) {
                Histogram h = LatencyHistograms.of(r, op);
                h.setTag(op);
                h.setStartTimeStamp(startMs);
                h.setEndTimeStamp(endMs);
                log.outputIntervalHistogram(h);
            }
            stream.flush();
        });
    }

    /** The run's start in ms since the epoch; 0 when the result does not say (the log then counts from 0). */
    private static long startMs(ReplayResult r) {
        if (r.startedAt() == null) {
            return 0;
        }
        try {
            return Instant.parse(r.startedAt()).toEpochMilli();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }
}
