package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * Every member of a striped target is checked, locked and has its queue settings changed and
 * restored as a target of its own; a refused member leaves the members opened before it as they were.
 */
@Tag("device")
class StripedTargetDeviceTest {
    private static final long SIZE = 16L << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private static String stripe(LoopDevice a, LoopDevice b) {
        return LoopStripe.spec("64K", List.of(a, b));
    }

    private static String nomerges(LoopDevice loop) throws IOException {
        return Files.readString(loop.nomergesFile()).trim();
    }

    private static String majorMinor(LoopDevice d) {
        return SysfsBlockDevice.majorMinorOf(Path.of(d.device()));
    }

    private static SbenchException refused(String spec, TargetSettings settings) {
        return assertThrows(SbenchException.class, () -> Targets.open(spec, settings).close());
    }

    @Test
    void everyMemberHasMergesOffForTheRunAndGetsItsValueBack() throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE + (1 << 20))) {
            Files.writeString(a.nomergesFile(), "0");
            Files.writeString(b.nomergesFile(), "1");
            try (StripedTarget t = (StripedTarget) Targets.open(stripe(a, b), WRITE)) {
                assertEquals("2", nomerges(a));
                assertEquals("2", nomerges(b));
                assertEquals("2", t.describe().get(BlockDeviceTarget.KEY_NOMERGES));
                assertEquals(SIZE, t.memberBytes(), "the smaller member, in whole chunks");
                assertEquals(2 * SIZE, t.capacityBytes());
                assertEquals(512, t.logicalBlockSize());
                assertEquals(a.device(), t.members().get(0).describe().get(BlockDeviceTarget.KEY_DEVICE));
                assertEquals(b.device(), t.members().get(1).describe().get(BlockDeviceTarget.KEY_DEVICE));
            }
            assertEquals("0", nomerges(a));
            assertEquals("1", nomerges(b));
        }
    }

    @Test
    void writesNeedAllowWriteNamingTheFirstMemberInLockOrder() throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE)) {
            // Members are opened in the text order of their MAJOR:MINOR (7:10 before 7:9), whatever the stripe's order.
            String first = majorMinor(a).compareTo(majorMinor(b)) < 0 ? a.device() : b.device();
            SbenchException e = refused(stripe(a, b), TargetSettings.DEFAULTS);
            assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
            assertTrue(e.getMessage().startsWith("writing overwrites device " + first + " (loop over "), e.getMessage());
            try (Target readOnly = Targets.open(stripe(a, b), TargetSettings.DEFAULTS.withReadOnly(true))) {
                assertEquals(2 * SIZE, readOnly.capacityBytes(), "reads need no permission");
            }
        }
    }

    @Test
    void aMemberWithAFilesystemNeedsForceAndTheMembersBeforeItAreLeftAsTheyWere() throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkfs.ext4", "-q", "-F", b.device());
            Files.writeString(a.nomergesFile(), "0");
            SbenchException e = refused(stripe(a, b), WRITE);
            assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
            assertEquals("device " + b.device() + " (loop over " + b.image().toAbsolutePath() + ", 16.8 MB) carries an ext4 filesystem;"
                    + " writing destroys it; add --force to proceed", e.getMessage());
            assertEquals("0", nomerges(a), "member a's setting restored");
            try (Target again = Targets.open(a.device(), WRITE)) {
                assertEquals(SIZE, again.capacityBytes(), "member a's lock released");
            }
            try (Target forced = Targets.open(stripe(a, b), WRITE.withForce(true))) {
                assertEquals(2 * SIZE, forced.capacityBytes());
            }
        }
    }

    @Test
    void aMountedMemberIsRefusedEvenWithForce(@TempDir Path mountPoint) throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkfs.ext4", "-q", "-F", b.device());
            LoopDevice.run("mount", "-t", "ext4", b.device(), mountPoint.toString());
            try {
                SbenchException e = refused(stripe(a, b), WRITE.withForce(true));
                assertEquals(b.device() + " is mounted at " + mountPoint.toRealPath() + "; sbench never writes to a mounted device",
                        e.getMessage());
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
        }
    }

    @Test
    void aMemberInUseByAnotherRunIsRefused() throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE)) {
            try (Target other = Targets.open(b.device(), TargetSettings.DEFAULTS.withReadOnly(true))) {
                SbenchException e = refused(stripe(a, b), WRITE);
                assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
                assertTrue(e.getMessage().startsWith(b.device() + " is in use by this sbench process (pid "), e.getMessage());
            }
        }
    }

    @Test
    void twoPartitionsOfOneDiskAreNotTwoMembers() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE); LoopDevice other = LoopDevice.create(SIZE)) {
            TargetSafetyDeviceTest.writeMbr(loop, TargetSafetyDeviceTest.LINUX_PARTITION);
            List<Path> parts = loop.scanPartitions();
            String spec = "stripe:64K:" + parts.get(0) + "," + other.device() + "," + loop.device();
            SbenchException e = refused(spec, WRITE.withForce(true));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--target " + spec + ": members " + parts.get(0) + " and " + loop.device() + " are on the same disk ("
                    + loop.device() + "); a stripe needs distinct drives", e.getMessage());
        }
    }

    /**
     * A fill with --size 1M on a stripe of two 268 MB loop devices wrote 1073.7 MB, the whole array twice: the size
     * sized nothing and was dropped, as it would be on one block device, where it is refused.
     */
    @Test
    void sizeIsRefusedForAStripeOfBlockDevicesAndSizesItsFileMembers(@TempDir Path dir) throws IOException {
        try (LoopDevice a = LoopDevice.create(SIZE); LoopDevice b = LoopDevice.create(SIZE)) {
            SbenchException e = refused(stripe(a, b), WRITE.withSizeBytes(1 << 20));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--size sizes a file target, a stripe's file members or the null target; " + stripe(a, b)
                    + " is a stripe of block devices, used whole: leave out --size", e.getMessage());
            String withFile = "stripe:64K:" + a.device() + "," + dir.resolve("m1.img");
            try (Target t = Targets.open(withFile, WRITE.withSizeBytes(2 << 20))) {
                assertEquals(2 << 20, t.capacityBytes(), "the new file member made at its share, which the device's share follows");
            }
        }
    }
}
