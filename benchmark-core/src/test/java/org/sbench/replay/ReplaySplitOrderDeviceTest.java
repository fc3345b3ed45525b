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
import org.sbench.engine.TestEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopStripe;
import org.sbench.target.StripeLayout;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;

/**
 * Reads and writes longer than the device takes whole reach the block layer in trace order, as
 * tracefs captures of the device show ({@code block_bio_queue}, {@code block_rq_issue}), and the
 * kernel counts the requests that a split of each from its start makes: loop devices taking 128 or
 * 32 KiB whole ({@code max_sectors_kb}), IOs of 200 KiB to 2 MiB among 4 KiB ones, trims and
 * flushes at depth 32,
 * io_uring and libaio in every mode, on a device, on one whose queue holds fewer requests than
 * the longest IO becomes, and on a stripe (whose trims io_uring queues as on a device). io_uring
 * submits without blocking, and the block layer refuses to split such a bio: io_uring would hand
 * the IO to a kernel worker, which issues it after later IOs.
 */
@Tag("device")
class ReplaySplitOrderDeviceTest {
    private static final long KIB = 1024;
    private static final long MIB = 1 << 20;
    private static final long[] LARGE = {MIB, 300 * KIB, 2 * MIB, 200 * KIB};
    private static final int IOS = 400;
    private static final int QD = 32;
    private static final long SPACING_NS = 20_000;
    private static final long BLOCK = 4096;

    /**
     * Reads and writes at random 4 KiB-aligned places of {@code spanBytes}, every fourth one of
     * {@link #LARGE}; among them trims of 4 KiB and 1 MiB, and a flush every 50.
     */
    private static List<IoRecord> ios(long spanBytes) {
        Random random = new Random(23);
        List<IoRecord> out = new ArrayList<>();
        for (int i = 0; i < IOS; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = i * SPACING_NS;
            r.completeNs = r.issueNs + QD * SPACING_NS - 1;
            r.op = i % 50 == 49 ? Op.FLUSH : i % 10 == 5 ? Op.TRIM : random.nextBoolean() ? Op.READ : Op.WRITE;
            if (r.op != Op.FLUSH) {
                r.lengthBytes = r.op == Op.TRIM ? (i % 20 == 5 ? MIB : BLOCK) : i % 4 == 0 ? LARGE[(i / 4) % LARGE.length] : BLOCK;
                r.offsetBytes = random.nextInt((int) ((spanBytes - 2 * MIB) / BLOCK)) * BLOCK;
            }
            out.add(r);
        }
        return out;
    }

    /**
     * The requests member {@code member} of {@code layout} takes, in trace order: each read's or
     * write's part there (a chunk, or all of it on a stripe of one) cut from its start into pieces
     * of at most {@code wholeBytes}, as the kernel's split cuts it; each flush; each trim's range
     * there, whole.
     */
    private static List<IoRecord> requests(List<IoRecord> ios, StripeLayout layout, int member, long wholeBytes) {
        List<IoRecord> out = new ArrayList<>();
        for (IoRecord io : ios) {
            if (io.op == Op.FLUSH || io.op == Op.TRIM) {
                long start = layout.rangeStart(io.offsetBytes, member);
                long end = layout.rangeStart(io.offsetBytes + io.lengthBytes, member);
                if (io.op == Op.FLUSH || start < end) {
                    IoRecord r = new IoRecord();
                    r.op = io.op;
                    r.offsetBytes = io.op == Op.FLUSH ? 0 : start;
                    r.lengthBytes = io.op == Op.FLUSH ? 0 : end - start;
                    out.add(r);
                }
                continue;
            }
            for (long pos = 0; pos < io.lengthBytes; ) {
                long at = io.offsetBytes + pos;
                long chunkPart = layout.partBytes(at, io.lengthBytes - pos);
                if (layout.memberOf(at) == member) {
                    for (long cut = 0; cut < chunkPart; cut += wholeBytes) {
                        IoRecord r = new IoRecord();
                        r.op = io.op;
                        r.offsetBytes = layout.memberOffset(at) + cut;
                        r.lengthBytes = Math.min(wholeBytes, chunkPart - cut);
                        out.add(r);
                    }
                }
                pos += chunkPart;
            }
        }
        return out;
    }

    /** How many reads and writes of {@code ios} become more than one device IO on {@code layout}, and how many those become. */
    private static long[] splits(List<IoRecord> ios, StripeLayout layout, long wholeBytes) {
        long split = 0;
        long parts = 0;
        for (IoRecord io : ios) {
            if (!io.op.transfersData()) {
                continue;
            }
            long n = 0;
            for (int m = 0; m < layout.members(); m++) {
                n += requests(List.of(io), layout, m, wholeBytes).size();
            }
            if (n > 1) {
                split++;
                parts += n;
            }
        }
        return new long[] {split, parts};
    }

    private static long count(List<IoRecord> ios, Op op) {
        return ios.stream().filter(r -> r.op == op).count();
    }

    private static long sectors(List<IoRecord> ios, Op op) {
        return ios.stream().filter(r -> r.op == op).mapToLong(r -> r.lengthBytes).sum() / BlockStat.SECTOR_BYTES;
    }

    private static List<ReplaySettings> modes() {
        List<ReplaySettings> modes = new ArrayList<>();
        for (String engine : new String[] {"io_uring", "libaio"}) {
            modes.add(ReplaySettings.DEFAULTS.withRecordedQd(0, 0).withEngine(engine));
            modes.add(ReplaySettings.DEFAULTS.withFixedQd(QD).withEngine(engine));
            modes.add(ReplaySettings.DEFAULTS.withTimed(1.0, QD).withEngine(engine));
        }
        return modes;
    }

    /**
     * Replays {@code ios} onto {@code target} (over {@code members} laid out as {@code layout}) in
     * every mode, and checks each member's bios, requests and kernel counts against the requests
     * it takes whole ({@code wholeBytes}).
     */
    private static void replayInEveryMode(Path dir, List<IoRecord> ios, String target, List<LoopDevice> members, StripeLayout layout,
                                          long wholeBytes) throws Exception {
        Path t = TestRecords.writeSbt(dir.resolve("large.sbt"), TraceInfo.of("large", EnumSet.of(Field.COMPLETE)), ios);
        List<List<IoRecord>> requests = new ArrayList<>();
        int all = 0;
        for (int m = 0; m < members.size(); m++) {
            requests.add(requests(ios, layout, m, wholeBytes));
            all += requests.get(m).size();
        }
        long[] splits = splits(ios, layout, wholeBytes);
        int n = 0;
        for (ReplaySettings mode : modes()) {
            String what = target + " " + mode.engine() + " " + mode.mode().word();
            List<ReplayKernelCountDeviceTest.AtStart> before = members.stream().map(ReplayKernelCountDeviceTest.AtStart::new).toList();
            ReplayListener started = new ReplayListener() {
                @Override
                public void started(long startNs) {
                    before.forEach(b -> b.started(startNs));
                }

                @Override
                public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
                }
            };
            BlockLayerOrder.Captured got = BlockLayerOrder.capture(members, dir.resolve("capture-" + n++ + ".sbt"), all,
                    () -> ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, target,
                            TargetSettings.DEFAULTS.withAllowWrite(true), mode), NanoClock.SYSTEM, started, new ReplayControl(), "test"));
            ReplayResult r = got.result();
            assertTrue(r.complete(), what);
            boolean queued = mode.engine().equals("io_uring") && TestEngines.kernelQueuesDiscards();
            assertEquals(queued, r.settings().discards().startsWith("queued"), what + ": " + r.settings().discards());
            assertEquals(splits[0], r.mapping().splitIos(), what + ": IOs split");
            assertEquals(splits[1], r.mapping().splitParts(), what + ": the device IOs they became");
            for (int m = 0; m < members.size(); m++) {
                LoopDevice dev = members.get(m);
                String on = what + ", " + dev.name();
                List<IoRecord> want = requests.get(m);
                BlockStat seen = BlockStat.of(dev).since(before.get(m).stat);
                BlockLayerOrder.assertQueuedInTraceOrder(want, got.bios(dev), on);
                BlockLayerOrder.assertTraceOrder(want, members.size() == 1 ? got.seen() : got.seen(m), on);
                assertEquals(count(want, Op.READ), seen.reads(), on + ": reads at the kernel");
                assertEquals(sectors(want, Op.READ), seen.sectorsRead(), on + ": sectors read at the kernel");
                assertEquals(count(want, Op.WRITE), seen.dataWrites(), on + ": writes at the kernel");
                assertEquals(sectors(want, Op.WRITE), seen.sectorsWritten(), on + ": sectors written at the kernel");
                assertEquals(count(want, Op.TRIM), seen.discards(), on + ": trims at the kernel");
                assertEquals(sectors(want, Op.TRIM), seen.sectorsDiscarded(), on + ": sectors trimmed at the kernel");
                assertEquals(count(want, Op.FLUSH), seen.flushes(), on + ": flushes at the kernel");
            }
        }
    }

    @Test
    void ioLongerThanTheDeviceTakesWholeReachesItInTraceOrder(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(256 * MIB)) {
            dev.setMaxSectorsKb(128);
            replayInEveryMode(dir, ios(128 * MIB), dev.path().toString(), List.of(dev), StripeLayout.ONE, 128 * KIB);
        }
    }

    @Test
    void anIoOfMoreRequestsThanTheQueueHoldsGoesOutInPartsAsRoomComes(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(256 * MIB)) {
            dev.setMaxSectorsKb(128);
            dev.setNrRequests(4);
            replayInEveryMode(dir, ios(128 * MIB), dev.path().toString(), List.of(dev), StripeLayout.ONE, 128 * KIB);
        }
    }

    @Test
    void stripeMembersGetTheRequestsTheyTakeWholeInTraceOrder(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopStripe loops = LoopStripe.create(2, 64 * MIB)) {
            for (LoopDevice m : loops.members()) {
                m.setMaxSectorsKb(32);
            }
            loops.member(1).setNrRequests(8);
            replayInEveryMode(dir, ios(128 * MIB), loops.spec("64K"), loops.members(), new StripeLayout(2, 64 * KIB), 32 * KIB);
        }
    }
}
