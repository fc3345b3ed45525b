package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.NativeBytes;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/** What every kernel-facing engine must do, run against an O_DIRECT temp file. */
abstract class EngineContract {
    static final int BLOCK = TempFileTarget.BLOCK_BYTES;
    static final long CAPACITY = 8L << 20;
    static final int DEPTH = 8;
    static final int MAX_IO = 64 << 10;
    /** How long a round waits for an unreaped write to complete in the kernel: a quiet disk takes well under a ms. */
    private static final long[] WRITE_SETTLE_MS = {200, 1_000, 5_000};

    TempFileTarget target;

    /** Opens the engine under test, or skips the test by assumption when the kernel refuses it. */
    abstract IoEngine open(Target target, int depth, int maxIoBytes, NanoClock clock);

    abstract String expectedName();

    @BeforeEach
    void makeTarget() {
        target = new TempFileTarget(CAPACITY);
    }

    @AfterEach
    void removeTarget() {
        target.close();
    }

    /** One IO of a test: op, offset, length, and for writes the bytes to write. */
    static final class Io {
        final Op op;
        final long offset;
        final int length;
        final byte[] data;
        long result = Long.MIN_VALUE;
        byte[] read;

        Io(Op op, long offset, int length, byte[] data) {
            this.op = op;
            this.offset = offset;
            this.length = length;
            this.data = data;
        }
    }

    /** Runs {@code ios} keeping up to depth in flight, committing in small batches; returns them. */
    static List<Io> run(IoEngine engine, List<Io> ios) {
        ArrayDeque<IoSlot> free = new ArrayDeque<>(Arrays.asList(engine.slots()));
        Io[] bySlot = new Io[engine.depth()];
        CompletionSink sink = slot -> {
            Io io = bySlot[slot.index];
            io.result = slot.result;
            assertTrue(slot.doneNs >= slot.submitNs, "done before submit");
            if (io.op == Op.READ && slot.result > 0) {
                io.read = new byte[(int) slot.result];
                NativeBytes.get(slot.bufferAddress, io.read, 0, io.read.length);
            }
            bySlot[slot.index] = null;
            free.push(slot);
        };
        int next = 0;
        while (next < ios.size() || engine.inFlight() > 0) {
            int queued = 0;
            // Commit every third IO so batches of several and single IOs both happen.
            while (next < ios.size() && !free.isEmpty() && queued < 3) {
                Io io = ios.get(next++);
                IoSlot s = free.pop();
                s.op = io.op;
                s.offsetBytes = io.offset;
                s.lengthBytes = io.length;
                s.tag = next;
                if (io.data != null) {
                    NativeBytes.put(s.bufferAddress, io.data, 0, io.data.length);
                }
                bySlot[s.index] = io;
                engine.submit(s);
                queued++;
            }
            engine.commit();
            if (engine.inFlight() > 0) {
                engine.reap(1, -1, sink);
            }
        }
        return ios;
    }

    static byte[] pattern(long seed, int length) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void nameIsTheWordUsersType() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertEquals(expectedName(), engine.name());
            assertEquals(DEPTH, engine.depth());
            assertEquals(DEPTH, engine.slots().length);
            for (IoSlot s : engine.slots()) {
                assertEquals(0, s.bufferAddress % BLOCK, "buffer alignment");
                assertTrue(s.bufferBytes >= MAX_IO);
            }
        }
    }

    @Test
    void writesReadBackWithSeveralInFlight() {
        int[] lengths = {4096, 65536, 8192, 12288, 4096, 32768, 16384, 4096, 61440, 4096, 20480, 4096};
        List<Io> writes = new ArrayList<>();
        long offset = 0;
        for (int i = 0; i < lengths.length; i++) {
            // Leave gaps so a misplaced write would land where a read can see it.
            writes.add(new Io(Op.WRITE, offset, lengths[i], pattern(i, lengths[i])));
            offset += lengths[i] + (i % 3) * BLOCK;
        }
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            for (Io w : run(engine, writes)) {
                assertEquals(w.length, w.result, "write at " + w.offset);
            }
            List<Io> reads = new ArrayList<>();
            for (int i = writes.size() - 1; i >= 0; i--) {
                reads.add(new Io(Op.READ, writes.get(i).offset, writes.get(i).length, null));
            }
            run(engine, reads);
            for (int i = 0; i < reads.size(); i++) {
                Io r = reads.get(i);
                Io w = writes.get(writes.size() - 1 - i);
                assertEquals(w.length, r.result, "read at " + r.offset);
                assertArrayEquals(w.data, r.read, "bytes at " + r.offset);
            }
            assertEquals(0, engine.inFlight());
        }
    }

    @Test
    void batchOfDepthIosInOneCommit() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            for (IoSlot s : engine.slots()) {
                s.op = Op.WRITE;
                s.offsetBytes = (long) s.index * MAX_IO;
                s.lengthBytes = MAX_IO;
                NativeBytes.put(s.bufferAddress, pattern(100 + s.index, MAX_IO), 0, MAX_IO);
                engine.submit(s);
            }
            assertEquals(DEPTH, engine.inFlight());
            assertEquals(DEPTH, engine.commit());
            int[] seen = new int[DEPTH];
            int n = 0;
            while (n < DEPTH) {
                n += engine.reap(DEPTH, -1, slot -> seen[slot.index]++);
            }
            assertEquals(DEPTH, n);
            assertArrayEquals(filled(DEPTH, 1), seen);
            for (IoSlot s : engine.slots()) {
                assertEquals(MAX_IO, s.result);
                assertTrue(!s.failed());
            }
            assertEquals(0, engine.inFlight());
        }
    }

    @Test
    void misalignedIoFailsInItsResult() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            // Written first: ext4 serves reads of unwritten extents without checking alignment.
            run(engine, List.of(new Io(Op.WRITE, 0, 2 * BLOCK, pattern(3, 2 * BLOCK))));
            List<Io> ios = List.of(new Io(Op.READ, 100, BLOCK, null), new Io(Op.WRITE, BLOCK, 100, new byte[100]),
                    new Io(Op.READ, 0, BLOCK, null), new Io(Op.READ, -BLOCK, BLOCK, null));
            run(engine, ios);
            assertEquals(-Errno.EINVAL, ios.get(0).result);
            assertEquals(-Errno.EINVAL, ios.get(1).result);
            assertEquals(BLOCK, ios.get(2).result, "a good IO among bad ones still works");
            assertEquals(-Errno.EINVAL, ios.get(3).result, "negative offset");
        }
    }

    @Test
    void readPastTheEndComesBackShort() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            IoSlot s = engine.slots()[0];
            s.op = Op.READ;
            s.offsetBytes = CAPACITY + BLOCK;
            s.lengthBytes = BLOCK;
            engine.submit(s);
            engine.commit();
            assertEquals(1, engine.reap(1, -1, slot -> { }));
            // A regular file reports end of file as 0 bytes; a block device does the same.
            assertTrue(s.result <= 0, "result " + s.result);
            assertTrue(s.failed());
        }
    }

    @Test
    void flushAndTrimComplete() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            run(engine, List.of(new Io(Op.WRITE, 0, MAX_IO, pattern(7, MAX_IO))));
            // One commit for all five (IOs in flight together have no order among them, in any
            // engine, so none of them touches another's range); a synchronous TRIM splits the batch.
            List<Io> ios = List.of(
                    new Io(Op.FLUSH, 0, 0, null),
                    new Io(Op.WRITE, 2 * MAX_IO, BLOCK, pattern(9, BLOCK)),
                    new Io(Op.TRIM, 0, MAX_IO, null),
                    new Io(Op.WRITE, MAX_IO, BLOCK, pattern(8, BLOCK)),
                    new Io(Op.FLUSH, 0, 0, null));
            IoSlot[] slots = engine.slots();
            for (int i = 0; i < ios.size(); i++) {
                Io io = ios.get(i);
                slots[i].op = io.op;
                slots[i].offsetBytes = io.offset;
                slots[i].lengthBytes = io.length;
                if (io.data != null) {
                    NativeBytes.put(slots[i].bufferAddress, io.data, 0, io.length);
                }
                engine.submit(slots[i]);
            }
            assertEquals(5, engine.commit());
            int n = 0;
            while (n < 5) {
                n += engine.reap(5 - n, -1, slot -> assertTrue(!slot.failed(), slot.op + " result " + slot.result));
            }
            List<Io> check = run(engine, List.of(new Io(Op.READ, 0, MAX_IO, null), new Io(Op.READ, MAX_IO, BLOCK, null)));
            assertArrayEquals(new byte[MAX_IO], check.get(0).read, "trimmed range reads as zeros");
            assertArrayEquals(pattern(8, BLOCK), check.get(1).read);
        }
    }

    /** A trim over a write in flight waits for it, and a write over the trim waits for the trim: they land in submit order. */
    @Test
    void aTrimAndTheIosItOverlapsLandInSubmitOrder() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            IoSlot[] s = engine.slots();
            setUp(s[0], Op.WRITE, 0, MAX_IO, pattern(3, MAX_IO));
            setUp(s[1], Op.TRIM, 0, MAX_IO, null);
            setUp(s[2], Op.WRITE, BLOCK, BLOCK, pattern(4, BLOCK));
            for (int i = 0; i < 3; i++) {
                engine.submit(s[i]);
            }
            engine.commit();
            int n = 0;
            while (n < 3) {
                n += engine.reap(3 - n, -1, slot -> assertTrue(!slot.failed(), slot.op + " result " + slot.result));
            }
            assertTrue(s[1].submitNs >= s[0].doneNs, "the trim went after the write it overlaps completed");
            assertTrue(s[2].submitNs >= s[1].doneNs, "the write went after the trim it overlaps completed");
            assertTrue(((AbstractIoEngine) engine).orderWaitEndNs() >= s[0].doneNs, "the engine says when it last waited");
            assertEquals(2, engine.orderWaits(), "the trim's wait for the write, and the trim run or the write's wait for it");
            byte[] expected = new byte[MAX_IO];
            System.arraycopy(pattern(4, BLOCK), 0, expected, BLOCK, BLOCK);
            assertArrayEquals(expected, run(engine, List.of(new Io(Op.READ, 0, MAX_IO, null))).get(0).read);
        }
    }

    private static void setUp(IoSlot slot, Op op, long offset, int length, byte[] data) {
        slot.op = op;
        slot.offsetBytes = offset;
        slot.lengthBytes = length;
        if (data != null) {
            NativeBytes.put(slot.bufferAddress, data, 0, length);
        }
    }

    @Test
    void reapWithTimeoutZeroReturnsAtOnceWhenIdle() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            assertEquals(0, engine.reap(1, 0, slot -> { }));
            assertEquals(0, engine.reap(0, 0, slot -> { }));
            // Nothing committed: min is capped at 0, so even an unbounded wait returns.
            assertEquals(0, engine.reap(4, -1, slot -> { }));
            IoSlot s = engine.slots()[0];
            s.op = Op.READ;
            s.offsetBytes = 0;
            s.lengthBytes = BLOCK;
            engine.submit(s);
            assertEquals(0, engine.reap(1, -1, slot -> { }), "a submitted, uncommitted IO is not waited for");
            engine.commit();
            assertEquals(1, engine.reap(1, -1, slot -> { }));
        }
    }

    @Test
    void timedReapHandsBackTheCompletion() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            for (int i = 0; i < 3; i++) {
                IoSlot s = engine.slots()[i];
                s.op = Op.WRITE;
                s.offsetBytes = (long) i * BLOCK;
                s.lengthBytes = BLOCK;
                engine.submit(s);
            }
            engine.commit();
            int n = 0;
            while (n < 3) {
                n += engine.reap(3 - n, 10_000_000_000L, slot -> assertEquals(BLOCK, slot.result));
            }
            assertEquals(3, n);
            assertEquals(0, engine.reap(1, 1_000_000L, slot -> { }), "nothing left in flight");
        }
    }

    @Test
    void closeWaitsForIosInFlight() {
        IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM);
        for (IoSlot s : engine.slots()) {
            s.op = Op.WRITE;
            s.offsetBytes = (long) s.index * MAX_IO;
            s.lengthBytes = MAX_IO;
            NativeBytes.put(s.bufferAddress, pattern(200 + s.index, MAX_IO), 0, MAX_IO);
            engine.submit(s);
        }
        engine.commit();
        engine.close();
        engine.close();
        try (IoEngine again = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            List<Io> reads = new ArrayList<>();
            for (int i = 0; i < DEPTH; i++) {
                reads.add(new Io(Op.READ, (long) i * MAX_IO, MAX_IO, null));
            }
            run(again, reads);
            for (int i = 0; i < DEPTH; i++) {
                assertArrayEquals(pattern(200 + i, MAX_IO), reads.get(i).read, "slot " + i);
            }
        }
    }

    @Test
    void callerBugsAreExceptionsNotResults() {
        try (IoEngine engine = open(target, DEPTH, MAX_IO, NanoClock.SYSTEM)) {
            IoSlot s = engine.slots()[0];
            s.op = Op.READ;
            s.offsetBytes = 0;
            s.lengthBytes = s.bufferBytes + (long) BLOCK;
            assertThrows(IllegalArgumentException.class, () -> engine.submit(s));
            s.lengthBytes = BLOCK;
            engine.submit(s);
            assertThrows(IllegalStateException.class, () -> engine.submit(s));
            assertThrows(IllegalArgumentException.class, () -> engine.submit(new IoSlot(0, s.bufferAddress, s.bufferBytes, s.buffer)));
            engine.commit();
            engine.reap(1, -1, slot -> { });
        }
    }

    @Test
    void submitStampsComeFromTheInjectedClock() {
        long[] now = {1000};
        NanoClock manual = () -> now[0]++;
        try (IoEngine engine = open(target, DEPTH, MAX_IO, manual)) {
            IoSlot s = submitAtZero(engine, 1, Op.WRITE, BLOCK);
            engine.commit();
            engine.reap(1, -1, slot -> { });
            assertTrue(s.submitNs >= 1000 && s.doneNs > s.submitNs, s.submitNs + " " + s.doneNs);
        }
    }

    @Test
    void aFlushRunInCommitIsStampedDoneWhenCommitReturns() {
        long[] now = {1000};
        NanoClock manual = () -> now[0]++;
        try (IoEngine engine = open(target, DEPTH, MAX_IO, manual)) {
            IoSlot s = submitAtZero(engine, 0, Op.FLUSH, 0);
            engine.commit();
            long commitReturned = now[0];
            long doneAfterCommit = s.doneNs;
            engine.reap(1, -1, slot -> { });
            assertTrue(doneAfterCommit > s.submitNs && doneAfterCommit < commitReturned, s.submitNs + " " + doneAfterCommit);
            assertEquals(doneAfterCommit, s.doneNs, "the time the flush returned, not the reap's");
        }
    }

    /**
     * The write is left to complete in the kernel, unreaped, before the flush: nothing here can see that it has without
     * reaping it, so a round whose write was still in flight after its wait (a busy disk) is tried again with a longer
     * one. An engine that stamps such a write at the reap fails every round.
     */
    @Test
    void anIoThatCompletedDuringAFlushRunInCommitIsStampedWhenTheFlushReturned() throws Exception {
        String last = "";
        for (long waitMs : WRITE_SETTLE_MS) {
            long[] now = {1000};
            NanoClock manual = () -> now[0]++;
            try (IoEngine engine = open(target, DEPTH, MAX_IO, manual)) {
                IoSlot write = submitAtZero(engine, 0, Op.WRITE, BLOCK);
                engine.commit();
                Thread.sleep(waitMs);
                IoSlot flush = submitAtZero(engine, 1, Op.FLUSH, 0);
                engine.commit();
                long commitReturned = now[0];
                int n = 0;
                while (n < 2) {
                    n += engine.reap(2 - n, -1, slot -> { });
                }
                if (write.doneNs >= flush.doneNs && write.doneNs < commitReturned) {
                    return;
                }
                last = "write done " + write.doneNs + ", flush done " + flush.doneNs + ", commit returned " + commitReturned;
            }
        }
        fail("stamped at the reap after waits of " + Arrays.toString(WRITE_SETTLE_MS) + " ms: " + last);
    }

    /** Submits slot {@code index} for {@code op} of {@code length} bytes at offset 0, its done time cleared. */
    private static IoSlot submitAtZero(IoEngine engine, int index, Op op, long length) {
        IoSlot s = engine.slots()[index];
        s.op = op;
        s.offsetBytes = 0;
        s.lengthBytes = length;
        s.doneNs = Long.MIN_VALUE;
        engine.submit(s);
        return s;
    }

    private static int[] filled(int n, int value) {
        int[] a = new int[n];
        Arrays.fill(a, value);
        return a;
    }
}
