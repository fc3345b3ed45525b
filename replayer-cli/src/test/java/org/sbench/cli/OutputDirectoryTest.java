package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directory of a command's outputs, made before it runs. */
class OutputDirectoryTest {
    @TempDir
    Path tmp;

    /**
     * Two commands given one new directory at once (two {@code sbench report R --csv D}): both found D missing, the
     * first made it, and the second was refused, exit 2, "--csv D: cannot be made: file exists" (once in 40 tries).
     * A directory made meanwhile by another is taken as it is, and left to it.
     */
    @Test
    void aDirectoryAnotherMadeAfterItWasFoundMissingIsTakenAndLeftToIt() throws IOException {
        Path dir = tmp.resolve("out/csv");
        List<Path> missing = OutputDirectory.check("--csv", dir);
        assertEquals(List.of(tmp.resolve("out"), dir), missing);
        Files.createDirectories(dir); // the other command
        try (OutputDirectory made = new OutputDirectory("--csv", dir, missing)) {
            assertEquals(dir, made.path());
        }
        assertTrue(Files.isDirectory(dir), "not this command's to remove");
    }

    @Test
    void aDirectoryItMadeIsRemovedWhenTheCommandFails() throws IOException {
        Path dir = tmp.resolve("out/csv");
        try (OutputDirectory made = new OutputDirectory("--csv", dir)) {
            assertTrue(Files.isDirectory(dir));
        }
        assertEquals(List.of(), Files.list(tmp).toList());
    }
}
