package org.sbench.target;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test fixture: a small file system made on a loop device of its own, mounted on a directory of the test's; unmounted
 * and detached by {@link #close()}. Needs root and its mkfs ({@link #assumeUsable} skips otherwise).
 *
 * @param loop the loop device it is on
 * @param dir  where it is mounted
 */
public record LoopFileSystem(LoopDevice loop, Path dir) implements AutoCloseable {
    /** Skips the calling test unless loop devices can be made and {@code probe} (its mkfs asked its version) exits 0. */
    public static void assumeUsable(String... probe) {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works(probe), "needs " + probe[0]);
    }

    /**
     * A file system of type {@code type} and {@code sizeBytes} on {@code mountPoint} (an empty directory), made by
     * {@code mkfs} (the command and its options; the device is added last).
     */
    public static LoopFileSystem mount(Path mountPoint, long sizeBytes, String type, String... mkfs) throws IOException {
        LoopDevice loop = LoopDevice.create(sizeBytes);
        try {
            List<String> make = new ArrayList<>(List.of(mkfs));
            make.add(loop.path().toString());
            LoopDevice.run(make.toArray(new String[0]));
            LoopDevice.run("mount", "-t", type, loop.path().toString(), mountPoint.toString());
            return new LoopFileSystem(loop, mountPoint);
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
    }

    /** Takes all free space but about {@code bytes} with a file of its own. */
    public void fillLeaving(long bytes) throws IOException {
        FreeSpace.fillLeaving(dir, bytes);
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
