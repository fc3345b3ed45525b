// Test fixture: another process that holds the lock of a part file, in a JVM of its own, to be killed.
package org.sbench.trace.input;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** {@code PartLocker FILE}: locks FILE (fcntl, exclusive, as {@link PartFiles} does), prints "locked", and waits to be killed. */
public final class PartLocker {
    private PartLocker() {
    }

    public static void main(String[] args) throws Exception {
        try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE)) {
            channel.lock();
            System.out.println("locked");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
