// FIFOs for tests of reading traces from pipes, as `<(zcat ...)` or a FIFO gives them.
package org.sbench.trace.format;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Named pipes made with mkfifo(1), fed by a writer thread. */
public final class Fifos {
    private Fifos() {
    }

    /**
     * A new FIFO at {@code path} that a daemon thread fills with {@code content} once a reader
     * opens it, then closes (the reader sees the end); the thread ends when a reader closes early.
     */
    public static Path fed(Path path, byte[] content) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        if (p.waitFor() != 0) {
            throw new IOException("mkfifo " + path + " failed: " + new String(p.getInputStream().readAllBytes()));
        }
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(path)) {
                out.write(content);
            } catch (IOException e) {
                // A reader that closes early breaks the pipe; what it read is what the test checks.
                throw new UncheckedIOException(e);
            }
        }, "fifo-writer " + path.getFileName());
        writer.setDaemon(true);
        writer.start();
        return path;
    }
}
