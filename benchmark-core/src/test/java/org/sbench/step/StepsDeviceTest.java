package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.data.WritePattern;
import org.sbench.data.WritePatterns;
import org.sbench.record.RecordSettings;
import org.sbench.record.TraceRecorder;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.target.ZramDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;

/**
 * The steps on loop devices this test makes, checked at the kernel ({@code /sys/block/loopN/stat},
 * a tracefs capture) and by reading the device back: what a purge erased, what a fill wrote, where a
 * sweep read, a torture's per-second series and its steady-state rounds, an idle step's probes.
 */
@Tag("device")
class StepsDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final byte OLD = (byte) 0xAB;
    private static final int SECTOR = BlockStat.SECTOR_BYTES;
    /** One 4 KiB block of an ext4 extent tree, in 512-byte sectors. */
    private static final long EXTENT_BLOCK_SECTORS = 4096 / BlockStat.SECTOR_BYTES;
    /** Filesystems whose files punch holes (fallocate PUNCH_HOLE), as `stat -f -c %T` names them; ext4 shows as ext2/ext3. */
    private static final Set<String> PUNCHING = Set.of("ext2/ext3", "xfs", "btrfs", "tmpfs", "overlayfs");

    private static Map<String, String> opts(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static StepResult run(Step step, LoopDevice dev) {
        return StepSession.run(step, dev.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true), null, NanoClock.SYSTEM,
                StepListener.NONE, new ReplayControl(), "test");
    }

    /** Writes {@link #OLD} over the whole device and syncs it. */
    private static void fillOld(LoopDevice dev, long bytes) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate((int) MIB);
        while (chunk.hasRemaining()) {
            chunk.put(OLD);
        }
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.WRITE)) {
            for (long at = 0; at < bytes; at += MIB) {
                chunk.clear();
                ch.write(chunk, at);
            }
            ch.force(true);
        }
    }

    private static byte[] read(LoopDevice dev, long offset, long length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) length);
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.READ)) {
            while (b.hasRemaining()) {
                ch.read(b, offset + b.position());
            }
        }
        return b.array();
    }

    private static String sha256(byte[]... parts) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        for (byte[] p : parts) {
            d.update(p);
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static byte[] filled(long length, byte value) {
        byte[] b = new byte[(int) length];
        java.util.Arrays.fill(b, value);
        return b;
    }

    /** Allocated 512-byte blocks of {@code file}, as stat(1) reports st_blocks. */
    private static long allocatedBlocks(Path file) throws IOException {
        return Long.parseLong(LoopDevice.run("stat", "-c", "%b", file.toString()).trim());
    }

    @Test
    void aPurgeMakesItsRangeReadZerosAndTheKernelCountsTheDiscardsOrZeroWrites() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            String fs = LoopDevice.run("stat", "-f", "-c", "%T", dev.image().toString()).trim();
            assertTrue(PUNCHING.contains(fs), dev.image() + " is on " + fs + ", which may not punch holes: the test needs one that does");
            for (String method : new String[] {"trim", "zero"}) {
                fillOld(dev, DEVICE_BYTES);
                long blocksBefore = allocatedBlocks(dev.image());
                BlockStat before = BlockStat.of(dev);
                StepResult r = run(PurgeStep.of(opts("method", method, "range", "4M:8M")), dev);
                BlockStat d = BlockStat.of(dev).since(before);
                assertTrue(r.complete());
                assertEquals(new StepResult.PurgeSummary(method, 4 * MIB, 8 * MIB, r.purge().chunks(),
                        method.equals("zero") ? unmapNote(dev.path()) : null), r.purge());
                if (method.equals("trim")) {
                    assertEquals(8 * MIB / SECTOR, d.sectorsDiscarded(), "the range, discarded at the kernel");
                    assertTrue(d.discards() >= 1);
                    assertEquals(0, d.sectorsWritten());
                    // Less an extent-tree block (4 KiB) ext4 may allocate as a chunk's hole splits an extent of the image.
                    long blocksAfter = allocatedBlocks(dev.image());
                    long extentBlocks = r.purge().chunks() * EXTENT_BLOCK_SECTORS;
                    assertTrue(blocksBefore - blocksAfter >= 8 * MIB / SECTOR - extentBlocks, "the loop punched the range out of "
                            + dev.image() + ": " + blocksBefore + " blocks before, " + blocksAfter + " after");
                } else {
                    assertEquals(0, d.discards());
                    assertEquals(8 * MIB / SECTOR, d.sectorsWritten(), "BLKZEROOUT is a write of zeros at the kernel");
                    assertEquals(8 * MIB, r.bytesWritten());
                }
                assertEquals(sha256(filled(8 * MIB, (byte) 0)), sha256(read(dev, 4 * MIB, 8 * MIB)), method + ": the range reads zeros");
                assertEquals(sha256(filled(4 * MIB, OLD), filled(52 * MIB, OLD)),
                        sha256(read(dev, 0, 4 * MIB), read(dev, 12 * MIB, 52 * MIB)), method + ": the rest is untouched");
            }
            BlockStat before = BlockStat.of(dev);
            SbenchException e = assertThrows(SbenchException.class, () -> run(PurgeStep.of(opts("method", "secure-trim")), dev));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals(dev.path() + " refused secure-trim (ioctl BLKSECDISCARD: EOPNOTSUPP (Operation not supported)); use --method"
                    + " trim, or --method zero", e.getMessage());
            assertEquals(0, BlockStat.of(dev).since(before).sectorsDiscarded());
        }
    }

    /** What a zeroing purge of a device ({@code who}: its path, or "each member") with a WRITE ZEROES command says of what it was given. */
    static String unmapNote(Object who) {
        return who + " zeroes the range itself (WRITE ZEROES): the bytes counted as written are those it was asked to zero, and it may"
                + " unmap them rather than write them";
    }

    /**
     * zram turns BLKZEROOUT into a discard: its stat counts no write. Until 2026-12-07 `purge --method
     * zero` said "67.1 MB written" of it, without a word that the device may have written nothing.
     */
    @Test
    void aZeroingPurgeOfZramSaysTheDeviceMayHaveUnmappedTheRange() throws Exception {
        ZramDevice.assumeRoot();
        try (ZramDevice dev = ZramDevice.create(DEVICE_BYTES)) {
            BlockStat before = BlockStat.named(dev.name());
            StepResult r = StepSession.run(PurgeStep.of(opts("method", "zero", "range", "4M:8M")), dev.path().toString(),
                    TargetSettings.DEFAULTS.withAllowWrite(true), null, NanoClock.SYSTEM, StepListener.NONE, new ReplayControl(), "test");
            BlockStat d = BlockStat.named(dev.name()).since(before);
            assertEquals(0, d.writes(), "zram writes nothing for BLKZEROOUT");
            assertEquals(8 * MIB / 4096, dev.discardedPages(), "it discards the range");
            assertEquals(8 * MIB, r.bytesWritten(), "what the kernel was asked to zero");
            assertEquals(unmapNote(dev.path()), r.purge().note());
            StringWriter out = new StringWriter();
            new StepTable().write(r, dev.path().toString(), new PrintWriter(out));
            assertTrue(out.toString().contains(", 8.4 MB to zero asked of the kernel\n"), out.toString());
            assertTrue(out.toString().contains("; " + unmapNote(dev.path())), out.toString());
        }
    }

    /**
     * A purge's erase calls (ioctls, not IOs of the engine) need no queue setting: it leaves merging and
     * writeback throttling as they are, so the device's owner may purge without root. Before, every run
     * that wrote turned both off, which only root may (a loop device's owner was told "run as root").
     * An idle period without probes issues no IO either (it turned merging off until 2026-12-06).
     */
    @Test
    void aPurgeAndAnIdleWaitLeaveTheQueueSettingsAsTheyAre() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            String before = queueSettings(dev);
            for (Step step : List.of(PurgeStep.of(Map.of()), IdleStep.of(opts("duration", "1s", "probe-test", "none")))) {
                assertEquals(List.of(before), queueSettingsDuring(step, dev), step.kind() + ": nomerges and wbt_lat_usec during it");
            }
        }
    }

    /**
     * Writeback throttling holds back discards alone (the kernel's blk-wbt throttles no O_DIRECT write), and
     * a fill or a torture sends none: they leave it on, so that the device's owner may run them without root
     * ({@code --allow-merges} keeping merging as it is). Before, every run that wrote turned it off.
     */
    @Test
    void aFillAndATortureLeaveWritebackThrottlingOn() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            Path wbt = Path.of("/sys/block", dev.name(), "queue/wbt_lat_usec");
            assumeTrue(Files.exists(wbt), "kernel without writeback throttling");
            dev.setNomerges(0);
            Files.writeString(wbt, "2000");
            for (Step step : List.of(FillStep.of(opts("percent", "25", "bs", "128K", "qd", "8")),
                    TortureStep.of(opts("duration", "1s", "qd", "16")))) {
                assertEquals(List.of("2 2000"), queueSettingsDuring(step, dev), step.kind() + ": nomerges and wbt_lat_usec during it");
                assertEquals("0 2000", queueSettings(dev), step.kind() + ": after it");
            }
        }
    }

    /** The disk's nomerges and wbt_lat_usec, as "NOMERGES WBT". */
    private static String queueSettings(LoopDevice dev) throws IOException {
        Path queue = Path.of("/sys/block", dev.name(), "queue");
        return Files.readString(queue.resolve("nomerges")).trim() + " " + Files.readString(queue.resolve("wbt_lat_usec")).trim();
    }

    /**
     * {@link #queueSettings} as read while {@code step} runs on {@code dev}: as each of its IO runs starts and at
     * every progress report of its other work (a purge's chunks), each value once.
     */
    private static List<String> queueSettingsDuring(Step step, LoopDevice dev) {
        List<String> during = new ArrayList<>();
        StepResult r = StepSession.run(step, dev.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true), null,
                NanoClock.SYSTEM, new StepListener() {
                    @Override
                    public ReplayListener run(String what, long timeLimitNs) {
                        read();
                        return ReplayListener.NONE;
                    }

                    @Override
                    public void progress(String what, Work work, long done, long total, long elapsedNs) {
                        read();
                    }

                    private void read() {
                        try {
                            during.add(queueSettings(dev));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                }, new ReplayControl(), "test");
        assertTrue(r.complete(), step.kind());
        assertFalse(during.isEmpty(), step.kind() + " reported no progress");
        return during.stream().distinct().toList();
    }

    @Test
    void aDeviceWithoutDiscardRefusesATrimAndZerosWithANote(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        // A loop device over a ramfs file: ramfs has no fallocate, so the loop device has no discard
        // (queue/discard_max_bytes and write_zeroes_max_bytes are 0).
        Path ramfs = Files.createDirectories(dir.resolve("ramfs"));
        LoopDevice.run("mount", "-t", "ramfs", "sbench-test", ramfs.toString());
        try (LoopDevice dev = LoopDevice.createIn(ramfs, 16 * MIB)) {
            SbenchException e = assertThrows(SbenchException.class, () -> run(PurgeStep.of(Map.of()), dev));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals(dev.path() + " does not support discard (queue/discard_max_bytes is 0); use --method zero (zeros written"
                    + " over the range)", e.getMessage());
            fillOld(dev, 16 * MIB);
            List<String> notes = new ArrayList<>();
            BlockStat before = BlockStat.of(dev);
            StepResult r = StepSession.run(PurgeStep.of(opts("method", "zero")), dev.path().toString(),
                    TargetSettings.DEFAULTS.withAllowWrite(true), null, NanoClock.SYSTEM, new StepListener() {
                        @Override
                        public void note(String line) {
                            notes.add(line);
                        }
                    }, new ReplayControl(), "test");
            String note = dev.path() + " has no WRITE ZEROES command (queue/write_zeroes_max_bytes is 0): the kernel writes the zeros,"
                    + " at the device's write speed";
            assertEquals(note, notes.get(1));
            assertEquals(note, r.purge().note());
            assertEquals(16 * MIB / SECTOR, BlockStat.of(dev).since(before).sectorsWritten());
            assertEquals(sha256(filled(16 * MIB, (byte) 0)), sha256(read(dev, 0, 16 * MIB)));
        } finally {
            LoopDevice.run("umount", ramfs.toString());
        }
    }

    @Test
    void aFillWritesItsShareWithThePatternAndLeavesTheRest() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            fillOld(dev, DEVICE_BYTES);
            BlockStat before = BlockStat.of(dev);
            int bs = 128 * 1024;
            StepResult r = run(FillStep.of(opts("percent", "50", "passes", "2", "bs", "128K", "qd", "8")), dev);
            BlockStat d = BlockStat.of(dev).since(before);
            assertTrue(r.complete());
            long region = DEVICE_BYTES / 2;
            assertEquals(2 * region / SECTOR, d.sectorsWritten(), "two passes over half the device, at the kernel");
            assertEquals(2 * region / bs, d.dataWrites(), "one device write per 128 KiB write (no merging)");
            // The second pass's data, as its pattern makes it: write i at offset i x 128 KiB.
            WritePattern pattern = WritePatterns.of("random", bs, ReplaySettings.DEFAULT_SEED + 2);
            MessageDigest expected = MessageDigest.getInstance("SHA-256");
            ByteBuffer buf = ByteBuffer.allocate(bs);
            for (long i = 0; i < region / bs; i++) {
                pattern.fill(buf, bs, i);
                expected.update(buf.array());
            }
            assertEquals(HexFormat.of().formatHex(expected.digest()), sha256(read(dev, 0, region)), "the share holds the fill's data");
            assertEquals(sha256(filled(region, OLD)), sha256(read(dev, region, region)), "the rest is untouched");
        }
    }

    /**
     * A step that writes ends with a flush, so that the next step (idle probes, a replay) does not pay for its writes still
     * in the drive's volatile cache; one that only reads sends none. Until 2026-12-06 only fill and purge did: a torture,
     * a write sweep and writing idle probes left the device's flush count as it was.
     */
    @Test
    void everyStepThatWritesEndsWithOneFlushAndAReadingStepWithNone() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            Map<String, Step> steps = new LinkedHashMap<>();
            steps.put("purge", PurgeStep.of(opts("method", "zero", "range", "0:1M")));
            steps.put("fill", FillStep.of(opts("percent", "10", "passes", "1", "qd", "4")));
            steps.put("torture", TortureStep.of(opts("duration", "200ms", "qd", "4")));
            steps.put("torture rounds", TortureStep.of(opts("until", "steady", "round", "50ms", "qd", "4")));
            steps.put("write sweep", SweepStep.of(opts("op", "write", "points", "4", "per-point", "1M", "qd", "4")));
            steps.put("read sweep", SweepStep.of(opts("points", "4", "per-point", "1M", "qd", "4")));
            steps.put("idle, writing probes", IdleStep.of(opts("duration", "100ms", "probe", "100ms", "probe-duration", "50ms")));
            steps.put("idle, reading probes", IdleStep.of(opts("duration", "100ms", "probe", "100ms", "probe-duration", "50ms",
                    "probe-test", "randread")));
            List<String> flushes = new ArrayList<>();
            for (Map.Entry<String, Step> e : steps.entrySet()) {
                BlockStat before = BlockStat.of(dev);
                assertTrue(run(e.getValue(), dev).complete(), e.getKey());
                flushes.add(e.getKey() + ": " + BlockStat.of(dev).since(before).flushes());
            }
            assertEquals(List.of("purge: 1", "fill: 1", "torture: 1", "torture rounds: 1", "write sweep: 1", "read sweep: 0",
                    "idle, writing probes: 1", "idle, reading probes: 0"), flushes, "the kernel's flush count after each step");
        }
    }

    @Test
    void aSweepReadsEveryPointsBytesAtItsComputedOffset(@TempDir Path dir) throws Exception {
        sweepAsTheDeviceSawIt(dir, opts("points", "8", "per-point", "1M", "bs", "256K"), 8, MIB);
    }

    /**
     * An automatic point size is whole --bs IOs at the device too: 64 MiB over 7 points is 36 reads of 256K a point
     * (until 2026-12-06 each point ended in a 37th read of 146 KiB).
     */
    @Test
    void anAutomaticSweepPointReadsWholeBsIos(@TempDir Path dir) throws Exception {
        sweepAsTheDeviceSawIt(dir, opts("points", "7", "bs", "256K"), 7, DEVICE_BYTES / 7 / (256 * 1024) * (256 * 1024));
    }

    /**
     * At a depth each point starts at an empty queue, so that its busy time and latency are its position's alone: no read
     * of point k+1 reached the device before the last of point k completed (until 2026-12-06, at QD 8 the first 7 of
     * each point's 16 reads did, with the last of the point before still in flight).
     */
    @Test
    void aSweepAtDepthStartsEachPointAtAnEmptyQueue(@TempDir Path dir) throws Exception {
        int points = 6;
        long perPoint = 4 * MIB;
        Sweep s = sweepAsTheDeviceSawIt(dir, opts("points", "6", "per-point", "4M", "bs", "256K", "qd", "8"), points, perPoint);
        long[] offsets = SweepStep.offsets(DEVICE_BYTES, points, perPoint, SECTOR);
        List<Long> issuedEarly = new ArrayList<>();
        for (int k = 1; k < points; k++) {
            long before = offsets[k - 1];
            long lastDoneNs = s.device().stream().filter(io -> io.offsetBytes >= before && io.offsetBytes < before + perPoint)
                    .mapToLong(io -> io.completeNs).max().orElseThrow();
            long at = offsets[k];
            issuedEarly.add(s.device().stream().filter(io -> io.offsetBytes >= at && io.offsetBytes < at + perPoint
                    && io.issueNs < lastDoneNs).count());
        }
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L), issuedEarly, "reads of each point issued before the point before it ended");
        assertTrue(s.result().results().get(0).phases().stream().allMatch(p -> p.ios() == perPoint / (256 * 1024)
                && p.bytesRead() == perPoint && p.busyNs() > 0), "each point's phase has its own reads");
    }

    /** A sweep's result, and the IOs a tracefs capture saw at the device. */
    private record Sweep(StepResult result, List<IoRecord> device) {
    }

    /**
     * A read sweep of {@code points} points of {@code perPoint} bytes in 256K reads, as tracefs and the disk's stat saw
     * it. The recorder mounts tracefs where it is not mounted, as {@code sbench record} does: no skip on a fresh machine.
     */
    private static Sweep sweepAsTheDeviceSawIt(Path dir, Map<String, String> options, int points, long perPoint) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            int bs = 256 * 1024;
            Path capture = dir.resolve("sweep.sbt");
            StepResult r;
            BlockStat before = BlockStat.of(dev);
            try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(dev.path().toString()), capture))) {
                recorder.start();
                r = StepSession.run(SweepStep.of(options), dev.path().toString(),
                        TargetSettings.DEFAULTS, null, NanoClock.SYSTEM, StepListener.NONE, new ReplayControl(), "test");
                for (int i = 0; i < 500 && recorder.status().ios() < points * perPoint / bs; i++) {
                    Thread.sleep(10); // the recording thread reads tracefs behind the IOs
                }
                recorder.finish();
            }
            BlockStat d = BlockStat.of(dev).since(before);
            long[] offsets = SweepStep.offsets(DEVICE_BYTES, points, perPoint, SECTOR);
            assertArrayEquals(offsets, r.sweep().stream().mapToLong(StepResult.SweepPoint::offsetBytes).toArray());
            List<String> expected = new ArrayList<>();
            for (long o : offsets) {
                for (long at = o; at < o + perPoint; at += bs) {
                    expected.add("READ@" + at + "+" + bs);
                }
            }
            List<String> seen = new ArrayList<>();
            List<String> otherInPoints = new ArrayList<>();
            List<IoRecord> device = TestRecords.readAll(new SbtFormat(), capture, ReadOptions.DEFAULTS);
            for (IoRecord io : device) {
                String seenIo = io.op + "@" + io.offsetBytes + "+" + io.lengthBytes;
                seen.add(seenIo);
                long at = io.offsetBytes;
                if (!expected.contains(seenIo) && LongStream.of(offsets).anyMatch(o -> at >= o && at < o + perPoint)) {
                    otherInPoints.add(seenIo);
                }
            }
            seen.retainAll(expected);
            assertEquals(expected, seen, "the device read each point's bytes, in order");
            assertEquals(List.of(), otherInPoints, "no other IO within the points");
            assertTrue(d.sectorsRead() >= points * perPoint / SECTOR, "the kernel counted every point's bytes: " + d.sectorsRead());
            assertEquals(0, d.sectorsWritten(), "a read sweep writes nothing");
            assertTrue(r.sweep().stream().allMatch(p -> p.mbps() > 0 && p.p99Us() > 0));
            return new Sweep(r, device);
        }
    }

    @Test
    void aTorturesSeriesHasAPointPerSecondAndEveryWriteReachedTheDevice() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            BlockStat before = BlockStat.of(dev);
            StepResult r = run(TortureStep.of(opts("duration", "3s", "qd", "16")), dev);
            BlockStat d = BlockStat.of(dev).since(before);
            ReplayResult run = r.results().get(0);
            assertTrue(r.complete() && run.complete(), r.stopReason());
            long wallNs = run.summary().wallNs();
            assertEquals((wallNs + 999_999_999L) / 1_000_000_000L, run.timeSeries().size(), "a point per second of " + wallNs + " ns");
            assertTrue(run.timeSeries().size() == 3 || run.timeSeries().size() == 4, run.timeSeries().toString());
            for (ReplayResult.Second s : run.timeSeries().subList(0, 3)) {
                assertTrue(s.writeIops() > 0 && s.meanUs() > 0 && s.maxUs() >= s.meanUs(), s.toString());
            }
            double series = run.timeSeries().stream().mapToDouble(s -> s.writeIops() * s.length()).sum();
            assertEquals(run.summary().writes(), series, 1e-6, "every write is in the series (the last second's IOPS times its"
                    + " length)");
            assertEquals(run.summary().writes(), d.dataWrites(), "every write reached the device");
            assertEquals(run.summary().bytesWritten() / SECTOR, d.sectorsWritten());
        }
    }

    /**
     * On a loop device over tmpfs, whose IOPS settle within a few rounds on a quiet machine: the step
     * stops at the first steady round, or after 25 when the machine's load kept the rounds apart (the
     * stopping rule on scripted rounds is StepsTest's; this is the step on a device).
     */
    @Test
    void tortureUntilSteadyStopsAtTheSteadyRound() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.createIn(Path.of("/dev/shm"), DEVICE_BYTES)) {
            BlockStat before = BlockStat.of(dev);
            StepResult r = run(TortureStep.of(opts("until", "steady", "round", "500ms", "qd", "8")), dev);
            BlockStat d = BlockStat.of(dev).since(before);
            assertTrue(r.complete(), r.stopReason());
            SteadyState.Verdict v = r.steadyState();
            List<Double> iops = new ArrayList<>();
            r.results().forEach(x -> iops.add(x.summary().iops()));
            assertEquals(SteadyState.check(TortureStep.TRACKED, iops), v, "the verdict is the rounds' IOPS checked");
            if (v.reached()) {
                assertEquals(v.round(), r.runs().size(), "the step stopped at the steady round");
                assertFalse(SteadyState.check(TortureStep.TRACKED, iops.subList(0, iops.size() - 1)).reached());
            } else {
                assertEquals(SteadyState.MAX_ROUNDS, r.runs().size(), "not steady: 25 rounds: " + iops);
            }
            long writes = r.results().stream().mapToLong(x -> x.summary().writes()).sum();
            assertEquals(writes, d.dataWrites(), "every round's writes reached the device");
        }
    }

    @Test
    void idleProbesAtItsIntervalsAndWritesNothingBetween() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            BlockStat before = BlockStat.of(dev);
            StepResult r = run(IdleStep.of(opts("duration", "2s", "probe", "1s", "probe-duration", "200ms", "probe-qd", "4")), dev);
            BlockStat d = BlockStat.of(dev).since(before);
            assertTrue(r.complete());
            assertEquals(List.of("probe-0", "probe-1s", "probe-2s"), r.runs().stream().map(StepResult.NamedRun::name).toList());
            long probeWrites = r.results().stream().mapToLong(x -> x.summary().writes()).sum();
            assertEquals(probeWrites, d.dataWrites(), "the device was written by the probes only");
            for (int i = 1; i < r.results().size(); i++) {
                ReplayResult a = r.results().get(i - 1);
                ReplayResult b = r.results().get(i);
                Duration gap = Duration.between(Instant.parse(a.startedAt()), Instant.parse(b.startedAt()));
                assertTrue(gap.toMillis() >= 1200, "1 s of idle after a 200 ms probe: " + gap);
                assertTrue(gap.toMillis() < 2000, "and no more than the machine's delays: " + gap);
            }
        }
    }
}
