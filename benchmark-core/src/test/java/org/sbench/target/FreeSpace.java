package org.sbench.target;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Test fixture: takes a small file system's free space but some with a file of its own, {@code .filler}. */
final class FreeSpace {
    private FreeSpace() {
    }

    /** Fills the file system of {@code dir} to leave about {@code bytes} free (as its statfs tells). */
    static void fillLeaving(Path dir, long bytes) throws IOException {
        long fill = Files.getFileStore(dir).getUsableSpace() - bytes;
        ByteBuffer chunk = ByteBuffer.allocate(1 << 20);
        try (FileChannel ch = FileChannel.open(dir.resolve(".filler"), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long done = 0; done < fill;) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), fill - done));
                done += ch.write(chunk);
            }
        }
    }
}
