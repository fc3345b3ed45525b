package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.TargetSettings;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.input.ReadOptions;

/**
 * What reaches each member of a stripe of two loop devices, counted by the kernel
 * ({@code /sys/block/DEV/stat}): every FLUSH on both members, every TRIM as one ranged discard on
 * each member (the sectors each holds of it), and the reads and writes on the member their chunk
 * is on, for every engine, mode and depth users run; and no member busier than the array.
 */
@Tag("device")
class StripeKernelCountDeviceTest {
    private static final long K = 1024;
    private static final long CHUNK = 64 * K;
    private static final long MEMBER_BYTES = 32L << 20;
    private static final int IOS = 140;
    private static final long SPACING_NS = 20_000;
    private static final Op[] CYCLE = {Op.WRITE, Op.FLUSH, Op.WRITE, Op.WRITE, Op.READ, Op.TRIM, Op.READ};
    /** A TRIM starts 4 KiB into chunk i and covers 192 KiB: 60K + 64K on chunk i's member, 64K + 4K on the other. */
    private static final long TRIM_BYTES = 192 * K;
    private static final long TRIM_SKIP = 4 * K;
    private static final String[] ENGINES = {"io_uring", "libaio", "sync"};
    private static final int[] DEPTHS = {1, 2, 4, 32};

    private static Op op(int i) {
        return CYCLE[i % CYCLE.length];
    }

    /** Reads and writes inside chunk i (on member i mod 2); trims across four chunks; the recorded depth {@code depth}. */
    private static Path trace(Path dir, int depth) {
        List<IoRecord> records = new ArrayList<>();
        for (int i = 0; i < IOS; i++) {
            Op op = op(i);
            IoRecord r = ReplayDeviceTest.io(0, op, op == Op.FLUSH ? 0 : i * CHUNK + (op == Op.TRIM ? TRIM_SKIP : 0),
                    op == Op.FLUSH ? 0 : op == Op.TRIM ? TRIM_BYTES : 4096 << (i % 4));
            r.issueNs = i * SPACING_NS;
            r.completeNs = r.issueNs + depth * SPACING_NS - 1;
            records.add(r);
        }
        return ReplayDeviceTest.trace(dir, records);
    }

    /** What member {@code m} must see: {reads, sectors read, data writes, sectors written, discards, sectors discarded, flushes}. */
    private static long[] expected(int m) {
        long[] e = new long[7];
        for (int i = 0; i < IOS; i++) {
            boolean mine = i % 2 == m;
            StoppableTrace.tally(e, op(i), mine, 4096 << (i % 4), mine ? CHUNK - TRIM_SKIP + CHUNK : CHUNK + TRIM_SKIP);
        }
        return e;
    }

    @Test
    void flushesReachEveryMemberAndTrimsEachOnceWithItsShare(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        try (LoopDevice a = LoopDevice.create(MEMBER_BYTES); LoopDevice b = LoopDevice.create(MEMBER_BYTES)) {
            String target = "stripe:64K:" + a.path() + "," + b.path();
            LoopDevice[] members = {a, b};
            for (int depth : DEPTHS) {
                Path t = trace(dir, depth);
                for (ReplaySettings mode : new ReplaySettings[] {ReplaySettings.DEFAULTS.withRecordedQd(0, 0),
                    ReplaySettings.DEFAULTS.withFixedQd(depth), ReplaySettings.DEFAULTS.withTimed(1.0, depth)}) {
                    for (String engine : ENGINES) {
                        String what = engine + " " + mode.mode().word() + " at depth " + depth;
                        BlockStat[] before = new BlockStat[2];
                        ReplayListener atStart = new ReplayListener() {
                            @Override
                            public void started(long startNs) {
                                before[0] = BlockStat.of(a);
                                before[1] = BlockStat.of(b);
                            }

                            @Override
                            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
                            }
                        };
                        ReplayResult r = ReplaySession.run(new ReplaySession.Request(t, null, ReadOptions.DEFAULTS, target,
                                TargetSettings.DEFAULTS.withAllowWrite(true), mode.withEngine(engine)), NanoClock.SYSTEM, atStart,
                                new ReplayControl(), "test");
                        assertTrue(r.complete(), what);
                        assertEquals(IOS, r.fidelity().issued(), what);
                        assertEquals(0, r.fidelity().outOfOrder(), what);
                        assertEquals(0, r.summary().errors(), what + " " + r.errors());
                        for (int m = 0; m < 2; m++) {
                            assertEquals(Arrays.toString(expected(m)),
                                    Arrays.toString(StoppableTrace.kernelCounts(BlockStat.of(members[m]).since(before[m]))),
                                    what + ": member " + m + " {reads, sectors, writes, sectors, discards, sectors, flushes}");
                            ReplayResult.Member counted = r.stripe().members().get(m);
                            assertEquals(expected(m)[6], counted.flushes(), what + ": flushes sbench counted on member " + m);
                            assertEquals(expected(m)[4], counted.trims(), what + ": trims sbench counted on member " + m);
                            // A member IO runs within its trace IO: report and compare refuse a result where a member was busier.
                            assertTrue(counted.busyNs() <= r.summary().busyNs(), what + ": member " + m + " busy " + counted.busyNs()
                                    + " ns, the array " + r.summary().busyNs());
                        }
                    }
                }
            }
        }
    }
}
