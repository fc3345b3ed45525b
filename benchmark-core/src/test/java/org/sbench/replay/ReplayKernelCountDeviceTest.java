package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoEngines;
import org.sbench.engine.TestEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;

/**
 * Every IO of a trace reaches the device, counted by the kernel ({@code /sys/block/DEV/stat}), not by
 * sbench: reads, writes, flushes and trims mixed, for every engine, mode and depth users run, and for
 * io_uring both with its trims queued (where the kernel has queued discards) and as the ioctl in commit.
 */
@Tag("device")
class ReplayKernelCountDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final int IOS = 140;
    private static final long SPACING_NS = 20_000;
    private static final Op[] CYCLE = {Op.WRITE, Op.FLUSH, Op.WRITE, Op.WRITE, Op.READ, Op.TRIM, Op.READ};
    private static final String[] ENGINES = {"io_uring", "libaio", "sync"};
    private static final String IOCTL_IN_COMMIT = "ioctl BLKDISCARD in commit";

    /** An engine as the test runs it: its name, how it is opened, and how its trims must go. */
    record Engine(String name, IoEngines.Opener opener, String discards) {
        String what() {
            return name + (opener == TEST_IOCTL ? " (queued discards off)" : "");
        }
    }

    private static final IoEngines.Opener TEST_IOCTL = TestEngines.withoutQueuedDiscards();

    static List<Engine> engines() {
        List<Engine> engines = new ArrayList<>();
        for (String name : ENGINES) {
            boolean queued = name.equals("io_uring") && TestEngines.kernelQueuesDiscards();
            engines.add(new Engine(name, IoEngines::open, queued ? "queued (io_uring BLOCK_URING_CMD_DISCARD)" : IOCTL_IN_COMMIT));
        }
        engines.add(new Engine("io_uring", TEST_IOCTL, IOCTL_IN_COMMIT + " (queued discards turned off)"));
        return engines;
    }
    private static final int[] DEPTHS = {1, 2, 4, 32};

    /**
     * Reads, writes, flushes and trims at a recorded depth of {@code depth} once the queue has built:
     * each IO completes {@code depth} spacings after its issue, less a little. Each trim frees what
     * the write two IOs before it wrote, and the read after it reads there: a trim waits for the
     * write it overlaps, and the read for the trim.
     */
    private static Path trace(Path dir, int depth) {
        Path file = dir.resolve("mixed-qd" + depth + ".sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("mixed", EnumSet.of(Field.COMPLETE)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < IOS; i++) {
                r.issueNs = i * SPACING_NS;
                r.completeNs = r.issueNs + depth * SPACING_NS - 1;
                r.op = CYCLE[i % CYCLE.length];
                r.offsetBytes = r.op == Op.FLUSH ? 0 : (i - overlapBack(i)) * 65536L;
                r.lengthBytes = r.op == Op.FLUSH ? 0 : 4096 << (i % 4);
                w.write(r);
            }
            w.finish();
        }
        return file;
    }

    /** How many IOs back the range of IO {@code i} was written: 2 for a trim, 3 for the read after it, else 0 (its own). */
    private static int overlapBack(int i) {
        Op op = CYCLE[i % CYCLE.length];
        return op == Op.TRIM ? 2 : op == Op.READ && CYCLE[Math.floorMod(i - 1, CYCLE.length)] == Op.TRIM ? 3 : 0;
    }

    private static long count(Op op) {
        long n = 0;
        for (int i = 0; i < IOS; i++) {
            n += CYCLE[i % CYCLE.length] == op ? 1 : 0;
        }
        return n;
    }

    private static long sectors(Op op) {
        long bytes = 0;
        for (int i = 0; i < IOS; i++) {
            bytes += CYCLE[i % CYCLE.length] == op ? 4096 << (i % 4) : 0;
        }
        return bytes / BlockStat.SECTOR_BYTES;
    }

    private static List<ReplaySettings> modes(int depth) {
        List<ReplaySettings> modes = new ArrayList<>();
        modes.add(ReplaySettings.DEFAULTS.withRecordedQd(0, 0));
        modes.add(ReplaySettings.DEFAULTS.withFixedQd(depth));
        modes.add(ReplaySettings.DEFAULTS.withTimed(1.0, depth));
        return modes;
    }

    /** The device's counters when the replay's clock starts: after the target's safety probes, before the first IO. */
    static final class AtStart implements ReplayListener {
        private final String device;
        BlockStat stat;

        AtStart(LoopDevice dev) {
            this(dev.name());
        }

        /** For block device {@code device} ({@code loop3}, {@code zram1}). */
        AtStart(String device) {
            this.device = device;
        }

        @Override
        public void started(long startNs) {
            stat = BlockStat.named(device);
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
        }
    }

    @Test
    void everyReadWriteFlushAndTrimReachesTheDevice(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            for (int depth : DEPTHS) {
                Path t = trace(dir, depth);
                for (ReplaySettings mode : modes(depth)) {
                    for (Engine engine : engines()) {
                        String what = engine.what() + " " + mode.mode().word() + " at depth " + depth;
                        AtStart before = new AtStart(dev);
                        ReplayResult r = ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS,
                                dev.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true), mode.withEngine(engine.name())),
                                engine.opener(), NanoClock.SYSTEM, before, new ReplayControl(), "test");
                        BlockStat seen = BlockStat.of(dev).since(before.stat);
                        assertTrue(r.complete(), what);
                        assertTrue(r.settings().discards().startsWith(engine.discards()), what + ": " + r.settings().discards());
                        assertEquals(IOS, r.fidelity().issued(), what);
                        assertEquals(IOS, r.fidelity().inTrace(), what);
                        assertEquals(count(Op.READ), seen.reads(), what + ": reads at the kernel");
                        assertEquals(sectors(Op.READ), seen.sectorsRead(), what + ": sectors read at the kernel");
                        assertEquals(count(Op.FLUSH), seen.flushes(), what + ": flushes at the kernel");
                        assertEquals(count(Op.WRITE), seen.dataWrites(), what + ": writes at the kernel");
                        assertEquals(sectors(Op.WRITE), seen.sectorsWritten(), what + ": sectors written at the kernel");
                        assertEquals(count(Op.TRIM), seen.discards(), what + ": trims at the kernel");
                        assertEquals(sectors(Op.TRIM), seen.sectorsDiscarded(), what + ": sectors trimmed at the kernel");
                    }
                }
            }
        }
    }
}
