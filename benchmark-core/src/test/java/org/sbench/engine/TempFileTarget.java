package org.sbench.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;
import org.sbench.target.Target;

/** A test target: a fresh file under the module's build directory, opened O_DIRECT, deleted on close. */
final class TempFileTarget implements Target {
    static final int BLOCK_BYTES = 4096;
    private final Path file;
    private final int fd;
    private final long capacityBytes;

    TempFileTarget(long capacityBytes) {
        this(capacityBytes, false);
    }

    /** {@code readOnly}: its descriptor open for reading only, so that a write to it is refused (EBADF). */
    TempFileTarget(long capacityBytes, boolean readOnly) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "engine-test"));
            this.file = Files.createTempFile(dir, "target-", ".bin");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.capacityBytes = capacityBytes;
        int made = LibC.open(file.toString(), LibC.O_RDWR | LibC.O_DIRECT | LibC.O_CLOEXEC, LibC.MODE_0644);
        LibC.fallocate(made, 0, 0, capacityBytes);
        if (readOnly) {
            LibC.close(made);
            made = LibC.open(file.toString(), LibC.O_RDONLY | LibC.O_DIRECT | LibC.O_CLOEXEC, 0);
        }
        this.fd = made;
    }

    @Override
    public String kind() {
        return "file";
    }

    @Override
    public String path() {
        return file.toString();
    }

    @Override
    public long capacityBytes() {
        return capacityBytes;
    }

    @Override
    public int logicalBlockSize() {
        return BLOCK_BYTES;
    }

    @Override
    public int physicalBlockSize() {
        return BLOCK_BYTES;
    }

    @Override
    public int fd() {
        return fd;
    }

    @Override
    public Map<String, String> describe() {
        return Map.of();
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return TargetCalls.fallocate(fd, LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, offsetBytes, lengthBytes);
    }

    @Override
    public int flush() {
        return TargetCalls.fdatasync(fd);
    }

    @Override
    public void close() {
        LibC.close(fd);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
