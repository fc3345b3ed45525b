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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopStripe;
import org.sbench.target.StripedTarget;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.input.ReadOptions;

/**
 * Replays onto stripes of loop devices this test creates, read back member by member: every
 * written byte is where the RAID 0 mapping puts it, nothing else changed; IOs crossing one, two
 * and three chunk boundaries reach the members as one request per chunk (counted by the kernel);
 * a stripe of one is the device alone. The expected places come from the mapping as the issue
 * states it, written out here ({@link #member}, {@link #memberOffset}), not from sbench's code.
 */
@Tag("device")
class StripeDeviceTest {
    private static final long K = 1024;
    private static final long MIB = 1 << 20;
    private static final String[] ENGINES = {"io_uring", "libaio", "sync"};
    private static final int SECTOR = BlockStat.SECTOR_BYTES;

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    /** The member of array byte {@code x}: chunk index mod members. */
    private static int member(long x, long chunk, int members) {
        return (int) (x / chunk % members);
    }

    /** Where array byte {@code x} is on its member: (chunk index / members) x chunk + offset in the chunk. */
    private static long memberOffset(long x, long chunk, int members) {
        return x / chunk / members * chunk + x % chunk;
    }

    private static ReplayResult replay(Path trace, String target, ReplaySettings settings, ReplayListener listener) {
        return ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target,
                TargetSettings.DEFAULTS.withAllowWrite(true), settings), NanoClock.SYSTEM, listener, new ReplayControl(), "test");
    }

    /** Writes a pattern of its own over all of {@code dev}; returns it. */
    private static byte[] fillAll(LoopDevice dev, int seed, long bytes) throws IOException {
        byte[] data = new byte[(int) bytes];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 13 + seed * 37 + (i >>> 9));
        }
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                ch.write(b, b.position());
            }
            ch.force(true);
        }
        return data;
    }

    /**
     * Checks the members against {@code before} with the trace's writes laid over it by the
     * mapping: each written range exactly, and the SHA-256 of everything else unchanged.
     */
    private static void assertPlaced(String what, List<IoRecord> trace, long chunk, List<LoopDevice> members, List<byte[]> before,
                                     long memberBytes) throws IOException {
        int n = members.size();
        List<byte[]> expected = new ArrayList<>();
        List<BitSet> written = new ArrayList<>();
        for (byte[] b : before) {
            expected.add(b.clone());
            written.add(new BitSet());
        }
        int writeIndex = 0;
        for (IoRecord r : trace) {
            if (r.op != Op.WRITE) {
                continue;
            }
            byte[] data = ReplayDeviceTest.expectedWrite(writeIndex++, (int) r.lengthBytes);
            for (long i = 0; i < r.lengthBytes; i += SECTOR) {
                long x = r.offsetBytes + i;
                int m = member(x, chunk, n);
                int at = (int) memberOffset(x, chunk, n);
                System.arraycopy(data, (int) i, expected.get(m), at, SECTOR);
                written.get(m).set(at / SECTOR);
            }
        }
        for (int m = 0; m < n; m++) {
            byte[] actual = ReplayDeviceTest.readDevice(members.get(m), 0, (int) memberBytes);
            BitSet w = written.get(m);
            for (int s = w.nextSetBit(0); s >= 0; s = w.nextSetBit(s + 1)) {
                int from = s * SECTOR;
                for (int i = from; i < from + SECTOR; i++) {
                    if (actual[i] != expected.get(m)[i]) {
                        throw new AssertionError(what + ": member " + m + " byte " + i + " is not the trace's");
                    }
                }
            }
            assertEquals(sha256Outside(expected.get(m), w), sha256Outside(actual, w), what + ": member " + m
                    + " changed outside the written ranges");
        }
    }

    private static String sha256Outside(byte[] image, BitSet written) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (int s = 0; s < image.length / SECTOR; s++) {
                if (!written.get(s)) {
                    md.update(image, s * SECTOR, SECTOR);
                }
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyWrittenByteIsWhereTheMappingSaysAndNothingElseChanged(@TempDir Path dir) throws IOException {
        long memberBytes = 4 * MIB;
        List<IoRecord> trace = List.of(
                ReplayDeviceTest.io(0, Op.WRITE, 0, 4 * K),                     // inside chunk 0
                ReplayDeviceTest.io(10, Op.WRITE, 60 * K, 8 * K),               // crosses 1 boundary
                ReplayDeviceTest.io(20, Op.WRITE, 1020 * K, 72 * K),            // crosses 2
                ReplayDeviceTest.io(30, Op.FLUSH, 0, 0),
                ReplayDeviceTest.io(40, Op.WRITE, 2044 * K, 136 * K),           // crosses 3
                ReplayDeviceTest.io(50, Op.READ, 60 * K, 8 * K),
                ReplayDeviceTest.io(60, Op.WRITE, 3 * MIB + 512, 200 * K),      // starts mid-sector-run of a chunk
                ReplayDeviceTest.io(70, Op.WRITE, 5 * MIB, MIB),                // 16 chunks over all three members
                ReplayDeviceTest.io(80, Op.WRITE, 3 * memberBytes - 64 * K, 64 * K), // the array's last chunk
                ReplayDeviceTest.io(90, Op.READ, 5 * MIB, MIB));
        Path t = ReplayDeviceTest.trace(dir, trace);
        for (String engine : ENGINES) {
            try (LoopStripe loops = LoopStripe.create(3, memberBytes)) {
                List<LoopDevice> members = loops.members();
                List<byte[]> before = new ArrayList<>();
                for (int m = 0; m < 3; m++) {
                    before.add(fillAll(members.get(m), m + 1, memberBytes));
                }
                ReplayResult r = replay(t, LoopStripe.spec("64K", members), ReplaySettings.DEFAULTS.withFixedQd(4).withEngine(engine),
                        ReplayListener.NONE);
                assertTrue(r.complete(), engine);
                assertEquals(0, r.summary().errors(), engine + " " + r.errors());
                assertEquals(7, r.summary().writes(), engine);
                assertEquals(3 * memberBytes, r.target().capacity(), engine);
                assertPlaced(engine, trace, 64 * K, members, before, memberBytes);
            }
        }
    }

    @Test
    void iosCrossingOneTwoAndThreeBoundariesReachTheMembersAsOneRequestPerChunk(@TempDir Path dir) throws IOException {
        // 2 x 64 KiB. [60K, 68K): 4K on member 0 and 4K on member 1. [1020K, 1092K): chunk 15 (member 1,
        // 4K), 16 (member 0, 64K), 17 (member 1, 4K). [2044K, 2180K): chunk 31 (member 1, 4K), 32 (member 0,
        // 64K), 33 (member 1, 64K), 34 (member 0, 4K). Member 0: 4 requests, 136 KiB; member 1: 5, 80 KiB.
        long[][] ios = {{60 * K, 8 * K}, {1020 * K, 72 * K}, {2044 * K, 136 * K}};
        long[] requests = {4, 5};
        long[] sectors = {136 * K / SECTOR, 80 * K / SECTOR};
        List<IoRecord> writes = new ArrayList<>();
        List<IoRecord> reads = new ArrayList<>();
        for (int i = 0; i < ios.length; i++) {
            writes.add(ReplayDeviceTest.io(i * 10, Op.WRITE, ios[i][0], ios[i][1]));
            reads.add(ReplayDeviceTest.io(i * 10, Op.READ, ios[i][0], ios[i][1]));
        }
        for (String engine : ENGINES) {
            try (LoopStripe loops = LoopStripe.create(2, 4 * MIB)) {
                List<LoopDevice> members = loops.members();
                List<byte[]> before = List.of(new byte[(int) (4 * MIB)], new byte[(int) (4 * MIB)]);
                ReplaySettings qd1 = ReplaySettings.DEFAULTS.withFixedQd(1).withEngine(engine);
                ReplayKernelCountDeviceTest.AtStart[] at = {new ReplayKernelCountDeviceTest.AtStart(members.get(0)),
                    new ReplayKernelCountDeviceTest.AtStart(members.get(1))};
                ReplayResult w = replay(ReplayDeviceTest.trace(dir, writes), LoopStripe.spec("64K", members), qd1, both(at));
                for (int m = 0; m < 2; m++) {
                    BlockStat seen = BlockStat.of(members.get(m)).since(at[m].stat);
                    assertEquals(requests[m], seen.writes(), engine + ": write requests on member " + m);
                    assertEquals(sectors[m], seen.sectorsWritten(), engine + ": sectors written on member " + m);
                }
                assertEquals(3, w.stripe().splitIos(), engine);
                assertEquals(9, w.stripe().splitParts(), engine);
                assertEquals(List.of(4L, 5L), w.stripe().members().stream().map(ReplayResult.Member::writes).toList(), engine);
                assertPlaced(engine, writes, 64 * K, members, before, 4 * MIB);
                ReplayResult r = replay(ReplayDeviceTest.trace(dir, reads), LoopStripe.spec("64K", members), qd1, both(at));
                for (int m = 0; m < 2; m++) {
                    BlockStat seen = BlockStat.of(members.get(m)).since(at[m].stat);
                    assertEquals(requests[m], seen.reads(), engine + ": read requests on member " + m);
                    assertEquals(sectors[m], seen.sectorsRead(), engine + ": sectors read on member " + m);
                }
                assertEquals(3, r.summary().reads(), engine + ": three trace IOs, whatever their parts");
                assertEquals(72 * K + 8 * K + 136 * K, r.summary().bytesRead(), engine);
            }
        }
    }

    /** Hears the start of a run for each of {@code at}. */
    private static ReplayListener both(ReplayKernelCountDeviceTest.AtStart[] at) {
        return new ReplayListener() {
            @Override
            public void started(long startNs) {
                for (ReplayKernelCountDeviceTest.AtStart a : at) {
                    a.started(startNs);
                }
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            }
        };
    }

    @Test
    void aStripeOfOneIsTheDeviceAlone(@TempDir Path dir) throws IOException {
        List<IoRecord> trace = new ArrayList<>();
        Op[] cycle = {Op.WRITE, Op.READ, Op.WRITE, Op.FLUSH, Op.TRIM, Op.READ, Op.WRITE};
        for (int i = 0; i < 70; i++) {
            Op op = cycle[i % cycle.length];
            // Distinct 256 KiB slots, so IOs in flight together never overlap and the bytes are deterministic.
            trace.add(ReplayDeviceTest.io(i * 50L, op, op == Op.FLUSH ? 0 : i * 256 * K + (i % 3) * 4 * K,
                    op == Op.FLUSH ? 0 : (4 * K) << (i % 6)));
        }
        Path t = ReplayDeviceTest.trace(dir, trace);
        for (String engine : ENGINES) {
            for (ReplaySettings mode : new ReplaySettings[] {ReplaySettings.DEFAULTS.withFixedQd(4),
                ReplaySettings.DEFAULTS.withTimed(1.0, 8), ReplaySettings.DEFAULTS.withRecordedQd(0, 0)}) {
                String what = engine + " " + mode.mode().word();
                try (LoopStripe loops = LoopStripe.create(2, 32 * MIB)) {
                    List<LoopDevice> devices = loops.members();
                    ReplayKernelCountDeviceTest.AtStart alone = new ReplayKernelCountDeviceTest.AtStart(devices.get(0));
                    ReplayKernelCountDeviceTest.AtStart one = new ReplayKernelCountDeviceTest.AtStart(devices.get(1));
                    ReplayResult plain = replay(t, devices.get(0).path().toString(), mode.withEngine(engine), alone);
                    ReplayResult striped = replay(t, LoopStripe.spec("64K", devices.subList(1, 2)), mode.withEngine(engine), one);
                    assertEquals(BlockStat.of(devices.get(0)).since(alone.stat), BlockStat.of(devices.get(1)).since(one.stat),
                            what + ": the kernel's counts");
                    assertArrayEquals(ReplayDeviceTest.readDevice(devices.get(0), 0, (int) (32 * MIB)),
                            ReplayDeviceTest.readDevice(devices.get(1), 0, (int) (32 * MIB)), what + ": the bytes");
                    assertEquals(plain.summary().ios(), striped.summary().ios(), what);
                    assertEquals(plain.summary().bytesWritten(), striped.summary().bytesWritten(), what);
                    assertEquals(0, striped.stripe().splitIos(), what);
                    assertEquals(1, striped.stripe().memberCount(), what);
                    assertEquals(plain.settings().discards().startsWith("queued"), striped.settings().discards().startsWith("queued"),
                            what + ": trims queued as on the device alone, or not: " + striped.settings().discards());
                    assertEquals(plain.target().capacity(), striped.target().capacity(), what);
                }
            }
        }
    }

    @Test
    void eachMemberIsCappedAtItsQueue() throws IOException {
        try (LoopStripe loops = LoopStripe.create(2, 4 * MIB)) {
            List<LoopDevice> members = loops.members();
            members.get(0).setNrRequests(16);
            members.get(1).setNrRequests(4);
            String spec = LoopStripe.spec("4K", members);
            try (StripedTarget t = (StripedTarget) Targets.open(spec, TargetSettings.DEFAULTS.withAllowWrite(true))) {
                assertArrayEquals(new int[] {16, 4}, DeviceQueue.memberLimits(t, t.layout(), 32, 4096, true, true, 0), "4 KiB IOs: their queues");
                // 64 KiB touches 17 chunks of 4 KiB at most, 9 on one member, more than member 1 holds: they go out as room comes.
                assertArrayEquals(new int[] {16, 4}, DeviceQueue.memberLimits(t, t.layout(), 32, 64 * K, true, true, 0), "64 KiB IOs");
                assertArrayEquals(new int[] {15, 3}, DeviceQueue.memberLimits(t, t.layout(), 32, 4096, true, true, 1),
                        "an engine leaving a request of each queue free");
            }
        }
    }
}
