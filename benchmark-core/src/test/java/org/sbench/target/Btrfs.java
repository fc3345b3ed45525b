package org.sbench.target;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Test fixture: a small btrfs (mixed data and metadata, as mkfs makes them below 1 GiB) on a loop
 * device of its own, mounted on a directory of the test's; unmounted and detached by {@link #close()}.
 * Needs root and mkfs.btrfs ({@link #assumeUsable()} skips otherwise).
 *
 * @param loop the loop device it is on
 * @param dir  where it is mounted
 */
public record Btrfs(LoopDevice loop, Path dir) implements AutoCloseable {
    /** Skips the calling test unless loop devices can be made and btrfs can be made and mounted. */
    public static void assumeUsable() {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works("mkfs.btrfs", "--version"), "needs mkfs.btrfs");
    }

    /** A btrfs of {@code sizeBytes} (at least 110 MiB) on {@code mountPoint} (an empty directory). */
    public static Btrfs mount(Path mountPoint, long sizeBytes) throws IOException {
        LoopDevice loop = LoopDevice.create(sizeBytes);
        try {
            LoopDevice.run("mkfs.btrfs", "-f", "-M", loop.path().toString());
            LoopDevice.run("mount", "-t", "btrfs", loop.path().toString(), mountPoint.toString());
            return new Btrfs(loop, mountPoint);
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
    }

    /** Takes all free space but about {@code bytes} with a file of its own. */
    public void fillLeaving(long bytes) throws IOException {
        FreeSpace.fillLeaving(dir, bytes);
    }

    /**
     * A new subvolume {@code name} whose quota group may hold {@code limitBytes}: writes past it fail with
     * EDQUOT (disk quota exceeded), root's too.
     */
    public Path subvolumeWithQuota(String name, long limitBytes) throws IOException {
        Path sub = dir.resolve(name);
        LoopDevice.run("btrfs", "quota", "enable", dir.toString());
        LoopDevice.run("btrfs", "subvolume", "create", sub.toString());
        LoopDevice.run("btrfs", "qgroup", "limit", Long.toString(limitBytes), sub.toString());
        return sub;
    }

    @Override
    public void close() throws IOException {
        try {
            LoopDevice.run("umount", dir.toString());
        } finally {
            loop.close();
        }
    }
}
