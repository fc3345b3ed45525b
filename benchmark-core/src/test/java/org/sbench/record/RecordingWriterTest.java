// From paired IOs on the kernel's clock to the trace: streams, times from the first IO, QD per stream, marks.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.SbenchException;
import org.sbench.target.Btrfs;
import org.sbench.target.Ext4OverFullTmpfs;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopFileSystem;
import org.sbench.target.Tmpfs;
import org.sbench.trace.Field;
import org.sbench.trace.IncompleteRecording;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

class RecordingWriterTest {
    private static final long MIB = 1 << 20;
    private static final int SDA = 8 << 20;
    private static final int SDB = (8 << 20) | 16;
    private static final long T0 = 5_000_000_000_000L;
    private static final RecordedDevice SDA1 = new RecordedDevice(0, "/dev/sda1", "sda1", "sda", SDA, "8:0", true, MIB, 64 * MIB, 128 * MIB);
    private static final RecordedDevice SDB_DISK = new RecordedDevice(1, "/dev/sdb", "sdb", "sdb", SDB, "8:16", false, 0, 128 * MIB, 128 * MIB);
    private static final RecordedDevice SDB_ALONE = new RecordedDevice(0, "/dev/sdb", "sdb", "sdb", SDB, "8:16", false, 0, 128 * MIB, 128 * MIB);

    @TempDir
    Path dir;

    @Test
    void recordsAreKeptRoutedRebasedAndGivenTheirQueueDepthPerStream() {
        Path out = dir.resolve("t.sbt");
        try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDA1, SDB_DISK)), Map.of("name", "t"))) {
            w.phase(T0 - 1_000, "before any IO");
            w.accept(io(T0, T0 + 500, SDA, 2 * MIB, Op.READ));
            w.accept(io(T0 + 100, T0 + 300, SDB, 0, Op.WRITE));
            w.accept(io(T0 + 200, T0 + 900, SDA, 0, Op.READ)); // sda's partition table: not sda1's
            w.accept(io(T0 + 250, T0 + 600, SDA, 3 * MIB, Op.WRITE));
            w.phase(T0 + 260, "second");
            w.accept(io(T0 + 240, T0 + 700, SDA, 0, Op.FLUSH));
            w.accept(io(T0 + 700, T0 + 800, SDA, 2 * MIB, Op.TRIM));
            assertEquals(5, w.ios());
            assertEquals(1, w.reordered());
            assertEquals(4096, w.bytesRead());
            assertEquals(8192, w.bytesWritten());
            w.finish(0, Map.of("record.complete", "true"));
        }
        try (TraceReader r = new SbtFormat().openReader(TraceInput.of(out), ReadOptions.DEFAULTS)) {
            TraceInfo info = r.info();
            assertEquals(Map.of("name", "t", "record.complete", "true"), info.metadata());
            assertEquals(List.of(new PhaseMarker("before any IO", -1_000), new PhaseMarker("second", 260)), info.phases());
            assertEquals(java.util.EnumSet.of(Field.COMPLETE, Field.STREAM, Field.QD, Field.PROCESS), info.fields());
            assertFalse(r.inIssueOrder(), "the flush came after a later issue");
            List<String> rows = new ArrayList<>();
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                rows.add(rec.issueNs + "-" + rec.completeNs + " " + rec.op.code() + " " + rec.offsetBytes + " s" + rec.stream + " qd" + rec.qd);
            }
            assertEquals(List.of("0-500 R 2097152 s0 qd1", "100-300 W 0 s1 qd1", "250-600 W 3145728 s0 qd2",
                    "240-700 F 0 s0 qd3", "700-800 T 2097152 s0 qd1"), rows);
        }
    }

    @Test
    void oneDeviceHasNoStreamsAndMarksWithoutIosCountFromTheStart() throws Exception {
        Path out = dir.resolve("quiet.sbt");
        try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
            w.phase(T0 + 5_000, "idle");
            w.finish(T0, Map.of());
        }
        assertTrue(Files.size(out) < SpaceReserve.CHUNK_BYTES, "the space allocated ahead and not needed is given back: " + Files.size(out));
        try (TraceReader r = new SbtFormat().openReader(TraceInput.of(out), ReadOptions.DEFAULTS)) {
            assertFalse(r.info().has(Field.STREAM));
            assertEquals(List.of(new PhaseMarker("idle", 5_000)), r.info().phases());
            assertFalse(r.next(new IoRecord()));
        }
    }

    @Test
    void unfinishedOutputIsDeleted() throws Exception {
        try (RecordingWriter w = new RecordingWriter(dir.resolve("gone.sbt"), new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
            w.accept(io(T0, T0 + 1, SDB, 0, Op.READ));
        }
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    /**
     * The trailer's room is kept with the records: at a full disk the trace is finished with every process
     * name and mark of the IOs kept, however many (each IO here a new 15-character name, every tenth a mark of
     * 200 three-byte characters).
     */
    @Test
    @Tag("device")
    void aFullDiskLeavesRoomForTheProcessNamesMarksAndMetadata() throws Exception {
        LoopDevice.assumeRoot();
        Path out;
        long ios;
        int marks;
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), MIB)) {
            fs.fillLeaving(40);
            out = fs.dir().resolve("full.sbt");
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                for (int i = 0; !w.diskFull(); i++) {
                    IoRecord r = io(T0 + i * 1_000L, T0 + i * 1_000L + 500, SDB, i * 4096L, Op.READ);
                    r.process = String.format("p%014d", i);
                    w.accept(r);
                    if (i % 10 == 0) {
                        w.phase(T0 + i * 1_000L + 1, "\u20ac".repeat(TraceRecorder.MAX_MARK_CHARS - 6) + i);
                    }
                }
                Map<String, String> late = new java.util.LinkedHashMap<>();
                for (int k = 0; k < 20; k++) {
                    late.put("record.key" + k, "a value of a sentence's length, as the recorder's own are: " + "x".repeat(100));
                }
                w.finish(T0, late);
                ios = w.ios();
                marks = w.phases();
            }
            assertTrue(ios > 500, "IOs kept: " + ios);
            try (TraceReader r = new SbtFormat().openReader(TraceInput.of(out), ReadOptions.DEFAULTS)) {
                assertEquals(marks, r.info().phases().size());
                assertEquals("a value of a sentence's length, as the recorder's own are: " + "x".repeat(100),
                        r.info().metadata().get("record.key19"));
                IoRecord rec = new IoRecord();
                long n = 0;
                while (r.next(rec)) {
                    assertEquals(String.format("p%014d", n), rec.process);
                    n++;
                }
                assertEquals(ios, n);
            }
        }
    }

    /**
     * A mark made after the disk filled up is not stored, and is named as such: until 2026-12-07 it was dropped
     * without a word (the terminal had echoed it).
     */
    @Test
    @Tag("device")
    void marksAfterTheDiskFilledUpAreNamedAsNotStored() throws Exception {
        LoopDevice.assumeRoot();
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), MIB)) {
            fs.fillLeaving(40);
            Path out = fs.dir().resolve("full.sbt");
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                w.phase(T0, "before");
                long given = writeUntilFull(w);
                w.phase(T0 + given * 1_000L, "boot done");
                w.phase(T0 + given * 1_000L + 1, "mark 3");
                w.finish(T0, Map.of());
                assertEquals(1, w.phases());
                assertEquals(List.of("boot done", "mark 3"), w.lostMarks());
            }
            try (TraceReader r = new SbtFormat().openReader(TraceInput.of(out), ReadOptions.DEFAULTS)) {
                assertEquals(List.of("before"), r.info().phases().stream().map(PhaseMarker::name).toList());
            }
        }
    }

    /**
     * On btrfs the room held ahead is not enough: with the records written into it, the rename that puts the
     * trace in place needs metadata the full disk has not got (ENOSPC). Until 2026-12-06 the recording failed
     * there without its trace; it is now cut back to where it fits, a prefix of the IOs written.
     */
    @Test
    @Tag("device")
    void onAFullBtrfsTheTraceIsCutBackUntilItCanBePutInPlace() throws Exception {
        onAFullBtrfs(out -> {
            long accepted;
            long kept;
            long lost;
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                accepted = writeUntilFull(w);
                w.finish(T0, Map.of(IncompleteRecording.DISK_FULL, "true", IncompleteRecording.COMPLETE, "false"));
                kept = w.ios();
                lost = w.lostToFullDisk();
                assertEquals(kept * 4096, w.bytesWritten());
                assertEquals((kept - 1) * 1_000L, w.spanNs());
            }
            assertEquals(accepted, kept + lost);
            assertTrue(kept > 0, "IOs kept: " + kept);
            assertEquals("true", holdsTheFirstWrites(out, kept).metadata().get(IncompleteRecording.DISK_FULL));
            try (var files = Files.list(out.getParent())) {
                assertEquals(List.of(".filler", "full.sbt"), files.map(f -> f.getFileName().toString()).sorted().toList(), "no part file left");
            }
        });
    }

    /**
     * IOs read out of issue order are counted as of the cut: a cut back trace's {@code record.reordered} (and the
     * writer's count) still counted the IOs cut off.
     */
    @Test
    @Tag("device")
    void aTraceCutBackCountsOnlyTheReorderedIosItKeeps() throws Exception {
        onAFullBtrfs(out -> {
            long given = 0;
            long kept;
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                // Every second write is issued before the one read just ahead of it.
                for (; !w.diskFull(); given++) {
                    long issueNs = T0 + given * 1_000L - (given % 2) * 1_500L;
                    w.accept(io(issueNs, issueNs + 500, SDB, given * 4096L, Op.WRITE));
                }
                long before = w.reordered();
                w.finish(T0, Map.of(RecordingWriter.REORDERED, Long.toString(before)));
                kept = w.ios();
                assertTrue(kept < given - 1, "cut back: " + kept + " of " + given + " IOs kept");
                assertEquals(kept / 2, w.reordered(), "reordered of " + before + " before the cut");
            }
            assertEquals(Long.toString(kept / 2), holdsTheFirstWrites(out, kept).metadata().get(RecordingWriter.REORDERED));
        });
    }

    /** What a test does with {@code out}, a trace to make on a full btrfs. */
    private interface OnFullBtrfs {
        void run(Path out) throws Exception;
    }

    /** Runs {@code test} with a trace path on a 128 MiB btrfs (its own loop device) filled to 4 MiB short of full. */
    private void onAFullBtrfs(OnFullBtrfs test) throws Exception {
        Btrfs.assumeUsable();
        try (Btrfs fs = Btrfs.mount(Files.createDirectory(dir.resolve("btrfs")), 128 * MIB)) {
            fs.fillLeaving(4 * MIB);
            test.run(fs.dir().resolve("full.sbt"));
        }
    }

    /**
     * ext2 and ext3 (files without extents) cannot allocate ahead: fallocate fails, EOPNOTSUPP. Until 2026-12-07 no room
     * was held there, and at a full disk the trace was cut back to before its first IO (exit 1, a trace of no IO); the
     * room is now held by writing zeros ahead, and the trace keeps every IO up to the full disk.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ext2", "ext3"})
    @Tag("device")
    void whereTheFileSystemCannotAllocateAheadTheRoomIsHeldByWritingZeros(String type) throws Exception {
        LoopFileSystem.assumeUsable("mkfs." + type, "-V");
        try (LoopFileSystem fs = LoopFileSystem.mount(Files.createDirectory(dir.resolve(type)), 16 * MIB, type,
                "mkfs." + type, "-q", "-F", "-m", "0")) {
            fs.fillLeaving(2 * MIB);
            Path out = fs.dir().resolve("full.sbt");
            long accepted;
            long kept;
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                accepted = writeUntilFull(w);
                w.finish(T0, Map.of(IncompleteRecording.DISK_FULL, "true"));
                kept = w.ios();
                assertEquals(accepted, kept + w.lostToFullDisk());
            }
            assertTrue(kept > MIB / 48, "IOs kept: " + kept + " of " + accepted);
            assertEquals("true", holdsTheFirstWrites(out, kept).metadata().get(IncompleteRecording.DISK_FULL));
        }
    }

    /**
     * A disk quota that runs out is a full disk too (EDQUOT from fallocate, or from a write): until 2026-12-06 it
     * failed the recording ("cannot fallocate ...: disk quota exceeded", exit 5, no trace).
     */
    @Test
    @Tag("device")
    void aQuotaThatRunsOutEndsTheTraceAsAFullDiskDoes() throws Exception {
        Btrfs.assumeUsable();
        try (Btrfs fs = Btrfs.mount(Files.createDirectory(dir.resolve("btrfs")), 128 * MIB)) {
            Path sub = fs.subvolumeWithQuota("sub", MIB);
            Path out = sub.resolve("quota.sbt");
            long kept;
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                long accepted = writeUntilFull(w);
                assertTrue(w.quotaExceeded());
                w.finish(T0, Map.of());
                kept = w.ios();
                assertEquals(accepted, kept + w.lostToFullDisk());
            }
            assertTrue(kept > 10_000, "IOs kept: " + kept);
            holdsTheFirstWrites(out, kept);
        }
    }

    /**
     * The temporary directory named when the trace's process names find it full is the one their spill wrote to: the
     * writer read java.io.tmpdir again at the failure, which said /tmp here where the names spilled into a tmpfs of
     * 128 KiB, less than the spill's first write (the 16,384 names' entries kept in memory, 256 KiB).
     */
    @Test
    @Tag("device")
    void aFullTemporaryDirectoryIsNamedFromTheSpillThatFoundItFull() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("names.sbt");
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("tmp")), 128 << 10)) {
            long kept;
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of(),
                    SpillSpace.processNames(fs.dir()))) {
                for (long i = 0; !w.diskFull(); i++) {
                    IoRecord r = io(T0 + i * 1_000L, T0 + i * 1_000L + 500, SDB, i * 4096L, Op.WRITE);
                    r.process = "n" + i;
                    w.accept(r);
                }
                assertEquals(fs.dir().toString(), w.tempDirFull());
                assertFalse(w.quotaExceeded());
                w.finish(T0, Map.of());
                kept = w.ios();
            }
            assertTrue(kept >= 16_384, "IOs kept: " + kept);
            holdsTheFirstWrites(out, kept);
        }
    }

    /**
     * A sync that fails for room leaves the pages it could not write clean: a later sync succeeds without them. Here
     * the writeback fails before the trace is finished (the tmpfs under the ext4 is full) and the room is back when it
     * is: its first fsync reports the failure, and the trace cut back was synced again. Until 2026-12-07 only what was
     * written anew (the trailer, the header's counts) reached the disk, and the trace kept (exit 1, "the disk filled
     * up") read from the disk as zeros from its first byte; the part kept is now written again from memory before it
     * is synced.
     */
    @Test
    @Tag("device")
    void aTraceWhoseSyncFailedIsWrittenAgainBeforeItIsSyncedAgain() throws Exception {
        afterAFailedWriteback((fs, out, w) -> {
            w.finish(T0, Map.of());
            assertTrue(w.diskFull());
            assertTrue(w.ios() > 0, "IOs kept: " + w.ios());
            fs.dropFromMemory(out);
            holdsTheFirstWrites(out, w.ios());
        });
    }

    /**
     * When the pages whose writeback failed are no longer in memory, what is read back is what the disk holds (here
     * zeros): the trace cannot be written again, and is not kept. Until 2026-12-07 it was kept, damaged (exit 1).
     */
    @Test
    @Tag("device")
    void aTraceWhosePagesWereLostWithTheFailedSyncIsNotKept() throws Exception {
        afterAFailedWriteback((fs, out, w) -> {
            try (var parts = Files.list(fs.dir())) {
                fs.dropFromMemory(parts.filter(f -> f.getFileName().toString().endsWith(".part")).findFirst().orElseThrow());
            }
            SbenchException e = assertThrows(SbenchException.class, () -> w.finish(T0, Map.of()));
            assertEquals("cannot write " + out + ": syncing it failed (No space left on device), and the kernel no longer"
                    + " holds what it could not write: the trace is not kept", e.getMessage());
            assertFalse(Files.exists(out));
        });
    }

    /** What a test does with a writer of {@code out} on {@code fs} whose writeback failed. */
    private interface AfterAFailedWriteback {
        void run(Ext4OverFullTmpfs fs, Path out, RecordingWriter w) throws Exception;
    }

    /**
     * Runs {@code test} with a writer on an ext4 with room whose tmpfs beneath has 256 KiB left, given 2 MiB of writes,
     * whose writeback then failed for want of room, which is then made.
     */
    private void afterAFailedWriteback(AfterAFailedWriteback test) throws Exception {
        Ext4OverFullTmpfs.assumeUsable();
        try (Ext4OverFullTmpfs fs = Ext4OverFullTmpfs.mount(dir, 256 << 10)) {
            Path out = fs.dir().resolve("full.sbt");
            try (RecordingWriter w = new RecordingWriter(out, new DeviceSelection(List.of(SDB_ALONE)), Map.of())) {
                for (long i = 0; i < (MIB / 48) * 2; i++) {
                    w.accept(io(T0 + i * 1_000L, T0 + i * 1_000L + 500, SDB, i * 4096L, Op.WRITE));
                }
                // The writer holds the last MiB; what it wrote out is written back now, and fails.
                fs.failWritebackThenMakeRoom();
                test.run(fs, out, w);
            }
        }
    }

    /** Writes of 4 KiB one after the other, 1 us apart, until the disk is full; returns how many were given. */
    private static long writeUntilFull(RecordingWriter w) {
        long given = 0;
        for (; !w.diskFull(); given++) {
            w.accept(io(T0 + given * 1_000L, T0 + given * 1_000L + 500, SDB, given * 4096L, Op.WRITE));
        }
        return given;
    }

    /** Asserts that {@code out} holds the first {@code kept} of {@link #writeUntilFull}'s writes, and returns its info. */
    static TraceInfo holdsTheFirstWrites(Path out, long kept) {
        try (TraceReader r = new SbtFormat().openReader(TraceInput.of(out), ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            long n = 0;
            while (r.next(rec)) {
                assertEquals(n * 4096L, rec.offsetBytes, "record " + n);
                n++;
            }
            assertEquals(kept, n);
            return r.info();
        }
    }

    private static IoRecord io(long issueNs, long completeNs, int dev, long offset, Op op) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.completeNs = completeNs;
        r.stream = dev;
        r.op = op;
        r.offsetBytes = op == Op.FLUSH ? 0 : offset;
        r.lengthBytes = op == Op.FLUSH ? 0 : 4096;
        r.process = "fio";
        return r;
    }
}
