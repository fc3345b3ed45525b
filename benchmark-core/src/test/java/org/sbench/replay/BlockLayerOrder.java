package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.sbench.record.BioQueueCapture;
import org.sbench.record.RecordSettings;
import org.sbench.record.TraceRecorder;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;

/**
 * What the block layer saw of a replay, from tracefs captures of the device: the requests issued
 * ({@code block_rq_issue}, by sbench's own recorder) and the bios queued ({@code block_bio_queue}).
 */
final class BlockLayerOrder {
    private static final int MAX_WAITS = 500;
    private static final long WAIT_MS = 10;
    /** The signature checks' reads: the first and last 128 KiB, twice. */
    private static final long PROBE_BYTES = 4 * 128 * 1024;

    /** A replay's result, the requests the block layer issued during it, in issue order, and the bios queued, in queue order. */
    record Captured(ReplayResult result, List<IoRecord> seen, List<BioQueueCapture.Bio> bios) {
        /** The requests issued to the device recorded as stream {@code stream} (the {@code stream}th of several). */
        List<IoRecord> seen(int stream) {
            return seen.stream().filter(r -> r.stream == stream).toList();
        }

        /** The bios queued to {@code dev}. */
        List<BioQueueCapture.Bio> bios(LoopDevice dev) throws java.io.IOException {
            String disk = BioQueueCapture.majorMinor(dev.name());
            return bios.stream().filter(b -> b.disk().equals(disk)).toList();
        }
    }

    private BlockLayerOrder() {
    }

    /** Runs {@code replay} while recording {@code dev} into {@code capture}, until the capture holds {@code ios} IOs (or 5 s passed). */
    static Captured capture(LoopDevice dev, Path capture, int ios, Supplier<ReplayResult> replay) throws Exception {
        return capture(List.of(dev), capture, ios, replay);
    }

    /**
     * Runs {@code replay} while recording {@code devs} into {@code capture} (each request's stream
     * its device's place in {@code devs}), until the capture holds {@code ios} IOs (or 5 s passed).
     */
    static Captured capture(List<LoopDevice> devs, Path capture, int ios, Supplier<ReplayResult> replay) throws Exception {
        ReplayResult r;
        List<BioQueueCapture.Bio> bios;
        List<String> paths = devs.stream().map(d -> d.path().toString()).toList();
        try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(paths, capture));
             BioQueueCapture queued = BioQueueCapture.start(devs.stream().map(LoopDevice::name).toList())) {
            recorder.start();
            r = replay.get();
            for (int i = 0; i < MAX_WAITS && recorder.status().ios() < ios; i++) {
                Thread.sleep(WAIT_MS); // the recording thread reads tracefs behind the IOs
            }
            recorder.finish();
            bios = queued.finish();
        }
        return new Captured(r, TestRecords.readAll(new SbtFormat(), capture, ReadOptions.DEFAULTS), bios);
    }

    /** {@code seen}, less the target's signature probes, is {@code expected} in its order. */
    static void assertTraceOrder(List<IoRecord> expected, List<IoRecord> seen, String what) {
        assertOrder(describe(expected), describe(seen), what + ": the block layer's order is the trace's");
    }

    /**
     * {@code bios}, less the target's signature probes, are {@code expected} in its order, each
     * queued once and none by an io_uring worker ({@code iou-wrk-PID}), which issues what it is
     * handed after the IOs submitted behind it.
     */
    static void assertQueuedInTraceOrder(List<IoRecord> expected, List<BioQueueCapture.Bio> bios, String what) {
        List<String> workers = bios.stream().filter(b -> b.task().startsWith("iou-wrk")).map(b -> b.task() + " " + b.describe()).toList();
        assertTrue(workers.isEmpty(), what + ": " + workers.size() + " bios queued by an io_uring worker, first "
                + workers.subList(0, Math.min(5, workers.size())));
        assertOrder(describe(expected), bios.stream().map(BioQueueCapture.Bio::describe).collect(Collectors.toList()),
                what + ": the bios' order is the trace's");
    }

    private static void assertOrder(List<String> want, List<String> got, String what) {
        // Opening the target reads its first and last 128 KiB (signature checks) before the replay, in
        // as many requests as the device takes them.
        List<String> probes = new ArrayList<>(got);
        probes.removeAll(want);
        boolean reads = probes.stream().allMatch(d -> d.startsWith("READ@"));
        assertTrue(reads && probes.stream().mapToLong(d -> Long.parseLong(d.substring(d.indexOf('+') + 1))).sum() <= PROBE_BYTES,
                what + ": " + probes);
        got.retainAll(want);
        assertEquals(want, got, what);
    }

    private static List<String> describe(List<IoRecord> ios) {
        List<String> out = new ArrayList<>();
        for (IoRecord r : ios) {
            out.add(r.op == Op.FLUSH ? "FLUSH" : r.op + "@" + r.offsetBytes + "+" + r.lengthBytes);
        }
        return out;
    }
}
