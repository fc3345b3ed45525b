package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.data.RandomPattern;
import org.sbench.record.BioQueueCapture;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/** Whole replays onto a loop device this test creates: the bytes on the device are what the trace says. */
@Tag("device")
class ReplayDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final byte FILL = (byte) 0xAB;

    static IoRecord io(long issueUs, Op op, long offset, long length) {
        IoRecord r = new IoRecord();
        r.issueNs = issueUs * 1000;
        r.completeNs = r.issueNs + 500_000;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        return r;
    }

    static Path trace(Path dir, List<IoRecord> records) {
        return TestRecords.writeSbt(dir.resolve("t.sbt"), TraceInfo.of("test", EnumSet.of(Field.COMPLETE)), records);
    }

    private static ReplayResult replay(Path trace, LoopDevice dev, ReplaySettings settings, String engine) {
        return ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, dev.path().toString(),
                TargetSettings.DEFAULTS.withAllowWrite(true), settings.withEngine(engine)), NanoClock.SYSTEM,
                ReplayListener.NONE, new ReplayControl(), "test");
    }

    static byte[] readDevice(LoopDevice dev, long offset, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(length);
            while (b.hasRemaining()) {
                ch.read(b, offset + b.position());
            }
            return b.array();
        }
    }

    static void fill(LoopDevice dev, long offset, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.WRITE)) {
            byte[] bytes = new byte[length];
            Arrays.fill(bytes, FILL);
            ch.write(ByteBuffer.wrap(bytes), offset);
            ch.force(true);
        }
    }

    static byte[] expectedWrite(int writeIndex, int length) {
        ByteBuffer b = ByteBuffer.allocate(length);
        new RandomPattern(length, ReplaySettings.DEFAULTS.seed()).fill(b, length, writeIndex);
        return b.array();
    }

    @Test
    void writesLandWhereTheTraceSaysTrimsAndFlushesReachTheDevice(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        for (String engine : new String[] {"io_uring", "libaio", "sync"}) {
            try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
                fill(dev, 16 * MIB, (int) MIB);
                Path t = trace(dir, List.of(
                        io(0, Op.WRITE, MIB, 64 * 1024),
                        io(10, Op.WRITE, 8 * MIB + 100, 4000),        // misaligned: widened to 512-byte sectors
                        io(2000, Op.READ, MIB, 64 * 1024),
                        io(3000, Op.TRIM, 16 * MIB, MIB),
                        io(4000, Op.FLUSH, 0, 0)));
                ReplayResult r = replay(t, dev, ReplaySettings.DEFAULTS, engine);
                assertTrue(r.complete(), engine);
                assertEquals(0, r.summary().errors(), engine + " " + r.errors());
                assertEquals(2, r.summary().writes(), engine);
                assertEquals(1, r.summary().reads(), engine);
                assertEquals(1, r.summary().trims(), engine);
                assertEquals(1, r.summary().flushes(), engine);
                assertEquals(1, r.mapping().widened(), engine);
                assertEquals("2", r.target().device().get("nomerges"), engine);
                assertArrayEquals(expectedWrite(0, 64 * 1024), readDevice(dev, MIB, 64 * 1024), engine + ": write 0");
                assertArrayEquals(expectedWrite(1, 4608), readDevice(dev, 8 * MIB, 4608), engine + ": widened write 1");
                assertArrayEquals(new byte[(int) MIB], readDevice(dev, 16 * MIB, (int) MIB), engine + ": trimmed range reads zeros");
            }
        }
    }

    @Test
    void outOfRangeIosAreRefusedOrWrappedAsAsked(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            Path t = trace(dir, List.of(io(0, Op.WRITE, DEVICE_BYTES + 2 * MIB, 4096)));
            SbenchException e = assertThrows(SbenchException.class, () -> replay(t, dev, ReplaySettings.DEFAULTS, "auto"));
            assertTrue(e.getMessage().startsWith("the trace reaches byte " + (DEVICE_BYTES + 2 * MIB + 4096)), e.getMessage());
            ReplayResult wrapped = replay(t, dev, ReplaySettings.DEFAULTS.withMapping(FitPolicy.WRAP, null, false), "auto");
            assertEquals(1, wrapped.mapping().refitted());
            assertArrayEquals(expectedWrite(0, 4096), readDevice(dev, 2 * MIB, 4096));
        }
    }

    /**
     * On a device of 512-byte sectors (a 512e drive's logical blocks), --fit scale at 1/3 sent 4 KiB
     * reads at 20480 and 28672 to 6656 and 9216, and --fit wrap onto 16 MiB + 1536 bytes a read at
     * 16 MiB + 4096 to 2560: the block layer now sees them 4 KiB-aligned, as in the trace.
     */
    @Test
    void wrapAndScaleKeepFourKibAlignmentOnADeviceOf512ByteSectors(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        long cap = 16 * MIB + 1536;
        try (LoopDevice dev = LoopDevice.create(cap, 512)) {
            Path scaled = trace(dir, List.of(io(0, Op.READ, 20480, 4096), io(10, Op.READ, 28672, 4096),
                    io(20, Op.READ, 3 * cap - 4096, 4096)));
            assertEquals(List.of(4096L, 8192L), replayedReadOffsets(dev, scaled, FitPolicy.SCALE).subList(0, 2));
            Path wrapped = trace(dir, List.of(io(0, Op.READ, 16 * MIB + 4096, 4096), io(10, Op.READ, 32 * MIB - 2048, 4096)));
            List<Long> offsets = replayedReadOffsets(dev, wrapped, FitPolicy.WRAP);
            assertEquals(0L, offsets.get(0));
            assertEquals(2048L, offsets.get(1) % 4096, "as far into its 4 KiB as in the trace, ending inside the device: " + offsets);
        }
    }

    /** The offsets of the 4 KiB reads that reached {@code dev} while {@code trace} was replayed with {@code fit}, in order. */
    private static List<Long> replayedReadOffsets(LoopDevice dev, Path trace, FitPolicy fit) throws IOException {
        try (BioQueueCapture capture = BioQueueCapture.start(List.of(dev.name()))) {
            replay(trace, dev, ReplaySettings.DEFAULTS.withMapping(fit, null, false), "auto");
            return capture.finish().stream().filter(b -> b.op() == Op.READ && b.lengthBytes() == 4096)
                    .map(BioQueueCapture.Bio::offsetBytes).toList();
        }
    }

    @Test
    void readOnlyReplaySkipsWritesAndLeavesTheDeviceAlone(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            fill(dev, MIB, 4096);
            Path t = trace(dir, List.of(io(0, Op.WRITE, MIB, 4096), io(10, Op.READ, MIB, 4096), io(20, Op.TRIM, MIB, 4096)));
            ReplayResult r = ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, dev.path().toString(),
                    TargetSettings.DEFAULTS, ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, null, true)),
                    NanoClock.SYSTEM, ReplayListener.NONE, new ReplayControl(), "test");
            assertEquals(1, r.summary().reads());
            assertEquals(0, r.summary().writes());
            assertEquals(2, r.mapping().skippedWrites());
            byte[] expected = new byte[4096];
            Arrays.fill(expected, FILL);
            assertArrayEquals(expected, readDevice(dev, MIB, 4096));
        }
    }
}
