package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sbench.engine.linux.NativeBytes;
import org.sbench.replay.NanoClock;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.Op;

/**
 * io_uring's queued discards on a loop device, counted by the kernel: trims go at depth where the
 * kernel has BLOCK_URING_CMD_DISCARD (6.12+), a trim and a write it overlaps never run at once, a
 * trim the block layer would cut into several bios runs in commit, and with queued discards off
 * every trim runs as BLKDISCARD in commit, as the engine says.
 */
@Tag("device")
class QueuedDiscardDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final int DEPTH = 32;
    private static final int MAX_IO = (int) MIB;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);
    private static final byte PATTERN = (byte) 0xA5;

    /** A loop device, the block target over it open for writing, and an io_uring engine on it; closed in reverse. */
    private static final class Rig implements AutoCloseable {
        final LoopDevice dev;
        final Target target;
        final IoUringEngine engine;

        Rig(int depth, boolean queueDiscards) throws IOException {
            dev = LoopDevice.create(DEVICE_BYTES);
            Target t = null;
            try {
                t = Targets.open(dev.path().toString(), WRITE);
                engine = new IoUringEngine(t, depth, MAX_IO, 0, NanoClock.SYSTEM, queueDiscards);
                target = t;
            } catch (RuntimeException e) {
                if (t != null) {
                    t.close();
                }
                dev.close();
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                engine.close();
                target.close();
            } finally {
                dev.close();
            }
        }
    }

    private static void fill(IoSlot s, Op op, long offset, long length) {
        s.op = op;
        s.offsetBytes = offset;
        s.lengthBytes = length;
        s.result = Long.MIN_VALUE;
        s.doneNs = Long.MIN_VALUE;
    }

    /** Reaps until nothing is in flight; returns the slots in completion order. */
    private static List<IoSlot> reapAll(IoEngine engine) {
        List<IoSlot> done = new ArrayList<>();
        while (engine.inFlight() > 0) {
            engine.reap(1, -1, done::add);
        }
        return done;
    }

    @Test
    void trimsGoAtDepthAndReachTheDevice() throws IOException {
        LoopDevice.assumeRoot();
        try (Rig rig = new Rig(DEPTH, true)) {
            IoUringEngine engine = rig.engine;
            boolean queued = TestEngines.kernelQueuesDiscards();
            assertEquals(queued, engine.discards().startsWith("queued (io_uring BLOCK_URING_CMD_DISCARD)"), engine.discards());
            assumeTrue(queued, "kernel before 6.12: no queued discards");
            BlockStat before = BlockStat.of(rig.dev);
            long bytes = 0;
            for (IoSlot s : engine.slots()) {
                long length = 4096L << (s.index % 9);
                fill(s, Op.TRIM, s.index * 2 * MIB, length);
                bytes += length;
                engine.submit(s);
            }
            engine.commit();
            for (IoSlot s : engine.slots()) {
                assertEquals(Long.MIN_VALUE, s.doneNs, "trim " + s.index + " was queued, not run in commit");
            }
            assertEquals(Long.MIN_VALUE, engine.orderWaitEndNs(), "no trim waited");
            List<IoSlot> done = reapAll(engine);
            assertEquals(DEPTH, done.size());
            for (IoSlot s : done) {
                assertEquals(0, s.result, "trim " + s.index);
            }
            BlockStat seen = BlockStat.of(rig.dev).since(before);
            assertEquals(DEPTH, seen.discards(), "discards at the kernel");
            assertEquals(bytes / BlockStat.SECTOR_BYTES, seen.sectorsDiscarded(), "sectors discarded at the kernel");
        }
    }

    /** A write, a trim inside it, a write over the trim and a far trim, in one commit: the overlapping ones wait, in order. */
    @Test
    void aTrimAndTheIosItOverlapsNeverRunAtOnce() throws IOException {
        LoopDevice.assumeRoot();
        assumeTrue(TestEngines.kernelQueuesDiscards(), "kernel before 6.12: no queued discards");
        try (Rig rig = new Rig(4, true)) {
            IoUringEngine engine = rig.engine;
            IoSlot[] s = engine.slots();
            fill(s[0], Op.WRITE, 0, MIB);
            NativeBytes.put(s[0].bufferAddress, patternOf(s[0]), 0, (int) MIB);
            fill(s[1], Op.TRIM, MIB / 2, 64 * 1024);
            fill(s[2], Op.TRIM, 32 * MIB, 64 * 1024);
            fill(s[3], Op.WRITE, MIB / 2 + 4096, 4096);
            NativeBytes.put(s[3].bufferAddress, patternOf(s[3]), 0, 4096);
            BlockStat before = BlockStat.of(rig.dev);
            for (IoSlot slot : s) {
                engine.submit(slot);
            }
            engine.commit();
            assertTrue(s[0].doneNs != Long.MIN_VALUE, "the write completed before the trim over it went");
            assertTrue(s[1].submitNs >= s[0].doneNs, "the trim went after the write it overlaps completed");
            assertTrue(s[1].doneNs != Long.MIN_VALUE && s[3].submitNs >= s[1].doneNs, "the second write went after the trim it overlaps");
            assertTrue(s[2].submitNs >= s[0].doneNs, "IOs after a waiting one wait too: submit order holds");
            assertTrue(engine.orderWaitEndNs() >= s[1].doneNs, "the engine says when its last ordering wait ended");
            assertEquals(4, reapAll(engine).size());
            for (IoSlot slot : s) {
                assertEquals(slot.op == Op.TRIM ? 0 : slot.lengthBytes, slot.result, slot.op + " " + slot.index);
            }
            BlockStat seen = BlockStat.of(rig.dev).since(before);
            assertEquals(2, seen.discards());
            assertEquals(2, seen.dataWrites());
            byte[] expected = new byte[(int) MIB];
            Arrays.fill(expected, PATTERN);
            Arrays.fill(expected, (int) (MIB / 2), (int) (MIB / 2 + 64 * 1024), (byte) 0);
            Arrays.fill(expected, (int) (MIB / 2 + 4096), (int) (MIB / 2 + 8192), PATTERN);
            fill(s[0], Op.READ, 0, MIB);
            engine.submit(s[0]);
            engine.commit();
            reapAll(engine);
            byte[] read = new byte[(int) MIB];
            NativeBytes.get(s[0].bufferAddress, read, 0, read.length);
            assertArrayEquals(expected, read, "write, trim, write landed in trace order");
        }
    }

    private static byte[] patternOf(IoSlot s) {
        byte[] b = new byte[(int) s.lengthBytes];
        Arrays.fill(b, PATTERN);
        return b;
    }

    @Test
    void aTrimTheBlockLayerWouldCutIntoSeveralBiosRunsInCommit() throws IOException {
        LoopDevice.assumeRoot();
        assumeTrue(TestEngines.kernelQueuesDiscards(), "kernel before 6.12: no queued discards");
        try (Rig rig = new Rig(2, true)) {
            IoUringEngine engine = rig.engine;
            long granularity = rig.target.discardGeometry().granularityBytes();
            assumeTrue(granularity > 512, "a discard granularity above the sector size");
            IoSlot[] s = engine.slots();
            // Starts a sector into a granule and ends in the next: two bios.
            fill(s[0], Op.TRIM, 512, granularity);
            fill(s[1], Op.TRIM, 8 * MIB, granularity);
            BlockStat before = BlockStat.of(rig.dev);
            engine.submit(s[0]);
            engine.submit(s[1]);
            engine.commit();
            assertTrue(s[0].doneNs != Long.MIN_VALUE, "ran in commit");
            assertEquals(Long.MIN_VALUE, s[1].doneNs, "queued");
            reapAll(engine);
            assertEquals(0, s[0].result);
            assertEquals(0, s[1].result);
            BlockStat seen = BlockStat.of(rig.dev).since(before);
            assertEquals(3, seen.discards(), "the cut trim is two requests, the other one");
            assertEquals(2 * granularity / BlockStat.SECTOR_BYTES, seen.sectorsDiscarded());
        }
    }

    @Test
    void withQueuedDiscardsOffEveryTrimRunsAsTheIoctlInCommit() throws IOException {
        LoopDevice.assumeRoot();
        try (Rig rig = new Rig(4, false)) {
            IoUringEngine engine = rig.engine;
            assertEquals("ioctl BLKDISCARD in commit (queued discards turned off)", engine.discards());
            BlockStat before = BlockStat.of(rig.dev);
            for (IoSlot s : engine.slots()) {
                fill(s, Op.TRIM, s.index * MIB, 4096);
                engine.submit(s);
            }
            engine.commit();
            for (IoSlot s : engine.slots()) {
                assertTrue(s.doneNs != Long.MIN_VALUE, "trim " + s.index + " ran in commit");
            }
            reapAll(engine);
            assertEquals(4, BlockStat.of(rig.dev).since(before).discards());
        }
    }
}
