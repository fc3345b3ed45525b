package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
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
                assertEquals(other + " is in use by this sbench process (pid " + ProcessHandle.current().pid()
                        + "), which holds its lock; one run per target at a time", e.getMessage());
            }
        }
        TargetLock.ofFile(hardLink, false, PROC).close();
    }

    @Test
    void aLockTheUserCannotReadSaysWhoseModeItKeptAndWhatGivesItTheNodes() throws IOException {
        PosixFileAttributes mine = Files.readAttributes(dir, PosixFileAttributes.class);
        String owner = mine.owner().getName() + ":" + mine.group().getName();
        Path lock = Files.setPosixFilePermissions(Files.createFile(dir.resolve("block-7:1.lock")), PosixFilePermissions.fromString("r--------"));
        Path node = Files.setPosixFilePermissions(Files.createFile(dir.resolve("loop1")), PosixFilePermissions.fromString("rw-rw----"));
        assertEquals(lock + " (" + owner + " r--------) does not let this user read it: it takes the owner, group and"
                + " read permissions of " + node + " (" + owner + " rw-rw----) at every run as root; run as root, once"
                + " (a --read-only replay) for the lock to follow the node", TargetLock.unreadable(lock, node));
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

    /** Two runs making one new target: the one that loses the race is refused as in use (exit 4), as when it comes later. */
    @Test
    void aFileSbenchCreatesMustNotExistYet() throws IOException {
        Path file = Files.write(dir.resolve("appeared.img"), new byte[4096]);
        SbenchException e = assertThrows(SbenchException.class, () -> TargetLock.ofFile(file, true, PROC));
        assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
        assertEquals(file + " was made by another process as this one went to make it (another sbench starting on it?); one run per"
                + " target at a time", e.getMessage());
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

    @Test
    void theHolderIsNamedAsWhatItIs() throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc"));
        process(proc, "333", "java", "java\0-jar\0/opt/sbench/replayer-cli/target/sbench.jar\0replay\0t.sbt\0");
        process(proc, "334", "java", "/usr/bin/java\0-cp\0a.jar:b.jar\0org.sbench.cli.SbenchCommand\0cdm\0");
        process(proc, "444", "sleep", "sleep\060\0");
        process(proc, "445", "java", "java\0-jar\0/srv/other-sbench-tools/app.jar\0");
        assertEquals("another sbench process (pid 333)", LockHolder.describe("333", proc));
        assertEquals("another sbench process (pid 334)", LockHolder.describe("334", proc));
        assertEquals("process 444 (sleep)", LockHolder.describe("444", proc));
        assertEquals("process 445 (java)", LockHolder.describe("445", proc), "a java that is not sbench is not called one");
        assertEquals("process 555", LockHolder.describe("555", proc), "gone as it was looked at");
        Files.createSymbolicLink(proc.resolve("self"), Path.of("444"));
        assertEquals("this sbench process (pid 444)", LockHolder.describe("444", proc));
    }

    private static void process(Path proc, String pid, String comm, String cmdline) throws IOException {
        Path p = Files.createDirectories(proc.resolve(pid));
        Files.writeString(p.resolve("comm"), comm + "\n");
        Files.writeString(p.resolve("cmdline"), cmdline);
    }

    @Test
    void aLockDirectoryThatCannotBeMadeIsNamedWithItsReason() throws IOException {
        Path device = Files.createDirectories(dir.resolve("sys/devices/virtual/block/sdz"));
        Files.writeString(device.resolve("dev"), "8:400\n");
        Files.createDirectories(dir.resolve("sys/class/block"));
        Files.createSymbolicLink(dir.resolve("sys/class/block/sdz"), device);
        SysfsBlockDevice disk = SysfsBlockDevice.named("sdz", dir.resolve("sys"));
        // Not even root may make a directory at the top of sysfs (EPERM), as a user may not in /run (EACCES).
        Path lockDir = Path.of("/sys/sbench-lock-test");
        SbenchException e = assertThrows(SbenchException.class, () -> TargetLock.ofDisk(disk, "/dev/sdz", lockDir, PROC));
        assertEquals("cannot lock /dev/sdz for the run: cannot create directory " + lockDir + ": operation not permitted; run as"
                + " root", e.getMessage(), "the reason in words, not the name of a Java exception");
    }
}
