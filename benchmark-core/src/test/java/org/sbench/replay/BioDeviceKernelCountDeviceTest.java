package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.target.ZramDevice;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;

/**
 * A replay onto a bio-based block device (a zram device: no request queue, no {@code nr_requests}, no
 * block_rq events, no split by {@code max_sectors_kb}), counted by the kernel: reads and writes in {@code /sys/block/DEV/stat}, which
 * zram keeps for them; trims in the pages it frees ({@code io_stat}) and what it holds ({@code mm_stat}),
 * as zram counts no discard there; flushes reach no device that has no write cache, so the kernel
 * counts none. Each engine in each mode users run (recorded-qd, fixed-qd 1 and 32, timed). zram takes
 * no IO that must not wait, so io_uring's trims run as the ioctl (queued, each failed with EOPNOTSUPP).
 */
@Tag("device")
class BioDeviceKernelCountDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final int SLOTS = 24;
    private static final long SLOT_BYTES = 512 * 1024;
    /** Longer than zram's max_sectors_kb (124 KiB here), which zram does not split by. */
    private static final int WRITE_BYTES = 256 * 1024;
    private static final int TRIM_BYTES = 32 * 1024;
    private static final int SHORT_READ_BYTES = 4096;
    private static final long SPACING_NS = 20_000;
    private static final int PAGE_BYTES = 4096;

    /**
     * Per slot, one after another (recorded depth 1): a 256 KiB write, a read of it, a trim of its
     * first 32 KiB, a read of the page after that, a flush. Each slot then holds 224 KiB.
     */
    private static Path trace(Path dir) {
        Path file = dir.resolve("bio.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("bio", EnumSet.of(Field.COMPLETE)))) {
            IoRecord r = new IoRecord();
            int i = 0;
            for (int slot = 0; slot < SLOTS; slot++) {
                long at = slot * SLOT_BYTES;
                i = write(w, r, i, Op.WRITE, at, WRITE_BYTES);
                i = write(w, r, i, Op.READ, at, WRITE_BYTES);
                i = write(w, r, i, Op.TRIM, at, TRIM_BYTES);
                i = write(w, r, i, Op.READ, at + TRIM_BYTES, SHORT_READ_BYTES);
                i = write(w, r, i, Op.FLUSH, 0, 0);
            }
            w.finish();
        }
        return file;
    }

    private static int write(SbtWriter w, IoRecord r, int i, Op op, long offset, int length) {
        r.issueNs = i * SPACING_NS;
        r.completeNs = r.issueNs + SPACING_NS - 1;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        w.write(r);
        return i + 1;
    }

    /** The modes users run, each a short replay of the trace: {@code timed} at its recorded pace (2.4 ms, no gap in it). */
    private static final Map<String, ReplaySettings> MODES = Map.of("recorded-qd", ReplaySettings.DEFAULTS.withRecordedQd(0, 0),
            "fixed-qd 1", ReplaySettings.DEFAULTS.withFixedQd(1), "fixed-qd 32", ReplaySettings.DEFAULTS.withFixedQd(32),
            "timed", ReplaySettings.DEFAULTS.withTimed(1, ReplayMode.Timed.DEFAULT_MAX_IN_FLIGHT));

    static Stream<Arguments> enginesAndModes() {
        return Stream.of("io_uring", "libaio", "sync").flatMap(e -> MODES.entrySet().stream()
                .map(m -> Arguments.of(e + " " + m.getKey(), m.getValue().withEngine(e))));
    }

    /**
     * Each engine in each mode. At depth 1 (recorded-qd: the trace's IOs do not overlap) the trims come
     * after the writes they cut, so what the device holds is known; deeper, a trim may reach it before
     * the write it follows in the trace is done.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("enginesAndModes")
    void everyReadWriteAndTrimReachesAZramDevice(String run, ReplaySettings settings, @TempDir Path dir) throws IOException {
        ZramDevice.assumeRoot();
        try (ZramDevice dev = ZramDevice.create(DEVICE_BYTES)) {
            ReplayKernelCountDeviceTest.AtStart before = new ReplayKernelCountDeviceTest.AtStart(dev.name());
            ReplayResult r = ReplaySession.run(new ReplaySession.Request(trace(dir), null, ReadOptions.DEFAULTS,
                    dev.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true), settings),
                    IoEngines::open, NanoClock.SYSTEM, before, new ReplayControl(), "test");
            BlockStat seen = BlockStat.named(dev.name()).since(before.stat);
            assertEquals(0, r.summary().errors(), run + ": " + r.errors() + "; trims " + r.settings().discards());
            assertTrue(r.complete(), run);
            assertTrue(r.settings().discards().startsWith("ioctl BLKDISCARD in commit"), run + ": " + r.settings().discards());
            assertEquals(5L * SLOTS, r.fidelity().issued(), run);
            assertEquals(SLOTS, r.summary().flushes(), run + ": flushes sbench ran");
            assertEquals(SLOTS, r.summary().trims(), run + ": trims sbench ran");
            assertEquals(2L * SLOTS, seen.reads(), run + ": reads at the kernel, each whole");
            assertEquals(SLOTS * (long) (WRITE_BYTES + SHORT_READ_BYTES) / BlockStat.SECTOR_BYTES, seen.sectorsRead(),
                    run + ": sectors read at the kernel");
            assertEquals(SLOTS, seen.writes(), run + ": writes at the kernel, each whole, no empty preflush write among them");
            assertEquals(SLOTS * (long) WRITE_BYTES / BlockStat.SECTOR_BYTES, seen.sectorsWritten(), run + ": sectors written");
            assertEquals(SLOTS * (long) TRIM_BYTES / PAGE_BYTES, dev.discardedPages(), run + ": pages the trims discarded");
            assertEquals(0, seen.flushes(), run + ": a device without a write cache gets no flush");
            assertEquals("write through", r.target().device().get(BlockDeviceTarget.KEY_WRITE_CACHE), run + ": the result says so");
            boolean depthOne = settings.mode() instanceof ReplayMode.RecordedQd || settings.mode() instanceof ReplayMode.FixedQd f && f.qd() == 1;
            if (depthOne) {
                assertEquals(SLOTS * (long) (WRITE_BYTES - TRIM_BYTES), dev.storedBytes(), run + ": bytes held after the trims");
            }
            assertEquals(0, r.mapping().wouldSplit(), run + ": zram takes a bio of any length whole");
        }
    }

    /**
     * A stripe of a zram device and a loop device in 64 KiB chunks: each slot starts on a chunk of
     * the zram member, which gets half of each write (its first and third chunks) and the whole trim.
     * Through io_uring the trims run as the ioctl on each member, and none fails.
     */
    @Test
    void aStripeWithAZramMemberTrimsThroughIoUring(@TempDir Path dir) throws IOException {
        ZramDevice.assumeRoot();
        LoopDevice.assumeRoot();
        try (ZramDevice zram = ZramDevice.create(DEVICE_BYTES); LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            ReplayResult r = ReplaySession.run(new ReplaySession.Request(trace(dir), null, ReadOptions.DEFAULTS,
                    "stripe:64K:" + zram.path() + "," + loop.path(), TargetSettings.DEFAULTS.withAllowWrite(true),
                    ReplaySettings.DEFAULTS.withRecordedQd(0, 0).withEngine("io_uring")),
                    IoEngines::open, NanoClock.SYSTEM, ReplayListener.NONE, new ReplayControl(), "test");
            assertEquals(0, r.summary().errors(), r.errors() + "; trims " + r.settings().discards());
            assertTrue(r.complete());
            assertTrue(r.settings().discards().startsWith("ioctl BLKDISCARD on each member in commit"), r.settings().discards());
            assertEquals(SLOTS * (long) (WRITE_BYTES / 2 - TRIM_BYTES), zram.storedBytes(), "bytes the zram member holds after the trims");
        }
    }
}
