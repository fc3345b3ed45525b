// Test helper: what a target's bytes are, to compare before and after a run.
package org.sbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.sbench.target.LoopDevice;

/** A file's (or device's) SHA-256, size and allocated bytes (st_blocks * 512): equal states mean nothing changed. */
record FileState(String sha256, long sizeBytes, long allocatedBytes) {
    private static final int BUFFER_BYTES = 1 << 20;
    private static final int STAT_BLOCK_BYTES = 512;

    static FileState of(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long size = 0;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[BUFFER_BYTES];
            int n;
            while ((n = in.read(buf)) > 0) {
                sha.update(buf, 0, n);
                size += n;
            }
        }
        long blocks = Long.parseLong(LoopDevice.run("stat", "-L", "-c", "%b", file.toString()).trim());
        return new FileState(HexFormat.of().formatHex(sha.digest()), size, blocks * STAT_BLOCK_BYTES);
    }

    /** A file of {@code bytes} pseudo-random bytes (no holes, no signature). */
    static Path random(Path file, int bytes) throws IOException {
        byte[] data = new byte[bytes];
        new java.util.Random(bytes).nextBytes(data);
        return Files.write(file, data);
    }
}
