package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/** The lock on a block device: one run per disk, whatever node names it, and so one owner of its nomerges. */
@Tag("device")
class TargetLockDeviceTest {
    private static final long SIZE = 32L << 20;
    private static final TargetSettings READ_ONLY = TargetSettings.DEFAULTS.withReadOnly(true);

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private static String nomerges(LoopDevice loop) throws IOException {
        return Files.readString(loop.nomergesFile()).trim();
    }

    @Test
    void twoReadOnlyRunsDoNotRaceOnNomerges(@TempDir Path dir) throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Path link = Files.createSymbolicLink(dir.resolve("disk"), loop.path());
            Files.writeString(loop.nomergesFile(), "0");
            try (BlockDeviceTarget first = (BlockDeviceTarget) Targets.open(loop.device(), READ_ONLY)) {
                assertEquals("2", nomerges(loop));
                // Without the lock the second run would save 2 as the value to restore, and run on with merges
                // re-enabled by the first run's close while its result said 2.
                SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(link.toString(), READ_ONLY));
                assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
                assertEquals("2", nomerges(loop));
                assertEquals("0", first.queueSettings().nomergesBefore());
            }
            assertEquals("0", nomerges(loop));
            try (Target again = Targets.open(link.toString(), READ_ONLY)) {
                assertEquals("2", nomerges(loop), "the lock went with the first run");
            }
            assertEquals("0", nomerges(loop));
        }
    }

    @Test
    void aPartitionAndItsDiskAreOneTarget() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            TargetSafetyDeviceTest.writeMbr(loop, TargetSafetyDeviceTest.LINUX_PARTITION);
            List<Path> parts = loop.scanPartitions();
            try (Target disk = Targets.open(loop.device(), READ_ONLY)) {
                SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(parts.get(0).toString(), READ_ONLY));
                assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
                String majorMinor = SysfsBlockDevice.named(loop.name(), Path.of("/sys")).majorMinor();
                assertEquals(parts.get(0) + " is in use by this sbench process (pid " + ProcessHandle.current().pid()
                        + "): it holds /run/sbench/block-" + majorMinor + ".lock, the lock of disk " + loop.device()
                        + "; one run per disk at a time", e.getMessage());
            }
        }
    }

    /**
     * A disk's lock file is for those who may read the disk: any user could open a lock file of mode
     * 0644 and flock it, and root's runs on the disk were refused while that user's flock held. Root
     * gives the file the disk node's owner, group and read bits, so a user who cannot read the disk
     * cannot open its lock; one who can opens it, and is one of the runs kept apart.
     */
    @Test
    void onlyWhoMayReadTheDiskCanHoldItsLock() throws IOException {
        assumeTrue(LoopDevice.works("runuser", "--version") && LoopDevice.works("flock", "--version"), "needs runuser and flock");
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Set<PosixFilePermission> asFound = Files.getPosixFilePermissions(loop.path());
            Path lock = Path.of("/run/sbench/block-" + SysfsBlockDevice.named(loop.name(), Path.of("/sys")).majorMinor() + ".lock");
            try {
                Files.setPosixFilePermissions(loop.path(), PosixFilePermissions.fromString("rw-rw----"));
                try (Target t = Targets.open(loop.device(), READ_ONLY)) {
                    assertEquals("r--r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(lock)));
                    assertEquals(Files.getAttribute(loop.path(), "posix:group"), Files.getAttribute(lock, "posix:group"));
                }
                assertFalse(LoopDevice.works("runuser", "-u", "nobody", "--", "flock", "-n", lock.toString(), "true"),
                        "nobody may not read " + loop.path() + ", nor open its lock");
                Files.setPosixFilePermissions(loop.path(), PosixFilePermissions.fromString("rw-rw-r--"));
                try (Target t = Targets.open(loop.device(), READ_ONLY)) {
                    assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(lock)));
                    assertFalse(LoopDevice.works("runuser", "-u", "nobody", "--", "flock", "-n", lock.toString(), "true"),
                            "root's run holds the lock");
                }
                assertTrue(LoopDevice.works("runuser", "-u", "nobody", "--", "flock", "-n", lock.toString(), "true"),
                        "nobody may read " + loop.path() + ", and lock it when no run holds it");
            } finally {
                Files.setPosixFilePermissions(loop.path(), asFound);
            }
        }
    }
}
