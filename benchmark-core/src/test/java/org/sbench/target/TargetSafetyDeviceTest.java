package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

@Tag("device")
class TargetSafetyDeviceTest {
    private static final long SIZE = 32L << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);
    private static final TargetSettings WRITE_FORCED = WRITE.withForce(true);
    private static final int MBR_ENTRY_OFFSET = 446;
    static final byte LINUX_PARTITION = (byte) 0x83;
    private static final byte GPT_PROTECTIVE = (byte) 0xEE;

    private final TargetSafety safety = new TargetSafety();

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private static String refusal(LoopDevice loop, TargetSettings settings) {
        SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(loop.device(), settings).close());
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        return e.getMessage();
    }

    private static String identity(LoopDevice loop) {
        return "device " + loop.device() + " (loop over " + loop.image().toAbsolutePath() + ", 33.6 MB)";
    }

    /** Writes an MBR with one partition entry of {@code type} from sector 2048 over 8 MiB. */
    static void writeMbr(LoopDevice loop, byte type) throws IOException {
        ByteBuffer sector = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        sector.put(MBR_ENTRY_OFFSET + 4, type);
        sector.putInt(MBR_ENTRY_OFFSET + 8, 2048);
        sector.putInt(MBR_ENTRY_OFFSET + 12, 16384);
        sector.put(510, (byte) 0x55).put(511, (byte) 0xAA);
        write(loop, 0, sector);
    }

    private static void write(LoopDevice loop, long offset, ByteBuffer data) throws IOException {
        try (FileChannel ch = FileChannel.open(loop.path(), StandardOpenOption.WRITE)) {
            ch.write(data.rewind(), offset);
            ch.force(true);
        }
    }

    @Test
    void writesNeedAllowWriteAndTheMessageSaysWhatWouldBeOverwritten() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            assertEquals("writing overwrites " + identity(loop) + ", which carries no recognised"
                    + " partition table or filesystem; add --allow-write to proceed", refusal(loop, TargetSettings.DEFAULTS));
            Targets.open(loop.device(), WRITE).close();
        }
    }

    /** A read-only device opened for writing took every write with EPERM; a run that writes is refused before any IO. */
    @Test
    void aReadOnlyDeviceIsRefusedToWritesAndReadByAReadOnlyRun() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("blockdev", "--setro", loop.device());
            try {
                assertEquals(loop.device() + " is read-only (its ro flag is set: losetup -r, blockdev --setro, a write-protect switch)"
                        + " and this run writes to it", refusal(loop, WRITE_FORCED));
                Targets.open(loop.device(), TargetSettings.DEFAULTS.withReadOnly(true)).close();
            } finally {
                // The flag outlives the loop device's file: the next user of the same number would find it read-only.
                LoopDevice.run("blockdev", "--setrw", loop.device());
            }
        }
    }

    @Test
    void ext4IsRecognisedAndNeedsForce() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkfs.ext4", "-q", "-F", loop.device());
            assertEquals(Optional.of("an ext4 filesystem"), safety.signature(loop.path()));
            assertEquals("writing overwrites " + identity(loop) + ", which carries an ext4 filesystem;"
                    + " add --allow-write --force to proceed", refusal(loop, TargetSettings.DEFAULTS));
            assertEquals(identity(loop) + " carries an ext4 filesystem; writing destroys it; add --force"
                    + " to proceed", refusal(loop, WRITE));
            Targets.open(loop.device(), WRITE_FORCED).close();
        }
    }

    @Test
    void partitionTablesAreRecognised() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            writeMbr(loop, LINUX_PARTITION);
            assertEquals(Optional.of("an MBR partition table"), safety.signature(loop.path()));
            writeMbr(loop, GPT_PROTECTIVE);
            write(loop, 512, ByteBuffer.wrap("EFI PART".getBytes(StandardCharsets.US_ASCII)));
            assertEquals(Optional.of("a GPT partition table"), safety.signature(loop.path()));
        }
        try (LoopDevice loop = LoopDevice.create(SIZE, 4096)) {
            write(loop, 4096, ByteBuffer.wrap("EFI PART".getBytes(StandardCharsets.US_ASCII)));
            assertEquals(Optional.of("a GPT partition table"), safety.signature(loop.path()));
        }
    }

    @Test
    void mountedDeviceRefusedEvenWithForceButReadableReadOnly(@TempDir Path mountPoint) throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkfs.ext4", "-q", "-F", loop.device());
            LoopDevice.run("mount", "-t", "ext4", loop.device(), mountPoint.toString());
            try {
                assertEquals(loop.device() + " is mounted at " + mountPoint.toRealPath()
                        + "; sbench never writes to a mounted device", refusal(loop, WRITE_FORCED));
                Targets.open(loop.device(), TargetSettings.DEFAULTS.withReadOnly(true)).close();
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
        }
    }

    @Test
    void mountedPartitionRefusesTheDisk(@TempDir Path mountPoint) throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            writeMbr(loop, LINUX_PARTITION);
            List<Path> parts = loop.scanPartitions();
            assertEquals(List.of(Path.of(loop.device() + "p1")), parts);
            LoopDevice.run("mkfs.ext4", "-q", "-F", parts.get(0).toString());
            LoopDevice.run("mount", "-t", "ext4", parts.get(0).toString(), mountPoint.toString());
            try {
                assertEquals(loop.device() + " has partition " + parts.get(0) + " mounted at " + mountPoint.toRealPath()
                        + "; sbench never writes to a mounted device", refusal(loop, WRITE_FORCED));
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
        }
    }

    @Test
    void activeSwapRefused() throws IOException {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkswap", loop.device());
            assertEquals(Optional.of("a Linux swap area"), safety.signature(loop.path()));
            assumeTrue(LoopDevice.works("swapon", loop.device()), "swapon does not work here");
            try {
                assertEquals(loop.device() + " is in use as swap (/proc/swaps); sbench never writes to a swap device",
                        refusal(loop, WRITE_FORCED));
            } finally {
                LoopDevice.run("swapoff", loop.device());
            }
        }
    }

    @Test
    void deviceMapperHolderRefused() throws IOException {
        assumeTrue(LoopDevice.works("dmsetup", "version"), "device-mapper is not available here");
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            String name = "sbench-test-" + loop.name();
            String table = "0 " + (SIZE / 512) + " linear " + loop.device() + " 0";
            LoopDevice.run("dmsetup", "create", name, "--table", table);
            try {
                String message = refusal(loop, WRITE_FORCED);
                assertEquals(true, message.startsWith(loop.device() + " is held by dm-"), message);
                assertEquals(true, message.contains("(" + name + ")"), message);
            } finally {
                LoopDevice.run("dmsetup", "remove", name);
            }
        }
    }
}
