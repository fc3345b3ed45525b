package org.sbench.target;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.sbench.SbenchException;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * Recognises what a device or image already holds from the magic numbers blkid(8) looks for: the
 * first and the last {@value #WINDOW_BYTES} bytes are read, and the first match in the order below
 * names it ("an ext4 filesystem"). Filesystems come before partition tables because FAT and NTFS
 * boot sectors also end in the MBR's 0x55AA. Only presence is detected; nothing is validated.
 */
final class DiskSignatures {
    /** Covers the btrfs superblock at 64 KiB and md 0.90's superblock in the last 64 KiB-aligned block. */
    static final int WINDOW_BYTES = 128 * 1024;

    private static final int SECTOR_512 = 512;
    private static final int SECTOR_4096 = 4096;
    private static final int MBR_SIGNATURE_OFFSET = 510;
    private static final byte[] MBR_SIGNATURE = {0x55, (byte) 0xAA};
    private static final byte[] GPT = ascii("EFI PART");
    private static final byte[] LUKS = {'L', 'U', 'K', 'S', (byte) 0xBA, (byte) 0xBE};
    private static final byte[] XFS = ascii("XFSB");
    /** md superblock magic 0xa92b4efc, little endian. */
    private static final byte[] MD = {(byte) 0xFC, 0x4E, 0x2B, (byte) 0xA9};
    private static final int MD_1_2_OFFSET = 4096;
    private static final int MD_0_90_ALIGN = 65536;
    private static final int MD_1_0_RESERVED = 8192;
    private static final int MD_1_0_ALIGN = 4096;
    private static final byte[] LVM = ascii("LABELONE");
    private static final int LVM_LABEL_SECTORS = 4;
    private static final int BTRFS_OFFSET = 0x10040;
    private static final byte[] BTRFS = ascii("_BHRfS_M");
    private static final int EXT_SUPERBLOCK = 1024;
    private static final int EXT_MAGIC_OFFSET = EXT_SUPERBLOCK + 0x38;
    private static final byte[] EXT_MAGIC = {0x53, (byte) 0xEF};
    private static final int EXT_FEATURE_COMPAT = EXT_SUPERBLOCK + 0x5C;
    private static final int EXT_FEATURE_INCOMPAT = EXT_SUPERBLOCK + 0x60;
    private static final int EXT3_HAS_JOURNAL = 0x4;
    /** Incompat features only ext4 has: extents, 64bit, flex_bg. */
    private static final int EXT4_INCOMPAT = 0x40 | 0x80 | 0x200;
    /** F2FS magic 0xF2F52010, little endian, at 1 KiB. */
    private static final byte[] F2FS = {0x10, 0x20, (byte) 0xF5, (byte) 0xF2};
    private static final int F2FS_OFFSET = 1024;
    private static final int[] SWAP_PAGE_SIZES = {4096, 8192, 16384, 65536};
    private static final int SWAP_MAGIC_FROM_PAGE_END = 10;
    private static final byte[] SWAP = ascii("SWAPSPACE2");
    private static final byte[] SWAP_OLD = ascii("SWAP-SPACE");
    private static final int OEM_NAME_OFFSET = 3;
    private static final byte[] NTFS = ascii("NTFS    ");
    private static final byte[] EXFAT = ascii("EXFAT   ");
    private static final int FAT16_TYPE_OFFSET = 54;
    private static final int FAT32_TYPE_OFFSET = 82;
    private static final byte[] FAT = ascii("FAT");
    private static final int ISO9660_OFFSET = 0x8001;
    private static final byte[] ISO9660 = ascii("CD001");

    private DiskSignatures() {
    }

    /**
     * Reads the two windows of {@code path}, {@code sizeBytes} long, and looks for a signature. A
     * path this user may not read is refused as the open for the run that writes it would be: that
     * run needs to read and write it (root, or the device's group).
     */
    static Optional<String> read(Path path, long sizeBytes) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            int headBytes = (int) Math.min(WINDOW_BYTES, sizeBytes);
            long tailStart = Math.max(0, sizeBytes - WINDOW_BYTES);
            return find(readFully(ch, 0, headBytes), readFully(ch, tailStart, (int) (sizeBytes - tailStart)), sizeBytes);
        } catch (AccessDeniedException e) {
            throw TargetCalls.accessDenied(path.toString(), LibC.O_RDWR);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read the start and end of", path, e);
        }
    }

    private static byte[] readFully(FileChannel ch, long position, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length);
        while (buf.hasRemaining()) {
            if (ch.read(buf, position + buf.position()) < 0) {
                break;
            }
        }
        return buf.array();
    }

    /**
     * The signature in {@code head} (the first bytes) or {@code tail} (the last bytes of a
     * {@code sizeBytes} device), as a phrase with its article: "an ext4 filesystem".
     */
    static Optional<String> find(byte[] head, byte[] tail, long sizeBytes) {
        long tailStart = sizeBytes - tail.length;
        String found = null;
        if (at(head, 0, LUKS)) {
            found = "a LUKS encrypted volume";
        } else if (at(head, 0, XFS)) {
            found = "an XFS filesystem";
        } else if (at(head, 0, MD) || at(head, MD_1_2_OFFSET, MD)) {
            found = "an md RAID member (superblock 1.1 or 1.2)";
        } else if (lvmLabel(head)) {
            found = "an LVM physical volume";
        } else if (at(head, BTRFS_OFFSET, BTRFS)) {
            found = "a btrfs filesystem";
        } else if (at(head, EXT_MAGIC_OFFSET, EXT_MAGIC)) {
            found = "an " + extVersion(head) + " filesystem";
        } else if (at(head, F2FS_OFFSET, F2FS)) {
            found = "an F2FS filesystem";
        } else if (swap(head)) {
            found = "a Linux swap area";
        } else if (at(head, OEM_NAME_OFFSET, NTFS)) {
            found = "an NTFS filesystem";
        } else if (at(head, OEM_NAME_OFFSET, EXFAT)) {
            found = "an exFAT filesystem";
        } else if (at(head, FAT16_TYPE_OFFSET, FAT) || at(head, FAT32_TYPE_OFFSET, FAT)) {
            found = "a FAT filesystem";
        } else if (at(head, ISO9660_OFFSET, ISO9660)) {
            found = "an ISO 9660 filesystem";
        } else if (at(head, SECTOR_512, GPT) || at(head, SECTOR_4096, GPT)) {
            found = "a GPT partition table";
        } else if (at(head, MBR_SIGNATURE_OFFSET, MBR_SIGNATURE)) {
            found = "an MBR partition table";
        } else if (atAbsolute(tail, tailStart, sizeBytes - SECTOR_512, GPT)
                || atAbsolute(tail, tailStart, sizeBytes - SECTOR_4096, GPT)) {
            found = "a GPT partition table (backup header at the end)";
        } else if (atAbsolute(tail, tailStart, (sizeBytes / MD_0_90_ALIGN - 1) * MD_0_90_ALIGN, MD)) {
            found = "an md RAID member (superblock 0.90)";
        } else if (atAbsolute(tail, tailStart, (sizeBytes - MD_1_0_RESERVED) / MD_1_0_ALIGN * MD_1_0_ALIGN, MD)) {
            found = "an md RAID member (superblock 1.0)";
        }
        return Optional.ofNullable(found);
    }

    private static String extVersion(byte[] head) {
        if ((le32(head, EXT_FEATURE_INCOMPAT) & EXT4_INCOMPAT) != 0) {
            return "ext4";
        }
        return (le32(head, EXT_FEATURE_COMPAT) & EXT3_HAS_JOURNAL) != 0 ? "ext3" : "ext2";
    }

    private static boolean lvmLabel(byte[] head) {
        for (int sector = 0; sector < LVM_LABEL_SECTORS; sector++) {
            if (at(head, sector * SECTOR_512, LVM)) {
                return true;
            }
        }
        return false;
    }

    private static boolean swap(byte[] head) {
        for (int page : SWAP_PAGE_SIZES) {
            int offset = page - SWAP_MAGIC_FROM_PAGE_END;
            if (at(head, offset, SWAP) || at(head, offset, SWAP_OLD)) {
                return true;
            }
        }
        return false;
    }

    private static boolean atAbsolute(byte[] tail, long tailStart, long position, byte[] magic) {
        return position >= tailStart && position >= 0 && at(tail, (int) (position - tailStart), magic);
    }

    private static boolean at(byte[] data, int offset, byte[] magic) {
        if (offset < 0 || offset + magic.length > data.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (data[offset + i] != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static int le32(byte[] data, int offset) {
        if (offset + Integer.BYTES > data.length) {
            return 0;
        }
        return (data[offset] & 0xFF) | (data[offset + 1] & 0xFF) << 8 | (data[offset + 2] & 0xFF) << 16
                | (data[offset + 3] & 0xFF) << 24;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
