package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.engine.linux.RecordCalls;

/**
 * Test fixture: an ext4 on a loop device whose sparse image lies on a small tmpfs, mounted on a directory of the
 * test's. ext4 sees room where the tmpfs has none: writes and fallocate succeed, and the writeback of their pages
 * fails (ENOSPC from the loop device), so that an fsync fails for room while the file system stays writable.
 * Unmounted and detached by {@link #close()}. Needs root and mkfs.ext4 ({@link #assumeUsable()} skips otherwise).
 *
 * @param backing the tmpfs the image is on
 * @param loop    the loop device over the image
 * @param dir     where the ext4 is mounted
 */
public record Ext4OverFullTmpfs(Tmpfs backing, LoopDevice loop, Path dir) implements AutoCloseable {
    private static final long EXT4_BYTES = 64 << 20;
    private static final long TMPFS_BYTES = 16 << 20;

    /** Skips the calling test unless loop devices can be made and ext4 made on them. */
    public static void assumeUsable() {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works("mkfs.ext4", "-V"), "needs mkfs.ext4");
    }

    /**
     * A 64 MiB ext4 on {@code work}/mnt whose image's tmpfs ({@code work}/backing) has {@code freeBytes} left for the
     * blocks written from now on (its metadata and journal are written by mkfs, so they never fail).
     */
    public static Ext4OverFullTmpfs mount(Path work, long freeBytes) throws IOException {
        Tmpfs backing = Tmpfs.mount(Files.createDirectory(work.resolve("backing")), TMPFS_BYTES);
        LoopDevice loop = null;
        try {
            loop = LoopDevice.createIn(backing.dir(), EXT4_BYTES);
            LoopDevice.run("mkfs.ext4", "-q", "-m", "0", "-E", "lazy_itable_init=0,lazy_journal_init=0", loop.path().toString());
            Path dir = Files.createDirectory(work.resolve("mnt"));
            LoopDevice.run("mount", "-t", "ext4", loop.path().toString(), dir.toString());
            backing.fillLeaving((int) (freeBytes / Tmpfs.PAGE_BYTES));
            return new Ext4OverFullTmpfs(backing, loop, dir);
        } catch (IOException | RuntimeException e) {
            if (loop != null) {
                loop.close();
            }
            backing.close();
            throw e;
        }
    }

    /**
     * Writes back what was written to the ext4, which fails for want of room, and then gives the tmpfs its room back. A
     * writeback that succeeds fails the test (not skipped: as root the fixture must make the fault it is for).
     */
    public void failWritebackThenMakeRoom() throws IOException {
        assertFalse(LoopDevice.works("sync", "-f", dir.toString()), "the writeback to the full tmpfs should have failed");
        Files.delete(backing.dir().resolve(".filler"));
    }

    /**
     * Takes all of the ext4's free room with a file of its own ({@code .filler}), allocated (fallocate) so that nothing
     * is written back to the tmpfs: what is written into the ext4 next finds no room once the blocks it frees are used.
     */
    public void fill() throws IOException {
        Path filler = Files.createFile(dir.resolve(".filler"));
        int fd = RecordCalls.openForWriting(filler);
        try {
            long end = 0;
            for (long step = 1 << 20; step >= Tmpfs.PAGE_BYTES; step /= 16) {
                while (RecordCalls.allocate(fd, end, step, filler) == 0) {
                    end += step;
                }
            }
        } finally {
            RecordCalls.close(fd, filler);
        }
    }

    /** Drops {@code file}'s clean pages from memory (posix_fadvise DONTNEED), so that it is read from the disk next. */
    public void dropFromMemory(Path file) throws IOException {
        LoopDevice.run("dd", "if=" + file, "iflag=nocache", "count=0", "status=none");
    }

    @Override
    public void close() throws IOException {
        try {
            LoopDevice.run("umount", dir.toString());
        } finally {
            try {
                loop.close();
            } finally {
                backing.close();
            }
        }
    }
}
