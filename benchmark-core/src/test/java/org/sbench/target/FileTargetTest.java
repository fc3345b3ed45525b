package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.AlignedTestBuffer;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.OpenFlags;

class FileTargetTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    private static byte[] pattern(int length, int seed) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) (i * 31 + seed);
        }
        return data;
    }

    /** Bytes the filesystem has allocated to {@code file} (st_blocks * 512). */
    private static long allocatedBytes(Path file) throws IOException {
        return Long.parseLong(LoopDevice.run("stat", "-c", "%b", file.toString()).trim()) * 512;
    }

    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    private static FileTarget open(Path file, TargetSettings settings) {
        return (FileTarget) Targets.open(file.toString(), settings);
    }

    /** A new file of {@code sizeBytes}, or an existing one grown to it (writes allowed). */
    private static FileTarget open(Path file, long sizeBytes) {
        return open(file, WRITE.withSizeBytes(sizeBytes));
    }

    @Test
    void createsAndAllocatesTheWholeFile() throws IOException {
        Path file = dir.resolve("new.img");
        try (FileTarget t = open(file, 8 * MIB)) {
            assertEquals("file", t.kind());
            assertEquals(file.toString(), t.path());
            assertEquals(8 * MIB, t.capacityBytes());
            assertEquals(8 * MIB, Files.size(file));
            assertTrue(allocatedBytes(file) >= 8 * MIB, "allocated " + allocatedBytes(file));
            assertEquals(4096, t.logicalBlockSize());
            assertEquals(4096, t.physicalBlockSize());
            assertTrue(t.fd() >= 0);
            assertEquals(FileTarget.ALLOCATED_BY_FALLOCATE, t.describe().get(FileTarget.KEY_ALLOCATION));
        }
    }

    @Test
    void readsDoNotUpdateTheAccessTime() throws IOException {
        try (FileTarget t = open(dir.resolve("noatime.img"), MIB)) {
            int flags = OpenFlags.of(t.fd());
            assertEquals(LibC.O_NOATIME, flags & LibC.O_NOATIME, "flags " + Integer.toOctalString(flags));
            assertEquals(LibC.O_DIRECT, flags & LibC.O_DIRECT);
        }
    }

    @Test
    void growsKeepingData() throws IOException {
        Path file = dir.resolve("grow.img");
        byte[] data = pattern(MIB, 7);
        Files.write(file, data);
        try (FileTarget t = open(file, 4 * MIB)) {
            assertEquals(4 * MIB, t.capacityBytes());
        }
        byte[] after = Files.readAllBytes(file);
        assertEquals(4 * MIB, after.length);
        assertArrayEquals(data, Arrays.copyOf(after, MIB));
        assertTrue(allocatedBytes(file) >= 4 * MIB);
    }

    @Test
    void neverTruncates() throws IOException {
        Path file = dir.resolve("big.img");
        byte[] data = pattern(8 * MIB, 3);
        Files.write(file, data);
        try (FileTarget t = open(file, 4 * MIB)) {
            assertEquals(4 * MIB, t.capacityBytes());
        }
        assertArrayEquals(data, Files.readAllBytes(file));
    }

    /** ramfs takes no O_DIRECT: said in words, and the file made for the run is gone again. */
    @Test
    void aFileSystemWithoutDirectIoIsNamed() throws Exception {
        LoopDevice.assumeRoot();
        Path ramfs = Files.createDirectory(dir.resolve("ramfs"));
        assertEquals(0, new ProcessBuilder("mount", "-t", "ramfs", "sbench-test-ramfs", ramfs.toString()).inheritIO().start().waitFor());
        try {
            Path file = ramfs.resolve("t.img");
            SbenchException e = assertThrows(SbenchException.class, () -> open(file, WRITE.withSizeBytes(1 << 20)));
            assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
            assertTrue(e.getMessage().startsWith(file + ": its file system does not take direct IO"), e.getMessage());
            assertTrue(Files.notExists(file));
        } finally {
            new ProcessBuilder("umount", ramfs.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void existingFileWithoutSizeUsesItsWholeBlocks() throws IOException {
        Path file = dir.resolve("odd.img");
        Files.write(file, new byte[10_000]);
        try (FileTarget t = open(file, WRITE)) {
            assertEquals(8192, t.capacityBytes());
        }
        assertEquals(10_000, Files.size(file));
    }

    @Test
    void readOnlyLeavesALargeEnoughFileAlone() throws IOException {
        Path file = dir.resolve("ro.img");
        Files.write(file, pattern(64 * 1024, 1));
        try (FileTarget t = open(file, TargetSettings.DEFAULTS.withReadOnly(true))) {
            assertEquals(FileTarget.ALLOCATION_UNCHANGED, t.describe().get(FileTarget.KEY_ALLOCATION));
            assertTrue(t.discard(0, 4096) < 0, "punching a hole through a read-only descriptor fails");
        }
        assertArrayEquals(pattern(64 * 1024, 1), Files.readAllBytes(file));
    }

    @Test
    void sizeIsRequiredForANewFile() {
        Path file = dir.resolve("missing.img");
        SbenchException e = assertThrows(SbenchException.class,
                () -> Targets.open(file.toString(), TargetSettings.DEFAULTS));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals(file + " does not exist; give --size to create it, or make it first (truncate -s 1G "
                + file + ")", e.getMessage());
        assertTrue(Files.notExists(file));
    }

    @Test
    void tinyFileNeedsASize() throws IOException {
        Path file = dir.resolve("tiny.img");
        Files.write(file, new byte[100]);
        SbenchException e = assertThrows(SbenchException.class,
                () -> open(file, WRITE));
        assertEquals(file + " holds less than 4096 bytes; give --size to grow it", e.getMessage());
    }

    @Test
    void sizeMustBeWholeBlocks() {
        Path file = dir.resolve("x.img");
        SbenchException e = assertThrows(SbenchException.class, () -> open(file, 5000));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("--size 5000 for file target " + file + ": expected a positive multiple of 4096 bytes",
                e.getMessage());
    }

    @Test
    void directoryIsNotATarget() {
        SbenchException e = assertThrows(SbenchException.class,
                () -> Targets.open(dir.toString(), TargetSettings.DEFAULTS.withSizeBytes(MIB)));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals(dir + " is a directory; expected a block device, a file or null", e.getMessage());
    }

    @Test
    void alignedDirectWriteAndReadBack() throws IOException {
        Path file = dir.resolve("dio.img");
        byte[] data = pattern(4096, 11);
        try (FileTarget t = open(file, MIB);
                AlignedTestBuffer out = new AlignedTestBuffer(4096);
                AlignedTestBuffer in = new AlignedTestBuffer(4096)) {
            out.fill(data);
            assertEquals(4096, out.pwrite(t.fd(), 8192));
            assertEquals(4096, in.pread(t.fd(), 8192));
            assertArrayEquals(data, in.contents());
            assertEquals(0, t.flush());
        }
        assertArrayEquals(data, Arrays.copyOfRange(Files.readAllBytes(file), 8192, 8192 + 4096));
    }

    @Test
    void discardPunchesAHole() throws IOException {
        Path file = dir.resolve("trim.img");
        int length = 256 * 1024;
        try (FileTarget t = open(file, MIB); AlignedTestBuffer buf = new AlignedTestBuffer(length)) {
            buf.fill(pattern(length, 5));
            assertEquals(length, buf.pwrite(t.fd(), 0));
            assertEquals(0, t.flush());
            long before = allocatedBytes(file);
            assertEquals(0, t.discard(0, length));
            assertTrue(allocatedBytes(file) <= before - length, "hole punched");
            assertEquals(length, buf.pread(t.fd(), 0));
            assertArrayEquals(new byte[length], buf.contents());
            assertEquals(MIB, Files.size(file));
        }
    }

    @Test
    void describeNamesTheFilesystem() throws IOException {
        try (FileTarget t = open(dir.resolve("fs.img"), MIB)) {
            Map<String, String> d = t.describe();
            assertTrue(d.containsKey(FileTarget.KEY_FILESYSTEM), d.toString());
            assertTrue(dir.toRealPath().startsWith(d.get(FileTarget.KEY_MOUNT_POINT)), d.toString());
        }
    }

    @Test
    void zerosAreWrittenAfterExistingData() throws IOException {
        Path file = dir.resolve("zeros.img");
        byte[] data = pattern(4096, 9);
        Files.write(file, data);
        FileTarget.writeZeros(file, 4096, 3 * MIB + 4096);
        byte[] after = Files.readAllBytes(file);
        assertEquals(3 * MIB + 4096, after.length);
        assertArrayEquals(data, Arrays.copyOf(after, 4096));
        assertArrayEquals(new byte[3 * MIB], Arrays.copyOfRange(after, 4096, after.length));
        assertTrue(allocatedBytes(file) >= 3 * MIB + 4096);
    }

    @Test
    void unwrittenBytesAreTheHolesAndUnwrittenExtentsOfTheRange() throws IOException {
        Path file = dir.resolve("fresh.img");
        try (FileTarget t = open(file, 8 * MIB); AlignedTestBuffer buf = new AlignedTestBuffer(MIB)) {
            assertEquals(8 * MIB, t.unwrittenBytes(8 * MIB), "fallocated, never written");
            buf.fill(pattern(MIB, 2));
            assertEquals(MIB, buf.pwrite(t.fd(), MIB));
            assertEquals(0, t.flush());
            assertEquals(7 * MIB, t.unwrittenBytes(8 * MIB));
            assertEquals(MIB, t.unwrittenBytes(2 * MIB), "only [0, end) counts");
            assertEquals(7 * MIB, t.unwrittenBytes(Long.MAX_VALUE), "nothing past the capacity");
        }
        Path written = Files.write(dir.resolve("written.img"), pattern(2 * MIB, 4));
        try (FileTarget t = open(written, WRITE)) {
            assertEquals(0, t.unwrittenBytes(2 * MIB));
        }
    }

    /**
     * ext4 and XFS report an unwritten extent as data where the page cache holds it: a buffered read of
     * a fallocated file (the guard's look at its head, a user's cat) hid it from the count, and a
     * replay with writes onto such a file read zeros from no device unflagged.
     */
    @Test
    void unwrittenExtentsReadThroughThePageCacheStillCount() throws IOException {
        Path file = dir.resolve("fresh.img");
        try (FileTarget t = open(file, 8 * MIB)) {
            assertEquals(8 * MIB, Files.readAllBytes(file).length);
            assertEquals(8 * MIB, t.unwrittenBytes(8 * MIB), "fallocated, never written, read through the cache");
        }
    }

    @Test
    void readOnlyNeverCreatesGrowsOrAllocates() throws IOException {
        Path missing = dir.resolve("missing.img");
        SbenchException absent = assertThrows(SbenchException.class,
                () -> open(missing, TargetSettings.DEFAULTS.withReadOnly(true).withSizeBytes(MIB)));
        assertEquals(ErrorKind.USAGE, absent.kind());
        assertTrue(Files.notExists(missing));
        Path small = Files.write(dir.resolve("small.img"), pattern(64 * 1024, 6));
        SbenchException grow = assertThrows(SbenchException.class,
                () -> open(small, TargetSettings.DEFAULTS.withReadOnly(true).withSizeBytes(MIB)));
        assertEquals(ErrorKind.USAGE, grow.kind());
        try (FileTarget t = open(small, TargetSettings.DEFAULTS.withReadOnly(true).withDefaultSizeBytes(MIB, "a test"))) {
            assertEquals(64 * 1024, t.capacityBytes(), "an existing file keeps its size");
        }
        assertArrayEquals(pattern(64 * 1024, 6), Files.readAllBytes(small));
    }

    @Test
    void writingToAnExistingFileNeedsPermission() throws IOException {
        Path file = Files.write(dir.resolve("mine.img"), pattern(64 * 1024, 8));
        SbenchException e = assertThrows(SbenchException.class, () -> open(file, TargetSettings.DEFAULTS));
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        assertTrue(e.getMessage().startsWith("writing overwrites file " + file + " (65.5 kB)"), e.getMessage());
        try (FileTarget t = open(dir.resolve("made.img"), TargetSettings.DEFAULTS.withDefaultSizeBytes(MIB, "a test"))) {
            assertEquals(MIB, t.capacityBytes(), "a file sbench creates needs no permission");
        }
    }
}
