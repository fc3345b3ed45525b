package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.TargetLock;

class BundleDirectoryTest {
    /**
     * A bundle directory that cannot be made is refused before the first step, as an output whose
     * directory takes no file is (exit 2; it exited 5, as a failed write). /sys takes no directory, as root too.
     */
    @Test
    void aBundleThatCannotBeMadeIsRefusedAsUsage() {
        SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.create(Path.of("/sys/sbench-no/b")));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("the bundle directory /sys/sbench-no/b cannot be made: operation not permitted", e.getMessage());
    }

    /**
     * Bundles begun in one new directory at once: one is made, the others refused, as in use (exit 4)
     * or, when its index is there already, as not empty (exit 2).
     * Three {@code torture --out b} started together all exited 0 before, and the bundle held one of
     * the three steps: both had found the directory empty before either wrote its index.
     */
    @Test
    void ofBundlesBegunInOneDirectoryAtOnceOneIsMade(@TempDir Path tmp) throws Exception {
        int racers = 8;
        for (int round = 0; round < 20; round++) {
            Path dir = tmp.resolve("b" + round);
            CyclicBarrier start = new CyclicBarrier(racers);
            ExecutorService pool = Executors.newFixedThreadPool(racers);
            try {
                List<Future<BundleDirectory>> tries = new ArrayList<>();
                for (int i = 0; i < racers; i++) {
                    tries.add(pool.submit(() -> {
                        start.await();
                        return BundleDirectory.create(dir);
                    }));
                }
                int made = 0;
                for (Future<BundleDirectory> t : tries) {
                    try {
                        t.get();
                        made++;
                    } catch (ExecutionException e) {
                        SbenchException refused = (SbenchException) e.getCause();
                        assertTrue(refused.kind() == ErrorKind.TARGET_IN_USE || refused.kind() == ErrorKind.USAGE, refused.getMessage());
                    }
                }
                assertEquals(1, made, "bundles made in " + dir);
            } finally {
                pool.shutdown();
            }
        }
    }

    /**
     * A new bundle asked for in the directory of a run still writing it is refused as in use (exit 4),
     * naming the run: it was "not empty; give a new directory, or --resume DIR" (exit 2), and that
     * resume was refused in turn while the run went on.
     */
    @Test
    void aNewBundleInTheDirectoryOfARunningOneIsRefusedAsInUse(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(BundleDirectory.INDEX), "{}");
        try (TargetLock running = TargetLock.ofBundle(dir)) {
            SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.create(dir));
            assertEquals(ErrorKind.TARGET_IN_USE, e.kind(), e.getMessage());
        }
        assertEquals(ErrorKind.USAGE, assertThrows(SbenchException.class, () -> BundleDirectory.create(dir)).kind());
    }

    /**
     * A run killed (kill -9) as it began its bundle, after it made the empty index that claims the directory and before
     * it wrote it, left a directory that neither command took: resumed, "b/bundle.json: not an sbench bundle: expected an
     * object (line 1, column 0)" (exit 3); run into again, "b is not empty; give a new directory, or --resume b" (exit
     * 2). 3 of 24 runs killed 0.1 to 3 s after their start were left so. The resume names it and what to do.
     */
    @Test
    void aBundleKilledAsItWasBegunIsNamedAsSuch(@TempDir Path dir) throws Exception {
        Files.createFile(dir.resolve(BundleDirectory.INDEX));
        SbenchException e = assertThrows(SbenchException.class, () -> BundleLog.checkResumable(dir));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(dir.resolve(BundleDirectory.INDEX) + ": empty: the run that began this bundle ended before it wrote"
                + " it (a kill -9 or a power loss), before its first step; nothing in " + dir + " is kept: delete it, or give"
                + " another directory", e.getMessage());
    }
}
