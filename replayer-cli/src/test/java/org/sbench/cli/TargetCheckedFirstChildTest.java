// A target that cannot be one is refused before the bundled workload is made.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetCheckedFirstChildTest {
    /**
     * {@code replay} and {@code run} of a bundled workload not yet in the cache, onto a device name
     * mistyped, onto a file in a directory that is not there and (run) onto a new file without --size: refused at once,
     * with nothing made.
     * Both made the workload first (light-2011 2 s here, destroyer 30 s) and planned it, and only
     * then opened the target.
     */
    @ParameterizedTest
    @CsvSource({"replay light-2011,/dev/sbench-no-such-disk,2,is not a block device",
        "replay light-2011,nodir/x.img,5,there is no directory",
        "run atsb-2011,/dev/sbench-no-such-disk,2,is not a block device",
        "run atsb-2011,nodir/x.img,5,there is no directory",
        "run atsb-2011,new.img,2,does not exist; give --size to create it"})
    void aTargetThatCannotBeOneIsRefusedBeforeTheWorkloadIsMade(String command, String target, int code, String said,
                                                                @TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        String[] words = command.split(" ");
        try (ChildSbench child = ChildSbench.startWithCache(dir, cache, words[0], words[1], "--target", target, "--out", "r",
                "--allow-write", "--progress", "always")) {
            assertEquals(code, child.waitFor(), child.err());
            assertTrue(child.err().startsWith("sbench: ") && child.err().contains(said), child.err());
        }
        assertFalse(Files.exists(cache.resolve("sbench")), "no workload made");
    }

    /** {@code demo --dir} naming a file is refused before light-2010 is made (it was made first, 1.7 s here). */
    @Test
    void demoRefusesADirThatCannotBeOneBeforeTheWorkloadIsMade(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        try (ChildSbench child = ChildSbench.startWithCache(dir, cache, "demo", "--dir", file.toString(), "--progress", "always")) {
            assertEquals(2, child.waitFor(), child.err());
            assertTrue(child.err().startsWith("sbench: --dir " + file + ": is a file, expected a directory"), child.err());
        }
        assertFalse(Files.exists(cache.resolve("sbench")), "no workload made");
    }
}
