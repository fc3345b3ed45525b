package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.input.ReadOptions;

/**
 * A replay stopped mid-run, as SIGINT, SIGTERM and SIGHUP stop it ({@link ReplayControl#requestStop}
 * from another thread, here the progress relay's, while the queue is full): the IOs its result says
 * were done, and no others, reached the device, counted by the kernel ({@code /sys/block/DEV/stat}).
 * The IOs in flight at the stop complete and are counted, so that the result's IOs (none failed) are
 * the IOs issued, the first of the trace, and nothing reaches the device once the result is returned.
 * Every engine, mode and depth, on a device and on each member of a stripe of two.
 */
@Tag("device")
class StopKernelCountDeviceTest {
    private static final String REASON = "interrupted (SIGTERM)";
    private static final int[] DEPTHS = {1, 4, 32};
    private static final String[] STRIPE_ENGINES = {"io_uring", "libaio", "sync"};
    /** How long after the result the counters are read again: what an IO left behind would take to complete. */
    private static final long AFTER_MS = 200;

    private static List<ReplaySettings> modes(int depth) {
        return List.of(ReplaySettings.DEFAULTS.withRecordedQd(0, 0), ReplaySettings.DEFAULTS.withFixedQd(depth),
                ReplaySettings.DEFAULTS.withTimed(1.0, depth));
    }

    /**
     * Reads the devices' counters as the replay's clock starts, and stops the replay at its first
     * progress report after an IO completed, noting the requests the devices had in flight then.
     */
    static final class StopMidRun implements ReplayListener {
        private final ReplayControl control;
        private final LoopDevice[] devices;
        final BlockStat[] atStart;
        long inFlightAtStop = -1;

        StopMidRun(ReplayControl control, LoopDevice... devices) {
            this.control = control;
            this.devices = devices;
            this.atStart = new BlockStat[devices.length];
        }

        @Override
        public void started(long startNs) {
            for (int m = 0; m < devices.length; m++) {
                atStart[m] = BlockStat.of(devices[m]);
            }
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            if (doneIos > 0 && !control.stopRequested()) {
                inFlightAtStop = Arrays.stream(devices).mapToLong(BlockStat::inFlight).sum();
                control.requestStop(REASON);
            }
        }

        /** What each device saw from the start to now. */
        BlockStat[] seen() {
            BlockStat[] seen = new BlockStat[devices.length];
            for (int m = 0; m < devices.length; m++) {
                seen[m] = BlockStat.of(devices[m]).since(atStart[m]);
            }
            return seen;
        }
    }

    /** A replay of {@code trace} onto {@code target} stopped mid-run by {@code stop}, checked as stopped, with no IO failed. */
    private static ReplayResult stopped(String what, Path trace, String target, ReplaySettings mode, IoEngines.Opener engines,
                                        StopMidRun stop) {
        ReplayResult r = ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target,
                TargetSettings.DEFAULTS.withAllowWrite(true), mode), engines, NanoClock.SYSTEM, stop, stop.control, "test");
        assertFalse(r.complete(), what + ": the trace of " + StoppableTrace.IOS + " IOs outlasts the stop");
        assertEquals(REASON, r.stopReason(), what);
        assertEquals(0, r.summary().errors(), what + " " + r.errors());
        assertEquals(r.fidelity().issued(), r.summary().ios(), what + ": every IO issued, those in flight at the stop too, is counted");
        return r;
    }

    /** The counts of {@link StoppableTrace#kernelCounts} as a result gives them; the trims' sectors, which it has not, from the trace. */
    private static long[] resultCounts(long reads, long bytesRead, long writes, long bytesWritten, long trims, long flushes,
                                       long[] ofTrace) {
        return new long[] {reads, bytesRead / BlockStat.SECTOR_BYTES, writes, bytesWritten / BlockStat.SECTOR_BYTES, trims, ofTrace[5],
            flushes};
    }

    /** Asserts that the device saw the first {@code issued} IOs of the trace, as the result counts them, and nothing after. */
    private static void assertSeen(String what, StopMidRun stop, int member, int members, long issued, long[] counted)
            throws InterruptedException {
        String fields = " {reads, sectors, writes, sectors, discards, sectors, flushes}";
        long[] ofTrace = StoppableTrace.kernelCounts(issued, member, members);
        BlockStat seen = stop.seen()[member];
        assertEquals(Arrays.toString(ofTrace), Arrays.toString(StoppableTrace.kernelCounts(seen)),
                what + ": the first " + issued + " IOs of the trace at the kernel" + fields);
        assertEquals(Arrays.toString(counted), Arrays.toString(StoppableTrace.kernelCounts(seen)), what + ": the result" + fields);
        Thread.sleep(AFTER_MS);
        assertEquals(seen, stop.seen()[member], what + ": nothing reaches the device after the result");
    }

    @Test
    void aStoppedReplaysResultIsWhatReachedTheDevice(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        long inFlightAtStops = 0;
        try (LoopDevice dev = LoopDevice.create(StoppableTrace.DEVICE_BYTES)) {
            for (int depth : DEPTHS) {
                Path trace = StoppableTrace.write(dir, depth);
                for (ReplaySettings mode : modes(depth)) {
                    for (ReplayKernelCountDeviceTest.Engine engine : ReplayKernelCountDeviceTest.engines()) {
                        String what = engine.what() + " " + mode.mode().word() + " at depth " + depth;
                        StopMidRun stop = new StopMidRun(new ReplayControl(), dev);
                        ReplayResult r = stopped(what, trace, dev.path().toString(), mode.withEngine(engine.name()), engine.opener(), stop);
                        ReplayResult.Summary s = r.summary();
                        long issued = r.fidelity().issued();
                        assertSeen(what, stop, 0, 1, issued, resultCounts(s.reads(), s.bytesRead(), s.writes(), s.bytesWritten(), s.trims(),
                                s.flushes(), StoppableTrace.kernelCounts(issued, 0, 1)));
                        inFlightAtStops += depth > 1 ? stop.inFlightAtStop : 0;
                    }
                }
            }
        }
        assertTrue(inFlightAtStops > 0, "the stops came with IOs in flight");
    }

    @Test
    void aStoppedStripedReplaysResultIsWhatReachedEachMember(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        long inFlightAtStops = 0;
        try (LoopDevice a = LoopDevice.create(StoppableTrace.DEVICE_BYTES / 2); LoopDevice b = LoopDevice.create(StoppableTrace.DEVICE_BYTES / 2)) {
            String target = "stripe:64K:" + a.path() + "," + b.path();
            for (int depth : DEPTHS) {
                Path trace = StoppableTrace.write(dir, depth);
                for (ReplaySettings mode : modes(depth)) {
                    for (String engine : STRIPE_ENGINES) {
                        String what = "stripe, " + engine + " " + mode.mode().word() + " at depth " + depth;
                        StopMidRun stop = new StopMidRun(new ReplayControl(), a, b);
                        ReplayResult r = stopped(what, trace, target, mode.withEngine(engine), IoEngines::open, stop);
                        long issued = r.fidelity().issued();
                        for (int m = 0; m < 2; m++) {
                            ReplayResult.Member c = r.stripe().members().get(m);
                            assertSeen(what + ", member " + m, stop, m, 2, issued, resultCounts(c.reads(), c.bytesRead(), c.writes(),
                                    c.bytesWritten(), c.trims(), c.flushes(), StoppableTrace.kernelCounts(issued, m, 2)));
                        }
                        inFlightAtStops += depth > 1 ? stop.inFlightAtStop : 0;
                    }
                }
            }
        }
        assertTrue(inFlightAtStops > 0, "the stops came with IOs in flight");
    }
}
