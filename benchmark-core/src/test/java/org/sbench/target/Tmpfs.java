package org.sbench.target;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Test fixture: a small tmpfs mounted on a directory of the test's, for full-filesystem tests;
 * unmounted by {@link #close()}. Needs root ({@link LoopDevice#assumeRoot()} skips otherwise).
 */
public final class Tmpfs implements AutoCloseable {
    /** tmpfs allocates whole pages. */
    public static final int PAGE_BYTES = 4096;

    private final Path dir;

    private Tmpfs(Path dir) {
        this.dir = dir;
    }

    /** A tmpfs of {@code sizeBytes} on {@code mountPoint} (an empty directory). */
    public static Tmpfs mount(Path mountPoint, long sizeBytes) throws IOException {
        return mountWith(mountPoint, "size=" + sizeBytes);
    }

    /** A tmpfs of 1 MiB on {@code mountPoint} with room for no file or directory: each new name fails, ENOSPC. */
    public static Tmpfs mountWithoutInodes(Path mountPoint) throws IOException {
        return mountWithInodes(mountPoint, 1);
    }

    /** A tmpfs of 1 MiB on {@code mountPoint} with room for {@code inodes} files and directories, its own root among them. */
    public static Tmpfs mountWithInodes(Path mountPoint, int inodes) throws IOException {
        return mountWith(mountPoint, "size=1m,nr_inodes=" + inodes);
    }

    private static Tmpfs mountWith(Path mountPoint, String options) throws IOException {
        LoopDevice.run("mount", "-t", "tmpfs", "-o", options + ",mode=0755", "sbench-test", mountPoint.toString());
        return new Tmpfs(mountPoint);
    }

    public Path dir() {
        return dir;
    }

    /** Takes all free space but {@code pages} pages with a file of its own (deleted by the unmount). */
    public void fillLeaving(int pages) throws IOException {
        FreeSpace.fillLeaving(dir, (long) pages * PAGE_BYTES);
    }

    /** Makes the file system read-only, as a disk that went read-only under a run. */
    public void remountReadOnly() throws IOException {
        LoopDevice.run("mount", "-o", "remount,ro", dir.toString());
    }

    @Override
    public void close() throws IOException {
        LoopDevice.run("umount", dir.toString());
    }
}
