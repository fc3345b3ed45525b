package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** The lock of the directories a set of outputs is moved into (flock: separate opens conflict in one process too). */
class OutputSetLockTest {
    private static final Path PROC = Path.of("/proc");

    @TempDir
    Path dir;

    @Test
    void aHolderThatKeepsTheLockIsNamedAfterTheWait() throws IOException {
        try (OutputSetLock held = OutputSetLock.of(outputsIn(dir))) {
            SbenchException e = assertThrows(SbenchException.class, () -> OutputSetLock.of(outputsIn(dir), Duration.ofSeconds(1), PROC));
            assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
            assertEquals(dir.toRealPath() + " is in use by this sbench process (pid " + ProcessHandle.current().pid()
                    + "), which has been moving its outputs into it for 1 s; give this command's outputs another directory", e.getMessage());
        }
    }

    @Test
    void theLockFileGoesWithTheLockAndTheNextTakesIt() {
        OutputSetLock.of(outputsIn(dir)).close();
        assertFalse(Files.exists(dir.resolve(OutputSetLock.FILE)));
        OutputSetLock.of(outputsIn(dir), Duration.ZERO, PROC).close();
    }

    /** A directory named twice (a symlink to it) is locked once: the set does not wait on itself. */
    @Test
    void aDirectoryIsLockedOnceWhateverItIsCalled() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir);
        try (OutputSetLock held = OutputSetLock.of(outputsIn(dir, link, dir.resolve(".")), Duration.ZERO, PROC)) {
            assertTrue(Files.exists(dir.resolve(OutputSetLock.FILE)));
        }
    }

    /** A lock file left by a holder that was killed (SIGKILL: the kernel dropped its lock) is taken, and removed after. */
    @Test
    void aLockFileLeftByAKilledHolderIsTaken() throws IOException {
        Files.createFile(dir.resolve(OutputSetLock.FILE));
        OutputSetLock.of(outputsIn(dir), Duration.ZERO, PROC).close();
        assertFalse(Files.exists(dir.resolve(OutputSetLock.FILE)));
    }

    /** An output, r.json, in each of {@code dirs}, keyed by its directory as OutputFiles gives them. */
    private static Map<Path, Path> outputsIn(Path... dirs) {
        Map<Path, Path> outputs = new LinkedHashMap<>();
        for (Path dir : dirs) {
            outputs.put(dir, dir.resolve("r.json"));
        }
        return outputs;
    }
}
