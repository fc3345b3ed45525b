package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.sbench.record.RecordSettings;
import org.sbench.record.TraceRecorder;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;

/** What the block layer saw of a replay, from a tracefs capture of the device by sbench's own recorder. */
final class BlockLayerOrder {
    private static final int MAX_WAITS = 500;
    private static final long WAIT_MS = 10;

    /** A replay's result and the IOs the block layer issued during it, in issue order. */
    record Captured(ReplayResult result, List<IoRecord> seen) {
    }

    private BlockLayerOrder() {
    }

    /** Runs {@code replay} while recording {@code dev} into {@code capture}, until the capture holds {@code ios} IOs (or 5 s passed). */
    static Captured capture(LoopDevice dev, Path capture, int ios, Supplier<ReplayResult> replay) throws Exception {
        ReplayResult r;
        try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(dev.path().toString()), capture))) {
            recorder.start();
            r = replay.get();
            for (int i = 0; i < MAX_WAITS && recorder.status().ios() < ios; i++) {
                Thread.sleep(WAIT_MS); // the recording thread reads tracefs behind the IOs
            }
            recorder.finish();
        }
        return new Captured(r, TestRecords.readAll(new SbtFormat(), capture, ReadOptions.DEFAULTS));
    }

    /** {@code seen}, less the target's signature probes, is {@code expected} in its order. */
    static void assertTraceOrder(List<IoRecord> expected, List<IoRecord> seen, String what) {
        List<String> want = describe(expected);
        List<String> got = describe(seen);
        // Opening the target reads its first and last sectors (signature checks) before the replay.
        List<String> probes = new ArrayList<>(got);
        probes.removeAll(want);
        assertTrue(probes.size() <= 4 && probes.stream().allMatch(d -> d.startsWith("READ@")), what + ": " + probes);
        got.retainAll(want);
        assertEquals(want, got, what + ": the block layer's order is the trace's");
    }

    private static List<String> describe(List<IoRecord> ios) {
        List<String> out = new ArrayList<>();
        for (IoRecord r : ios) {
            out.add(r.op == Op.FLUSH ? "FLUSH" : r.op + "@" + r.offsetBytes + "+" + r.lengthBytes);
        }
        return out;
    }
}
