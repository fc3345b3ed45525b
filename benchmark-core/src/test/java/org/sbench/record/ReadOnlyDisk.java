// Test fixture: a whole disk opened for O_DIRECT reads beside a Target that holds the disk's lock.
package org.sbench.record;

import java.nio.file.Path;
import java.util.Map;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;
import org.sbench.target.Target;

/**
 * A block device opened O_RDONLY|O_DIRECT with none of what {@code Targets} does (lock, checks,
 * queue settings): one run holds a disk, so a test that issues IO to a disk and, at once, to one of
 * its partitions through {@code Targets} opens the disk side with this. Reads only.
 */
record ReadOnlyDisk(String path, int fd, long capacityBytes) implements Target {
    private static final int SECTOR_BYTES = 512;

    static ReadOnlyDisk open(Path device) {
        int fd = TargetCalls.open(device.toString(), LibC.O_RDONLY | LibC.O_DIRECT | LibC.O_CLOEXEC, "O_RDONLY|O_DIRECT", 0);
        return new ReadOnlyDisk(device.toString(), fd, TargetCalls.blockDeviceSizeBytes(fd, device.toString()));
    }

    @Override
    public String kind() {
        return "block";
    }

    @Override
    public int logicalBlockSize() {
        return SECTOR_BYTES;
    }

    @Override
    public int physicalBlockSize() {
        return SECTOR_BYTES;
    }

    @Override
    public Map<String, String> describe() {
        return Map.of();
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        throw new UnsupportedOperationException("reads only");
    }

    @Override
    public int flush() {
        throw new UnsupportedOperationException("reads only");
    }

    @Override
    public void close() {
        TargetCalls.close(fd, path);
    }
}
