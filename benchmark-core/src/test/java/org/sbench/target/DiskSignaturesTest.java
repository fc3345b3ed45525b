package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class DiskSignaturesTest {
    private static final int SIZE = 1 << 20;

    private static Optional<String> headSignature(int offset, byte... magic) {
        byte[] disk = new byte[SIZE];
        System.arraycopy(magic, 0, disk, offset, magic.length);
        return DiskSignatures.find(disk, disk, SIZE);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String found(int offset, byte... magic) {
        return headSignature(offset, magic).orElse("nothing");
    }

    @Test
    void recognisesEachSignatureAtItsOffset() {
        assertEquals("an MBR partition table", found(510, (byte) 0x55, (byte) 0xAA));
        assertEquals("a GPT partition table", found(512, ascii("EFI PART")));
        assertEquals("a GPT partition table", found(4096, ascii("EFI PART")));
        assertEquals("an ext2 filesystem", found(1080, (byte) 0x53, (byte) 0xEF));
        assertEquals("an XFS filesystem", found(0, ascii("XFSB")));
        assertEquals("a btrfs filesystem", found(0x10040, ascii("_BHRfS_M")));
        assertEquals("a Linux swap area", found(4086, ascii("SWAPSPACE2")));
        assertEquals("a Linux swap area", found(65526, ascii("SWAPSPACE2")));
        assertEquals("a LUKS encrypted volume", found(0, (byte) 'L', (byte) 'U', (byte) 'K', (byte) 'S',
                (byte) 0xBA, (byte) 0xBE));
        assertEquals("an NTFS filesystem", found(3, ascii("NTFS    ")));
        assertEquals("an exFAT filesystem", found(3, ascii("EXFAT   ")));
        assertEquals("a FAT filesystem", found(54, ascii("FAT16   ")));
        assertEquals("a FAT filesystem", found(82, ascii("FAT32   ")));
        assertEquals("an ISO 9660 filesystem", found(0x8001, ascii("CD001")));
        assertEquals("an LVM physical volume", found(512, ascii("LABELONE")));
        assertEquals("an md RAID member (superblock 1.1 or 1.2)", found(4096, (byte) 0xFC, (byte) 0x4E,
                (byte) 0x2B, (byte) 0xA9));
        assertEquals("an F2FS filesystem", found(1024, (byte) 0x10, (byte) 0x20, (byte) 0xF5, (byte) 0xF2));
        assertEquals("nothing", found(100, ascii("EFI PART")));
    }

    @Test
    void extVersionFromFeatures() {
        byte[] disk = new byte[SIZE];
        disk[1080] = 0x53;
        disk[1081] = (byte) 0xEF;
        disk[1024 + 0x5C] = 0x4;
        assertEquals("an ext3 filesystem", DiskSignatures.find(disk, disk, SIZE).get());
        disk[1024 + 0x60] = 0x40;
        assertEquals("an ext4 filesystem", DiskSignatures.find(disk, disk, SIZE).get());
    }

    @Test
    void filesystemBootSectorsWinOverTheMbrMark() {
        byte[] disk = new byte[SIZE];
        System.arraycopy(ascii("NTFS    "), 0, disk, 3, 8);
        disk[510] = 0x55;
        disk[511] = (byte) 0xAA;
        assertEquals("an NTFS filesystem", DiskSignatures.find(disk, disk, SIZE).get());
    }

    @Test
    void tailSignaturesFromTheEndOfTheDevice() {
        long size = 10L << 30;
        byte[] head = new byte[DiskSignatures.WINDOW_BYTES];
        byte[] tail = new byte[DiskSignatures.WINDOW_BYTES];
        System.arraycopy(ascii("EFI PART"), 0, tail, tail.length - 512, 8);
        assertEquals("a GPT partition table (backup header at the end)", DiskSignatures.find(head, tail, size).get());
        tail = new byte[DiskSignatures.WINDOW_BYTES];
        byte[] md = {(byte) 0xFC, 0x4E, 0x2B, (byte) 0xA9};
        System.arraycopy(md, 0, tail, tail.length - 65536, 4);
        assertEquals("an md RAID member (superblock 0.90)", DiskSignatures.find(head, tail, size).get());
        tail = new byte[DiskSignatures.WINDOW_BYTES];
        System.arraycopy(md, 0, tail, tail.length - 8192, 4);
        assertEquals("an md RAID member (superblock 1.0)", DiskSignatures.find(head, tail, size).get());
    }

    @Test
    void readsSmallAndEmptyImages(@TempDir Path dir) throws IOException {
        Path small = dir.resolve("small.img");
        byte[] mbr = new byte[2048];
        mbr[510] = 0x55;
        mbr[511] = (byte) 0xAA;
        Files.write(small, mbr);
        assertEquals(Optional.of("an MBR partition table"), DiskSignatures.read(small, mbr.length));
        Path empty = dir.resolve("empty.img");
        Files.write(empty, new byte[0]);
        assertEquals(Optional.empty(), DiskSignatures.read(empty, 0));
        Path zeros = dir.resolve("zeros.img");
        Files.write(zeros, new byte[3 * DiskSignatures.WINDOW_BYTES]);
        assertEquals(Optional.empty(), DiskSignatures.read(zeros, 3 * DiskSignatures.WINDOW_BYTES));
    }

    @Test
    void aTargetThisUserMayNotReadIsNamedWithWhatToDo() {
        // Write-only for its owner, root: a file even root may not read (sysctl files check their mode for everyone).
        Path unreadable = Path.of("/proc/sys/vm/drop_caches");
        assumeFalse(Files.isReadable(unreadable), "needs a file this user may not read");
        SbenchException e = assertThrows(SbenchException.class, () -> DiskSignatures.read(unreadable, 0));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot open " + unreadable + ": permission denied (its owner and mode do not let this user read and write"
                + " it; a device usually needs root or its group)", e.getMessage(), "what the open for the run would say");
    }
}
