package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoEngines;
import org.sbench.engine.TestEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/**
 * The block layer sees queued trims in trace order among the reads, writes and flushes around them,
 * as a tracefs capture of the device shows (sbench's own recorder): trims of 4 KiB to 1 MiB at depth
 * 32, some over the data just written and followed by a read of it, for io_uring with its trims
 * queued and as the ioctl in commit, and libaio, in every mode. Writeback throttling is off for the
 * run: with it, the kernel holds discards back and a worker issues some after later IOs.
 */
@Tag("device")
class ReplayTrimOrderDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 256 * MIB;
    private static final long SPAN_BYTES = 128 * MIB;
    private static final int IOS = 600;
    private static final int QD = 32;
    private static final long SPACING_NS = 20_000;
    private static final long BLOCK = 4096;

    /**
     * Writes, trims and reads at random 4 KiB-aligned places; every eighth IO trims what the write
     * before it wrote and the next reads it back; a flush every 50.
     */
    private static List<IoRecord> ios() {
        Random random = new Random(17);
        List<IoRecord> out = new ArrayList<>();
        IoRecord lastWrite = null;
        for (int i = 0; i < IOS; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = i * SPACING_NS;
            r.completeNs = r.issueNs + QD * SPACING_NS - 1;
            if (i % 50 == 49) {
                r.op = Op.FLUSH;
            } else if (i % 8 == 6 && lastWrite != null) {
                r.op = Op.TRIM;
                r.offsetBytes = lastWrite.offsetBytes;
                r.lengthBytes = lastWrite.lengthBytes;
            } else if (i % 8 == 7 && lastWrite != null) {
                r.op = Op.READ;
                r.offsetBytes = lastWrite.offsetBytes;
                r.lengthBytes = lastWrite.lengthBytes;
            } else {
                int pick = random.nextInt(3);
                r.op = pick == 0 ? Op.WRITE : pick == 1 ? Op.TRIM : Op.READ;
                r.lengthBytes = r.op == Op.TRIM ? (random.nextBoolean() ? BLOCK : MIB) : BLOCK << random.nextInt(6);
                r.offsetBytes = random.nextInt((int) ((SPAN_BYTES - MIB) / BLOCK)) * BLOCK;
                if (r.op == Op.WRITE) {
                    lastWrite = r;
                }
            }
            out.add(r);
        }
        return out;
    }

    private record Case(String engine, IoEngines.Opener opener, ReplaySettings settings) {
        String what() {
            return engine + (opener == IOCTL ? " (queued discards off)" : "") + " " + settings.mode().word();
        }
    }

    private static final IoEngines.Opener IOCTL = TestEngines.withoutQueuedDiscards();

    private static List<Case> cases() {
        List<ReplaySettings> modes = List.of(ReplaySettings.DEFAULTS.withFixedQd(QD), ReplaySettings.DEFAULTS.withRecordedQd(0, 0),
                ReplaySettings.DEFAULTS.withTimed(1.0, QD));
        List<Case> cases = new ArrayList<>();
        for (ReplaySettings mode : modes) {
            cases.add(new Case("io_uring", IoEngines::open, mode));
            cases.add(new Case("io_uring", IOCTL, mode));
            cases.add(new Case("libaio", IoEngines::open, mode));
        }
        return cases;
    }

    @Test
    void theDeviceSeesTrimsInTraceOrder(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        List<IoRecord> ios = ios();
        Path t = TestRecords.writeSbt(dir.resolve("trims.sbt"), TraceInfo.of("trims", EnumSet.of(Field.COMPLETE)), ios);
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            int n = 0;
            for (Case c : cases()) {
                BlockLayerOrder.Captured got = BlockLayerOrder.capture(dev, dir.resolve("capture-" + n++ + ".sbt"), IOS,
                        () -> ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, dev.path().toString(),
                                TargetSettings.DEFAULTS.withAllowWrite(true), c.settings().withEngine(c.engine())),
                                c.opener(), NanoClock.SYSTEM, ReplayListener.NONE, new ReplayControl(), "test"));
                ReplayResult r = got.result();
                assertTrue(r.complete(), c.what());
                boolean queued = c.engine().equals("io_uring") && c.opener() != IOCTL && TestEngines.kernelQueuesDiscards();
                assertEquals(queued, r.settings().discards().startsWith("queued"), c.what() + ": " + r.settings().discards());
                BlockLayerOrder.assertTraceOrder(ios, got.seen(), c.what());
                if (Files.exists(Path.of("/sys/class/block", dev.name(), "queue/wbt_lat_usec"))) {
                    assertEquals("0", r.target().device().get(BlockDeviceTarget.KEY_WBT_LAT_USEC), c.what() + ": no writeback throttling");
                }
            }
        }
    }

    /**
     * Writeback throttling holds back discards alone: the kernel's blk-wbt throttles no O_DIRECT write (they
     * carry REQ_SYNC|REQ_IDLE). A replay of a trace without trims leaves it on, and the device still sees the
     * writes, reads and flushes in trace order; the result says it was on ({@code wbtLatUsec} 2000, as before).
     */
    @Test
    void aTraceWithoutTrimsLeavesWritebackThrottlingOn(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        List<IoRecord> ios = ios().stream().filter(r -> r.op != Op.TRIM).toList();
        Path t = TestRecords.writeSbt(dir.resolve("no-trims.sbt"), TraceInfo.of("no trims", EnumSet.of(Field.COMPLETE)), ios);
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            Path wbt = Path.of("/sys/class/block", dev.name(), "queue/wbt_lat_usec");
            assumeTrue(Files.exists(wbt), "kernel without writeback throttling");
            Files.writeString(wbt, "2000");
            int n = 0;
            for (String engine : List.of("io_uring", "libaio")) {
                List<String> during = new ArrayList<>();
                ReplayListener reading = (done, total, elapsedNs, bytes) -> during.add(read(wbt));
                BlockLayerOrder.Captured got = BlockLayerOrder.capture(dev, dir.resolve("capture-" + n++ + ".sbt"), ios.size(),
                        () -> ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, dev.path().toString(),
                                TargetSettings.DEFAULTS.withAllowWrite(true), ReplaySettings.DEFAULTS.withFixedQd(QD).withEngine(engine)),
                                NanoClock.SYSTEM, reading, new ReplayControl(), "test"));
                ReplayResult r = got.result();
                assertTrue(r.complete(), engine);
                assertFalse(during.isEmpty(), engine + ": no progress heard");
                assertEquals(List.of("2000"), during.stream().distinct().toList(), engine + ": wbt_lat_usec during the replay");
                assertEquals("2000", r.target().device().get(BlockDeviceTarget.KEY_WBT_LAT_USEC), engine);
                assertEquals("2000", r.target().device().get(BlockDeviceTarget.KEY_WBT_LAT_USEC_BEFORE), engine);
                BlockLayerOrder.assertTraceOrder(ios, got.seen(), engine);
            }
        }
    }

    /**
     * replay --stream N decided from the whole trace's trims: a stream of writes and reads alone, of a
     * trace whose other stream trims, turned the throttling off (wbtLatUsec 0). It is the stream's trims now.
     */
    @Test
    void aStreamWithoutTrimsLeavesWritebackThrottlingOn(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        List<IoRecord> ios = ios().stream().filter(r -> r.op != Op.FLUSH).toList();
        ios.forEach(r -> r.stream = r.op == Op.TRIM ? 1 : 0);
        Path t = TestRecords.writeSbt(dir.resolve("streams.sbt"), TraceInfo.of("streams", EnumSet.of(Field.COMPLETE, Field.STREAM)), ios);
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            Path wbt = Path.of("/sys/class/block", dev.name(), "queue/wbt_lat_usec");
            assumeTrue(Files.exists(wbt), "kernel without writeback throttling");
            Files.writeString(wbt, "2000");
            for (String stream : List.of("0", "1")) {
                ReplayResult r = ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, dev.path().toString(),
                        TargetSettings.DEFAULTS.withAllowWrite(true), ReplaySettings.DEFAULTS.withFixedQd(QD)
                                .withMapping(FitPolicy.ERROR, stream, false)), NanoClock.SYSTEM, ReplayListener.NONE, new ReplayControl(), "test");
                assertTrue(r.complete(), stream);
                assertEquals(stream.equals("0") ? "2000" : "0", r.target().device().get(BlockDeviceTarget.KEY_WBT_LAT_USEC), "stream " + stream);
            }
            assertEquals("2000", read(wbt), "put back");
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
