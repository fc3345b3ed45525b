package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoSlot;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.replay.Replayer;
import org.sbench.trace.Op;

class ReplayResultsTest {
    private static final long MS = 1_000_000;

    /** Two reads of 1 MB over [0, 2 ms) and [1 ms, 3 ms), a 4 KiB write over [10 ms, 11 ms), one failed read. */
    static MetricsRecorder metrics() {
        MetricsRecorder m = new MetricsRecorder(0);
        IoSlot a = slot(0, Op.READ, 1_000_000);
        IoSlot b = slot(1, Op.READ, 1_000_000);
        IoSlot w = slot(2, Op.WRITE, 4096);
        IoSlot bad = slot(3, Op.READ, 4096);
        submit(m, a, 0, 1, 1);
        submit(m, b, 1 * MS, 2, 2);
        done(m, a, 2 * MS, a.lengthBytes);
        done(m, b, 3 * MS, b.lengthBytes);
        submit(m, w, 10 * MS, 1, 1);
        done(m, w, 11 * MS, 4096);
        submit(m, bad, 12 * MS, 1, 1);
        done(m, bad, 12 * MS + 500, -5);
        return m;
    }

    static IoSlot slot(int i, Op op, long length) {
        IoSlot s = new IoSlot(i, 0, 1 << 20, ByteBuffer.allocate(1));
        s.op = op;
        s.lengthBytes = length;
        s.tag = i;
        return s;
    }

    static void submit(MetricsRecorder m, IoSlot s, long t, int qd, int recordedQd) {
        s.submitNs = t;
        m.submitted(s, qd, recordedQd, -1);
    }

    static void done(MetricsRecorder m, IoSlot s, long t, long result) {
        s.doneNs = t;
        s.result = result;
        m.completed(s, -1);
    }

    static ReplayResults.Context context() {
        return context(false);
    }

    static ReplayResults.Context context(boolean timed) {
        return new ReplayResults.Context("test", "2026-11-30T00:00:00Z",
                new ReplayResult.Settings(timed ? "timed" : "recorded-qd", null, 25 * MS, null, "random", "null", null, null, "error", null, null, null, false,
                        null, "stop", "poll"),
                new ReplayResult.TraceIdentity("t", "/t.sbt", "sbt", "00", 4),
                new ReplayResult.TargetIdentity("null", "null", 1L << 30, 512, 512, Map.of(), null),
                new ReplayResult.Host("6.18", "cpu", 2, "17"), new ReplayResult.Mapping(0, 0, 0, 0, 0, 0, 0, 0, "test", null, null), timed, java.util.List.of(), 8);
    }

    @Test
    void summaryNumbersFollowTheDefinitions() {
        ReplayResult r = ReplayResults.build(context(), new Replayer.Outcome(true, null, 4, 4, 4, 4, 0), metrics());
        ReplayResult.Summary s = r.summary();
        assertEquals(3, s.ios(), "failed IOs are counted as errors, not IOs");
        assertEquals(1, s.errors());
        assertEquals(2_000_000, s.bytesRead());
        assertEquals(3 * MS + 1 * MS + 500, s.busyNs(), "union: [0,3ms) + [10,11ms) + [12ms,12ms+500ns)");
        assertEquals(3 * MS + 500, s.readBusyNs());
        assertEquals(1 * MS, s.writeBusyNs());
        assertEquals(12 * MS + 500, s.wallNs());
        assertEquals(2_000_000 / 1e6 / ((3 * MS + 500) / 1e9), s.readMbps(), 1e-9);
        assertEquals(3 / ((4 * MS + 500) / 1e9), s.iops(), 1e-6);
        assertEquals(2000.0, s.latency().get("read").maxUs(), 2.0); // 3 significant digits
        assertEquals(Map.of("EIO", 1L), r.errors().get("read"));
        ReplayResult.SizeClassResult big = r.sizeClasses().stream()
                .filter(c -> c.sizeClass().equals(">128K") && c.op().equals("read")).findFirst().orElseThrow();
        assertEquals(2, big.count());
        assertEquals(3 * MS, big.busyNs());
        assertEquals(0.0, r.fidelity().qdTvd(), 1e-12);
    }

    @Test
    void timedLatenessTellsTheIosThatWaitedForAFlushFromTheOthers(@TempDir Path dir) throws Exception {
        MetricsRecorder m = metrics();
        for (int i = 0; i < 3; i++) {
            m.lateness(1_000, false);
        }
        m.lateness(2 * MS, true);
        ReplayResult r = ReplayResults.build(context(true), new Replayer.Outcome(true, null, 4, 4, 4, 4, 0), m);
        ReplayResult.Lateness l = r.fidelity().latenessUs();
        assertEquals(2000.0, l.max(), 2.0);
        assertEquals(1L, l.behindFlush());
        assertEquals(1.0, l.others().max(), 0.01);
        assertEquals(null, l.others().behindFlush());
        assertTrue(TableResultWriter.fidelity(r).endsWith(" us (1 IO fell due during a flush or trim, which the replay waits for;"
                + " the others p50 1.0 us p99 1.0 us max 1.0 us)"), TableResultWriter.fidelity(r));
        JsonResults json = new JsonResults();
        Path file = dir.resolve("r.json");
        json.write(r, file);
        assertEquals(r, json.read(file));
        JsonNode lateness = new ObjectMapper().readTree(file.toFile()).get("fidelity").get("latenessUs");
        assertEquals(1, lateness.get("behindFlush").asLong());
        assertEquals(false, lateness.get("others").has("behindFlush"));
    }

    /**
     * A run of 1.25 s: its last element covers 0.25 s, and states so; its rates are over that time (3 reads of 1 MB: 12 IOPS
     * and 12 MB/s, where they read 3 as if over a whole second, a false dip at the end of every run).
     */
    @Test
    void aLastPartialSecondStatesItsLengthAndItsRatesOverIt(@TempDir Path dir) throws Exception {
        MetricsRecorder m = new MetricsRecorder(0);
        long[] done = {100 * MS, 900 * MS, 1100 * MS, 1200 * MS, 1250 * MS};
        for (int i = 0; i < done.length; i++) {
            IoSlot s = slot(i, Op.READ, 1_000_000);
            submit(m, s, i == 0 ? 0 : done[i - 1], 1, 1);
            done(m, s, done[i], s.lengthBytes);
        }
        ReplayResult r = ReplayResults.build(context(), new Replayer.Outcome(true, null, 5, 5, 5, 5, 0), m);
        assertEquals(1250 * MS, r.summary().wallNs());
        assertEquals(2, r.timeSeries().size());
        ReplayResult.Second whole = r.timeSeries().get(0);
        assertEquals(null, whole.seconds(), "a whole second says nothing of its length");
        assertEquals(2, whole.readIops(), 1e-9);
        assertEquals(2, whole.readMbps(), 1e-9);
        ReplayResult.Second last = r.timeSeries().get(1);
        assertEquals(0.25, last.seconds(), 1e-9);
        assertEquals(3 / 0.25, last.readIops(), 1e-9);
        assertEquals(3 / 0.25, last.readMbps(), 1e-9);
        assertEquals(0, last.writeIops(), 1e-9);

        JsonResults json = new JsonResults();
        Path file = dir.resolve("r.json");
        json.write(r, file);
        assertEquals(r, json.read(file), "a result of this format is read as written");
        JsonNode series = new ObjectMapper().readTree(file.toFile()).get("timeSeries");
        assertFalse(series.get(0).has("seconds"));
        assertEquals(0.25, series.get(1).get("seconds").asDouble(), 1e-9);
        assertEquals(12, series.get(1).get("readIops").asDouble(), 1e-9);
    }

    @Test
    void jsonRoundTripsAndTheHistogramDecodes(@TempDir Path dir) throws Exception {
        ReplayResult r = ReplayResults.build(context(), new Replayer.Outcome(false, "interrupted", 4, 9, 9, 4, 0), metrics());
        JsonResults json = new JsonResults();
        Path file = dir.resolve("r.json");
        json.write(r, file);
        assertEquals(r, json.read(file));
        JsonNode tree = new ObjectMapper().readTree(file.toFile());
        assertEquals(false, tree.get("complete").asBoolean());
        assertEquals("format", tree.fieldNames().next(), "first, so that a later build tells the format at once");
        assertEquals(ReplayResult.FORMAT, tree.get("format").asInt());
        assertEquals(9, tree.get("fidelity").get("inTrace").asLong(), "the trace's IOs, not the records read when it stopped");
        for (String k : new String[] {"ios", "reads", "writes", "trims", "flushes", "bytesRead", "bytesWritten", "busyNs",
                "readBusyNs", "writeBusyNs", "wallNs", "iops", "mbps", "readMbps", "writeMbps", "errors"}) {
            assertTrue(tree.get("summary").get(k).isNumber(), k);
        }
        assertEquals(">128K", tree.get("sizeClasses").get(14).get("class").asText());
        byte[] bytes = Base64.getDecoder().decode(tree.get("latencyHistogram").get("read").asText());
        Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        assertEquals(2, h.getTotalCount());
    }
}
