package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/**
 * The block layer sees the trace's IOs in trace order, as a tracefs capture of the device shows
 * (sbench's own recorder), when the trace asks for more IOs in flight than the device queue holds:
 * a loop device whose queue holds 16 requests, bursts of 100 IOs due at once, recorded depths to 64.
 * No bio is queued by an io_uring worker, which io_uring hands an IO that finds the queue full.
 */
@Tag("device")
class ReplayBlockOrderDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 256 * MIB;
    private static final int QUEUE_REQUESTS = 16;
    private static final int IOS = 400;
    private static final int BURST = 100;
    private static final long BURST_SPACING_NS = 2_000_000;
    private static final int IO_BYTES = 64 * 1024;
    private static final long RECORDED_QD = 64;

    /** Reads and writes at shuffled 64 KiB offsets, due in bursts; each completes after 64 later issues (depth 64). */
    private static List<IoRecord> ios() {
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < IOS; i++) {
            offsets.add(i * (long) IO_BYTES);
        }
        java.util.Collections.shuffle(offsets, new Random(7));
        List<IoRecord> out = new ArrayList<>();
        for (int i = 0; i < IOS; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = (i / BURST) * BURST_SPACING_NS + i % BURST;
            r.completeNs = r.issueNs + RECORDED_QD * 10;
            r.op = i % 3 == 0 ? Op.WRITE : Op.READ;
            r.offsetBytes = offsets.get(i);
            r.lengthBytes = IO_BYTES;
            out.add(r);
        }
        return out;
    }

    private static Path trace(Path dir, List<IoRecord> ios) {
        return TestRecords.writeSbt(dir.resolve("bursts.sbt"), TraceInfo.of("bursts", EnumSet.of(Field.COMPLETE)), ios);
    }

    private record Case(String engine, ReplaySettings settings) {
        String what() {
            return engine + " " + settings.mode().word();
        }
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String engine : new String[] {"io_uring", "libaio"}) {
            cases.add(new Case(engine, ReplaySettings.DEFAULTS.withTimed(1.0, ReplayMode.Timed.DEFAULT_MAX_IN_FLIGHT)));
            cases.add(new Case(engine, ReplaySettings.DEFAULTS.withRecordedQd(0, 0)));
            cases.add(new Case(engine, ReplaySettings.DEFAULTS.withFixedQd(64)));
        }
        // The sync engine's workers race to the block layer: it keeps order at depth 1 only.
        cases.add(new Case("sync", ReplaySettings.DEFAULTS.withFixedQd(1)));
        return cases;
    }

    @Test
    void theDeviceSeesTheTracesOrderWhenTheTraceAsksForMoreThanItsQueueHolds(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        List<IoRecord> ios = ios();
        Path t = trace(dir, ios);
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            dev.setNrRequests(QUEUE_REQUESTS);
            int n = 0;
            for (Case c : cases()) {
                BlockLayerOrder.Captured got = BlockLayerOrder.capture(dev, dir.resolve("capture-" + n++ + ".sbt"), IOS,
                        () -> ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, dev.path().toString(),
                                TargetSettings.DEFAULTS.withAllowWrite(true), c.settings().withEngine(c.engine())),
                                NanoClock.SYSTEM, ReplayListener.NONE, new ReplayControl(), "test"));
                ReplayResult r = got.result();
                assertTrue(r.complete(), c.what());
                BlockLayerOrder.assertTraceOrder(ios, got.seen(), c.what());
                BlockLayerOrder.assertQueuedInTraceOrder(ios, got.bios(dev), c.what());
                // io_uring leaves a request free for one the kernel has completed but not yet freed.
                int cap = switch (c.engine()) {
                    case "sync" -> 1;
                    case "io_uring" -> QUEUE_REQUESTS - 1;
                    default -> QUEUE_REQUESTS;
                };
                assertEquals(cap, r.fidelity().inFlightCap(), c.what());
                if (!c.engine().equals("sync")) {
                    assertTrue(r.fidelity().heldAtCap() > 0, c.what() + ": the cap held IOs back");
                    java.io.StringWriter table = new java.io.StringWriter();
                    new TableResultWriter().write(r, new java.io.PrintWriter(table));
                    String why = c.engine().equals("io_uring") ? "; io_uring leaves one free" : "";
                    assertTrue(table.toString().contains(" held back at the cap of " + cap + " in flight (the device queue holds "
                            + QUEUE_REQUESTS + " requests" + why + "): the trace asks for more"), table.toString());
                }
            }
        }
    }
}
