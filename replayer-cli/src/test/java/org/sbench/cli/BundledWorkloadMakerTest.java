package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Processes that need one bundled workload missing from the cache at once: one makes it, the others wait for it. */
class BundledWorkloadMakerTest {
    /**
     * While another process makes the workload (its lock held here), sbench says it waits and makes
     * nothing; then uses the trace the other made. Each process made the whole trace (two
     * {@code inspect destroyer} at once: 2.4 GB each).
     */
    @Test
    void aProcessWaitsForTheOneMakingTheWorkload(@TempDir Path dir) throws Exception {
        Path cache = Files.createDirectories(dir.resolve("cache").resolve("sbench"));
        Path lockFile = cache.resolve(".light-2010-v1-seed1.sbt.lock");
        Path trace = cache.resolve("light-2010-v1-seed1.sbt");
        try (ChildSbench child = ChildSbench.startWithCache(dir, dir.resolve("cache"), "inspect", "light-2010")) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock held = channel.lock()) {
                child.awaitErr("sbench: waiting for another sbench to finish making light-2010 in " + cache + "...");
                assertFalse(Files.exists(trace), "nothing made while the other process makes it");
            }
            assertEquals(0, child.waitFor(), child.err());
            assertTrue(child.out().contains("light-2010"), child.out());
        }
        assertTrue(Files.exists(trace));
    }
}
