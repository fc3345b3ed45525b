package org.sbench.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;

class BundledTraceCacheTest {
    /** XDG_CACHE_HOME when absolute (the XDG rule), else $HOME (Java's user.home is the account's, whatever HOME says), else the account's. */
    @Test
    void theCacheIsWhereTheEnvironmentSays() {
        assertEquals(Path.of("/x/sbench"), BundledTraceCache.of("/x", "/h", "/acct").dir());
        assertEquals(Path.of("/h/.cache/sbench"), BundledTraceCache.of("rel", "/h", "/acct").dir());
        assertEquals(Path.of("/h/.cache/sbench"), BundledTraceCache.of(null, "/h", "/acct").dir());
        assertEquals(Path.of("/acct/.cache/sbench"), BundledTraceCache.of("", null, "/acct").dir());
    }

    /** A cached trace damaged since it was made (one op byte flipped was replayed as the workload) is made again. */
    @Test
    void aDamagedCachedTraceIsMadeAgain(@TempDir Path dir) throws Exception {
        BundledTraceCache cache = new BundledTraceCache(dir);
        Path made = cache.trace("light-2010", BundledTraceCache.DEFAULT_SEED, Progress.NONE);
        byte[] original = Files.readAllBytes(made);
        Path sum = dir.resolve(made.getFileName() + BundledTraceCache.SUM_SUFFIX);
        assertTrue(Files.readString(sum).strip().matches("[0-9a-f]{64}"));
        byte[] damaged = original.clone();
        damaged[damaged.length / 2] ^= 1;
        Files.write(made, damaged);
        assertEquals(made, cache.trace("light-2010", BundledTraceCache.DEFAULT_SEED, Progress.NONE));
        assertArrayEquals(original, Files.readAllBytes(made));
        Files.delete(sum);
        cache.trace("light-2010", BundledTraceCache.DEFAULT_SEED, Progress.NONE);
        assertTrue(Files.exists(sum), "a trace cached before sums were kept gets one");
    }

    /**
     * A damaged cached trace that another process found damaged too, and deleted first, is no error:
     * three {@code inspect light-2011} on one cache with a wrong sum exited 0, 0 and 3 ("cannot be
     * deleted to be made again (no such file)").
     */
    @Test
    void aDamagedTraceAnotherProcessDeletedFirstIsNoError(@TempDir Path dir) {
        BundledTraceCache.deleteDamaged(dir.resolve("light-2010-v1-seed1.sbt"));
    }

    /**
     * A process that finds a trace another has just made never reads its sum half-written: it took an
     * empty sum for a damaged trace, deleted it and made it again. Racing a reader against 2,000 sums
     * written one after another saw empty ones (before the sum was written whole and renamed into place).
     */
    @Test
    void aSumIsNeverSeenHalfWritten(@TempDir Path dir) throws Exception {
        Path sum = dir.resolve("t.sbt" + BundledTraceCache.SUM_SUFFIX);
        String sha = "ab".repeat(32);
        AtomicBoolean writing = new AtomicBoolean(true);
        List<String> seen = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            while (writing.get()) {
                try {
                    String read = Files.readString(sum);
                    if (!read.strip().equals(sha)) {
                        seen.add(read);
                    }
                } catch (IOException absent) {
                    // Not made yet, or deleted for the next round.
                }
            }
        });
        reader.start();
        try {
            for (int i = 0; i < 2_000 && seen.isEmpty(); i++) {
                BundledTraceCache.writeSum(sha, sum);
                Files.delete(sum);
            }
        } finally {
            writing.set(false);
            reader.join();
        }
        assertEquals(List.of(), List.copyOf(seen));
    }

    /** A user id without an account has user.home "?": the cache was made under ./?/.cache in the working directory. */
    @Test
    void withoutAHomeABundledWorkloadIsRefusedAndAFileIsNot() {
        BundledTraceCache none = BundledTraceCache.of(null, null, "?");
        SbenchException e = assertThrows(SbenchException.class, () -> none.resolve("light-2010", Progress.NONE));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("no cache for the bundled workloads: neither XDG_CACHE_HOME nor HOME is an absolute path, and the account has no"
                + " home directory; set XDG_CACHE_HOME=DIR", e.getMessage());
        assertEquals(Path.of("no-such-workload.csv"), none.resolve("no-such-workload.csv", Progress.NONE), "a file needs no cache");
        BundledTraceCache unnamable = BundledTraceCache.of("/tmp/a\0b", null, "/acct");
        assertTrue(assertThrows(SbenchException.class, unnamable::dir).getMessage().startsWith(
                "no cache for the bundled workloads: its directory /tmp/a"), "one line, not an internal error");
    }

    /**
     * A cache directory this user cannot make (another user's home, a file in the way) is named with
     * what to do: it was "cannot create /root/.cache/sbench: permission denied" alone (a non-root user
     * with HOME=/root).
     */
    @Test
    void aCacheThatCannotBeMadeSaysWhereElseToKeepIt(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "");
        BundledTraceCache cache = BundledTraceCache.of(file.toString(), null, "/acct");
        SbenchException e = assertThrows(SbenchException.class, () -> cache.resolve("light-2010", Progress.NONE));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot create " + file.resolve("sbench") + ": not a directory (the cache of the bundled workloads; set"
                + " XDG_CACHE_HOME to a directory this user may write)", e.getMessage());
    }
}
