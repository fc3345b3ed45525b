// A command whose sort spills into a full temporary directory: what the user is told, and nothing left there.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.LoopDevice;
import org.sbench.target.Tmpfs;

class FullTempDirDeviceTest {
    /** Room for the start of the sort's first run, not for the run: 1 MiB, about 21,800 records of 48 bytes. */
    private static final long TMPFS_BYTES = 1 << 20;

    /**
     * inspect of an unsorted trace, whose sort spills, with java.io.tmpdir on a 1 MiB tmpfs: the user was told
     * "cannot write TMP/sbench-sort-N/run-0.sbt: No space left on device", an internal file, and not what to do.
     */
    @Test
    @Tag("device")
    void aSortSpillingIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = StopSignalsChildTest.unsortedTrace(dir, true);
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("tmp")), TMPFS_BYTES);
             ChildSbench inspect = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + fs.dir()), "inspect", trace.toString(),
                     "--from", "msr")) {
            int exit = inspect.waitFor();
            String line = Pattern.quote("sbench: cannot write " + fs.dir() + "/sbench-sort-") + "[0-9]+"
                    + Pattern.quote("/run-0.sbt: No space left on device; sorting " + trace + " spills about 48 bytes a record to"
                    + " the temporary directory " + fs.dir() + ": point TMPDIR at a file system with room\n");
            assertTrue(Pattern.matches(line, inspect.err()), inspect.err());
            assertEquals(ExitCodes.SYSTEM_FAILURE, exit, inspect.err());
            assertEquals("", inspect.out());
            assertEquals(List.of(), StopSignalsChildTest.names(fs.dir()), "no sbench-sort-N directory left");
        }
    }

    /** A trace.dat.gz is read from a decompressed copy in the temporary directory: full, the user is told so, and nothing stays. */
    @Test
    @Tag("device")
    void aTraceDatCopiedIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = dir.resolve("many6.dat.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(trace))) {
            out.write(StopSignalsChildTest.traceDat());
        }
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("tmp")), TMPFS_BYTES);
             ChildSbench inspect = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + fs.dir()), "inspect", trace.toString())) {
            int exit = inspect.waitFor();
            assertEquals("sbench: cannot copy " + trace + " into " + fs.dir() + ": No space left on device; reading " + trace
                    + ", a trace.dat compressed or from a pipe, copies it decompressed to the temporary directory " + fs.dir()
                    + ": point TMPDIR at a file system with room\n", inspect.err());
            assertEquals(ExitCodes.SYSTEM_FAILURE, exit, inspect.err());
            assertEquals("", inspect.out());
            assertEquals(List.of(), StopSignalsChildTest.names(fs.dir()), "no copy left");
        }
    }
}
