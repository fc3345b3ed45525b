package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.TargetWords;

/** File targets on btrfs: copy-on-write files are not a drive's (their direct writes go through the page cache). */
@Tag("device")
class FileTargetBtrfsDeviceTest {
    private static final long FS_BYTES = 256L << 20;
    private static final long FILE_BYTES = 16L << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @TempDir
    Path mountPoint;
    private LoopDevice loop;

    @BeforeEach
    void mountBtrfs() throws IOException {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works("mkfs.btrfs", "--version"), "needs mkfs.btrfs (btrfs-progs)");
        loop = LoopDevice.create(FS_BYTES);
        boolean mounted = LoopDevice.works("mkfs.btrfs", "-q", "-f", loop.device())
                && LoopDevice.works("mount", "-t", "btrfs", loop.device(), mountPoint.toString());
        if (!mounted) {
            loop.close();
            loop = null;
        }
        assumeTrue(mounted, "needs a btrfs made by mkfs.btrfs and mounted by the kernel");
    }

    @AfterEach
    void unmount() throws IOException {
        if (loop != null) {
            try {
                LoopDevice.run("umount", mountPoint.toString());
            } finally {
                loop.close();
            }
        }
    }

    private static String attributes(Path file) throws IOException {
        return LoopDevice.run("lsattr", file.toString()).trim().split("\\s+")[0];
    }

    @Test
    void aFileSbenchCreatesIsMadeNodatacow() throws IOException {
        Path file = mountPoint.resolve("new.img");
        try (Target t = Targets.open(file.toString(), TargetSettings.DEFAULTS.withSizeBytes(FILE_BYTES))) {
            assertEquals("true", t.describe().get(FileTarget.KEY_NODATACOW));
        }
        assertTrue(attributes(file).contains("C"), "lsattr: " + attributes(file));
    }

    @Test
    void anExistingCopyOnWriteFileIsRefusedWithoutForce() throws IOException {
        Path file = mountPoint.resolve("cow.img");
        Files.write(file, new byte[(int) FILE_BYTES]);
        SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(file.toString(), WRITE).close());
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        assertEquals(file + " is a copy-on-write file of btrfs: its direct writes go through the page cache, each overwrite"
                + " to new blocks, maybe compressed, so results would be btrfs's, not the drive's; name a new file (sbench makes"
                + " it nodatacow, as chattr +C does), or add --force to measure it as it is", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(SbenchException.class, () -> Targets.check(file.toString(), WRITE)).getMessage(),
                "found before a trace is planned, too");
        Targets.check(file.toString(), WRITE.withForce(true));
        try (Target t = Targets.open(file.toString(), WRITE.withForce(true))) {
            assertEquals("false", t.describe().get(FileTarget.KEY_NODATACOW));
            assertTrue(TargetWords.rows(t.describe()).stream().anyMatch(row -> row[0].equals("btrfs nodatacow (chattr +C)")
                    && row[1].equals("no: copy-on-write, written through the page cache (btrfs's results, not the drive's)")));
        }
        try (Target t = Targets.open(file.toString(), TargetSettings.DEFAULTS.withReadOnly(true))) {
            assertEquals("false", t.describe().get(FileTarget.KEY_NODATACOW), "a run that only reads is let be");
        }
    }

    /**
     * A copy-on-write file grown past its file system's room is refused as copy-on-write, as one that fits is: the room
     * was checked first, and a user who made room (or gave a smaller --size) was only then told the file is not the
     * drive's (cdm and the steps open the target without Targets.check first).
     */
    @Test
    void aCopyOnWriteFileIsRefusedAsThatBeforeItsRoom() throws IOException {
        Path file = mountPoint.resolve("cow.img");
        Files.write(file, new byte[(int) FILE_BYTES]);
        SbenchException e = assertThrows(SbenchException.class,
                () -> Targets.open(file.toString(), WRITE.withSizeBytes(FS_BYTES * 2)).close());
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + " is a copy-on-write file of btrfs"), e.getMessage());
        assertEquals(FILE_BYTES, Files.size(file), "left as it was");
    }
}
