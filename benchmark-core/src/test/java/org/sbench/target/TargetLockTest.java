package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** The lock on file targets (flock on the file: separate opens conflict in one process too), and /proc/locks. */
class TargetLockTest {
    private static final Path PROC = Path.of("/proc");

    @TempDir
    Path dir;

    @Test
    void aFileIsHeldOnceWhateverItIsCalled() throws IOException {
        Path file = Files.write(dir.resolve("t.img"), new byte[4096]);
        Path symlink = Files.createSymbolicLink(dir.resolve("symlink.img"), file);
        Path hardLink = Files.createLink(dir.resolve("hardlink.img"), file);
        try (TargetLock held = TargetLock.ofFile(file, false, PROC)) {
            for (Path other : new Path[] {file, symlink, hardLink}) {
                SbenchException e = assertThrows(SbenchException.class, () -> TargetLock.ofFile(other, false, PROC));
                assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
                assertEquals(other + " is in use by another sbench process (pid " + ProcessHandle.current().pid()
                        + "), which holds its lock; one run per target at a time", e.getMessage());
            }
        }
        TargetLock.ofFile(hardLink, false, PROC).close();
    }

    @Test
    void aFileTargetHoldsItsLockUntilClosed() throws IOException {
        Path file = dir.resolve("new.img");
        try (Target t = Targets.open(file.toString(), TargetSettings.DEFAULTS.withSizeBytes(1 << 20))) {
            assertEquals(ErrorKind.TARGET_IN_USE,
                    assertThrows(SbenchException.class, () -> TargetLock.ofFile(file, false, PROC)).kind());
        }
        TargetLock.ofFile(file, false, PROC).close();
    }

    @Test
    void aFileSbenchCreatesMustNotExistYet() throws IOException {
        Path file = Files.write(dir.resolve("appeared.img"), new byte[4096]);
        SbenchException e = assertThrows(SbenchException.class, () -> TargetLock.ofFile(file, true, PROC));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("open(O_CREAT|O_EXCL) failed on " + file + ": EEXIST (File exists)", e.getMessage());
    }

    @Test
    void theHolderIsReadFromProcLocks() throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc"));
        Files.writeString(proc.resolve("locks"), ""
                + "1: POSIX  ADVISORY  WRITE 111 fd:01:1234 0 EOF\n"
                + "2: FLOCK  ADVISORY  WRITE 222 fd:01:999 0 EOF\n"
                + "3: FLOCK  ADVISORY  WRITE 333 fd:01:1234 0 EOF\n"
                + "3: -> FLOCK  ADVISORY  WRITE 444 fd:01:1234 0 EOF\n");
        // glibc's dev_t of 253:1 (fd:01), as stat(2) gives it
        FileKey key = new FileKey((253L << 8) | 1, 1234);
        assertEquals(Optional.of("333"), TargetLock.holder(key, proc));
        assertEquals(Optional.empty(), TargetLock.holder(new FileKey((253L << 8) | 2, 1234), proc));
        assertEquals(Optional.empty(), TargetLock.holder(key, dir.resolve("no-proc")));
    }
}
