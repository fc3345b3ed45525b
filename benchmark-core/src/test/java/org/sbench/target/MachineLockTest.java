package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** A short machine-wide lock (flock: separate opens conflict in one process too). */
class MachineLockTest {
    private static final Path PROC = Path.of("/proc");
    private static final String DETAIL = "; it holds it for a step";

    @TempDir
    Path dir;

    @Test
    void aHolderThatKeepsTheLockIsNamedAfterTheWait() {
        Path file = dir.resolve("run/x.lock");
        try (MachineLock held = MachineLock.take(file, "x", DETAIL)) {
            assertEquals(Optional.empty(), held.missing());
            SbenchException e = assertThrows(SbenchException.class, () -> MachineLock.take(file, Duration.ofSeconds(1), "x", DETAIL, PROC));
            assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
            assertEquals("x is in use by this sbench process (pid " + ProcessHandle.current().pid() + "), which has held " + file
                    + " for 1 s" + DETAIL, e.getMessage());
        }
        MachineLock.take(file, Duration.ZERO, "x", DETAIL, PROC).close();
    }

    /** Its directory cannot be made (a file is in the way, as a read-only /run would refuse): nothing held, and why. */
    @Test
    void aLockFileThatCannotBeMadeIsMissingWithTheReason() throws IOException {
        Path notADirectory = Files.createFile(dir.resolve("run"));
        try (MachineLock none = MachineLock.take(notADirectory.resolve("x.lock"), Duration.ZERO, "x", DETAIL, PROC)) {
            assertEquals(Optional.of("cannot create directory " + notADirectory + ": file exists"), none.missing());
        }
        assertTrue(Files.isRegularFile(notADirectory));
    }
}
