package org.sbench.target;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Test fixture: a small btrfs (mixed data and metadata, as mkfs makes them below 1 GiB) on a loop
 * device of its own, mounted on a directory of the test's; unmounted and detached by {@link #close()}.
 * Needs root and mkfs.btrfs ({@link #assumeUsable()} skips otherwise).
 *
 * @param fs the file system
 */
public record Btrfs(LoopFileSystem fs) implements AutoCloseable {
    /** Skips the calling test unless loop devices can be made and btrfs can be made and mounted. */
    public static void assumeUsable() {
        LoopFileSystem.assumeUsable("mkfs.btrfs", "--version");
    }

    /** A btrfs of {@code sizeBytes} (at least 110 MiB) on {@code mountPoint} (an empty directory). */
    public static Btrfs mount(Path mountPoint, long sizeBytes) throws IOException {
        return new Btrfs(LoopFileSystem.mount(mountPoint, sizeBytes, "btrfs", "mkfs.btrfs", "-f", "-M"));
    }

    /** Where it is mounted. */
    public Path dir() {
        return fs.dir();
    }

    /** Takes all free space but about {@code bytes} with a file of its own. */
    public void fillLeaving(long bytes) throws IOException {
        fs.fillLeaving(bytes);
    }

    /**
     * A new subvolume {@code name} whose quota group may hold {@code limitBytes}: writes past it fail with
     * EDQUOT (disk quota exceeded), root's too.
     */
    public Path subvolumeWithQuota(String name, long limitBytes) throws IOException {
        Path sub = fs.dir().resolve(name);
        LoopDevice.run("btrfs", "quota", "enable", fs.dir().toString());
        LoopDevice.run("btrfs", "subvolume", "create", sub.toString());
        LoopDevice.run("btrfs", "qgroup", "limit", Long.toString(limitBytes), sub.toString());
        return sub;
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
