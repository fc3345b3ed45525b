package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * zram keeps for them; trims in what the device holds ({@code mm_stat}), as zram counts no discard
 * there; flushes reach no device that has no write cache, so the kernel counts none. zram takes no IO
 * that must not wait, so io_uring's trims run as the ioctl (queued, each failed with EOPNOTSUPP).
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

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "libaio", "sync"})
    void everyReadWriteAndTrimReachesAZramDevice(String engine, @TempDir Path dir) throws IOException {
        ZramDevice.assumeRoot();
        try (ZramDevice dev = ZramDevice.create(DEVICE_BYTES)) {
            ReplayKernelCountDeviceTest.AtStart before = new ReplayKernelCountDeviceTest.AtStart(dev.name());
            ReplayResult r = ReplaySession.run(new ReplaySession.Request(trace(dir), null, ReadOptions.DEFAULTS,
                    dev.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true),
                    ReplaySettings.DEFAULTS.withRecordedQd(0, 0).withEngine(engine)),
                    IoEngines::open, NanoClock.SYSTEM, before, new ReplayControl(), "test");
            BlockStat seen = BlockStat.named(dev.name()).since(before.stat);
            assertEquals(0, r.summary().errors(), engine + ": " + r.errors() + "; trims " + r.settings().discards());
            assertTrue(r.complete(), engine);
            assertTrue(r.settings().discards().startsWith("ioctl BLKDISCARD in commit"), engine + ": " + r.settings().discards());
            assertEquals(5L * SLOTS, r.fidelity().issued(), engine);
            assertEquals(SLOTS, r.summary().flushes(), engine + ": flushes sbench ran");
            assertEquals(2L * SLOTS, seen.reads(), engine + ": reads at the kernel, each whole");
            assertEquals(SLOTS * (long) (WRITE_BYTES + SHORT_READ_BYTES) / BlockStat.SECTOR_BYTES, seen.sectorsRead(),
                    engine + ": sectors read at the kernel");
            assertEquals(SLOTS, seen.writes(), engine + ": writes at the kernel, each whole, no empty preflush write among them");
            assertEquals(SLOTS * (long) WRITE_BYTES / BlockStat.SECTOR_BYTES, seen.sectorsWritten(), engine + ": sectors written");
            assertEquals(0, seen.flushes(), engine + ": a device without a write cache gets no flush");
            assertEquals("write through", r.target().device().get(BlockDeviceTarget.KEY_WRITE_CACHE), engine + ": the result says so");
            assertEquals(SLOTS * (long) (WRITE_BYTES - TRIM_BYTES), dev.storedBytes(), engine + ": bytes held after the trims");
            assertEquals(0, r.mapping().wouldSplit(), engine + ": zram takes a bio of any length whole");
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
