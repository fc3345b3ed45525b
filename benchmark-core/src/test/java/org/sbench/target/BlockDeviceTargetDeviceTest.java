package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.AlignedTestBuffer;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.OpenFlags;
import org.sbench.result.TargetWords;

@Tag("device")
class BlockDeviceTargetDeviceTest {
    private static final long SIZE = 64L << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    @Test
    void geometryOf512ByteSectors() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE); Target t = Targets.open(loop.device(), WRITE)) {
            assertTrue(t instanceof BlockDeviceTarget);
            assertEquals("block", t.kind());
            assertEquals(loop.device(), t.path());
            assertEquals(SIZE, t.capacityBytes());
            assertEquals(512, t.logicalBlockSize());
            assertEquals(512, t.physicalBlockSize());
            assertTrue(t.fd() >= 0);
            assertEquals(LibC.O_NOATIME, OpenFlags.of(t.fd()) & LibC.O_NOATIME, "reads skip the access-time check");
            assertEquals(0, t.flush());
        }
    }

    /** Taken as "the first SIZE bytes" it would be ignored and the whole device written: refused. */
    @Test
    void sizeIsRefusedForABlockDevice() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(loop.device(), WRITE.withSizeBytes(SIZE / 2)));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--size sizes a file target or the null target; " + loop.device() + " is a block device, used whole: leave"
                    + " out --size", e.getMessage());
            try (Target t = Targets.open(loop.device(), WRITE)) {
                assertEquals(SIZE, t.capacityBytes(), "its lock was never taken");
            }
        }
    }

    @Test
    void geometryOf4096ByteSectors() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE, 4096); Target t = Targets.open(loop.device(), WRITE)) {
            assertEquals(SIZE, t.capacityBytes());
            assertEquals(4096, t.logicalBlockSize());
            assertEquals(4096, t.physicalBlockSize());
            assertEquals("4096", t.describe().get(BlockDeviceTarget.KEY_LOGICAL_BLOCK_SIZE));
        }
    }

    @Test
    void discardReachesTheDevice() throws IOException {
        int length = 64 * 1024;
        long offset = 1 << 20;
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) (i % 251 + 1);
        }
        try (LoopDevice loop = LoopDevice.create(SIZE); Target t = Targets.open(loop.device(), WRITE);
                AlignedTestBuffer buf = new AlignedTestBuffer(length)) {
            buf.fill(data);
            assertEquals(length, buf.pwrite(t.fd(), offset));
            buf.fill(new byte[length]);
            assertEquals(length, buf.pread(t.fd(), offset));
            assertArrayEquals(data, buf.contents());
            assertEquals(0, t.discard(offset, length));
            assertEquals(length, buf.pread(t.fd(), offset));
            assertArrayEquals(new byte[length], buf.contents());
            assertEquals(-Errno.EINVAL, t.discard(offset + 1, length), "misaligned discard fails as a result");
        }
    }

    @Test
    void describeReadsSysfs() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Files.writeString(loop.nomergesFile(), "0");
            describeAfterSettingNomerges(loop);
        }
    }

    private static void describeAfterSettingNomerges(LoopDevice loop) {
        try (Target t = Targets.open(loop.device(), WRITE)) {
            Map<String, String> d = t.describe();
            assertEquals(loop.device(), d.get(BlockDeviceTarget.KEY_DEVICE));
            for (String key : new String[] {BlockDeviceTarget.KEY_ROTATIONAL, BlockDeviceTarget.KEY_SCHEDULER,
                    BlockDeviceTarget.KEY_NR_REQUESTS, BlockDeviceTarget.KEY_MAX_SECTORS_KB,
                    BlockDeviceTarget.KEY_MAX_SEGMENTS}) {
                assertTrue(d.containsKey(key), key + " in " + d);
            }
            assertEquals("2", d.get(BlockDeviceTarget.KEY_NOMERGES));
            assertEquals("0", d.get(BlockDeviceTarget.KEY_NOMERGES_BEFORE));
            assertEquals("512", d.get(BlockDeviceTarget.KEY_LOGICAL_BLOCK_SIZE));
            assertFalse(d.containsKey(BlockDeviceTarget.KEY_MODEL), "a loop device has no model: " + d);
            assertFalse(d.containsKey(BlockDeviceTarget.KEY_PARTITION_OF));
        }
    }

    /**
     * zram takes a bio of any length whole and sbench splits nothing there, so the result does not show
     * its request limits as limits: until 2026-12-07 it said "largest request (max_sectors_kb) 124 KiB"
     * of a device whose stat counts a 256 KiB write as one.
     */
    @Test
    void aDeviceTakingBiosWholeShowsNoRequestLimit() throws IOException {
        ZramDevice.assumeRoot();
        try (ZramDevice zram = ZramDevice.create(SIZE); Target t = Targets.open(zram.path().toString(), WRITE)) {
            Map<String, String> d = t.describe();
            for (String key : new String[] {BlockDeviceTarget.KEY_MAX_SECTORS_KB, BlockDeviceTarget.KEY_MAX_SEGMENTS,
                    BlockDeviceTarget.KEY_MAX_SEGMENT_SIZE, BlockDeviceTarget.KEY_CHUNK_SECTORS}) {
                assertFalse(d.containsKey(key), key + " in " + d);
            }
            assertEquals("true", d.get(BlockDeviceTarget.KEY_TAKES_IOS_WHOLE), d.toString());
            assertTrue(TargetWords.rows(d).stream().noneMatch(row -> row[0].contains("request (")), "no request limit among the rows");
        }
    }

    @Test
    void readOnlyOpensWithoutPermissionAndCannotWrite() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE);
                Target t = Targets.open(loop.device(), TargetSettings.DEFAULTS.withReadOnly(true));
                AlignedTestBuffer buf = new AlignedTestBuffer(4096)) {
            assertEquals(4096, buf.pread(t.fd(), 0));
            assertEquals(-Errno.EBADF, buf.pwrite(t.fd(), 0));
        }
    }

    @Test
    void aDeviceOpenForWritingIsHeldExclusively() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE); Target first = Targets.open(loop.device(), WRITE)) {
            // Anything else that opens the device exclusively (mount, mkfs, another writer) is refused by the kernel.
            LastErrorException e = assertThrows(LastErrorException.class,
                    () -> LibC.open(loop.device(), LibC.O_RDONLY | LibC.O_EXCL | LibC.O_CLOEXEC, 0));
            assertEquals(Errno.EBUSY, e.getErrorCode());
            assertEquals("2", first.describe().get(BlockDeviceTarget.KEY_NOMERGES));
        }
    }
}
