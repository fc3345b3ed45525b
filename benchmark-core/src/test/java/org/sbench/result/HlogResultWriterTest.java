package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.time.Instant;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HlogResultWriterTest {
    @Test
    void hdrHistogramsOwnReaderReadsOneTaggedIntervalPerOp(@TempDir Path dir) throws Exception {
        ReplayResult r = ResultFixtures.load(ResultFixtures.A);
        Path log = dir.resolve("a.hlog");
        new HlogResultWriter().write(r, log);
        long startMs = Instant.parse("2026-11-30T10:00:00Z").toEpochMilli();
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            String[] tags = {"read", "write", "all"};
            long[] counts = {2, 2, 4};
            long[] max = {1500, 2000, 2000};
            for (int i = 0; i < tags.length; i++) {
                EncodableHistogram e = reader.nextIntervalHistogram();
                Histogram h = (Histogram) e;
                assertEquals(tags[i], h.getTag());
                assertEquals(counts[i], h.getTotalCount());
                assertEquals(max[i], h.getMaxValue());
                assertEquals(startMs, h.getStartTimeStamp());
                assertEquals(startMs + 3000, h.getEndTimeStamp(), "the interval spans the wall time, 3 s");
                assertEquals(LatencyHistograms.of(r, tags[i]), h);
            }
            assertNull(reader.nextIntervalHistogram());
            assertEquals(startMs / 1000.0, reader.getStartTimeSec(), 1e-3);
        }
    }
}
