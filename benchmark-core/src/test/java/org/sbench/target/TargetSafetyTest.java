package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The in-use checks against a fake /proc and /sys: disk sdx (8:16) with partitions sdx1 and sdx2;
 * for files, real files in the temporary directory named by the fake tree (a loop device's
 * backing_file, /proc/swaps).
 */
class TargetSafetyTest {
    private static final String ROOT_MOUNT = "22 1 254:0 / / rw - ext4 /dev/vda rw\n";
    private static final String SWAPS_HEADER = "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n";

    @TempDir
    Path root;
    private Path proc;
    private Path sys;
    private TargetSafety safety;

    @BeforeEach
    void fakeTree() throws IOException {
        proc = root.resolve("proc");
        sys = root.resolve("sys");
        Path disk = sys.resolve("devices/pci0000:00/block/sdx");
        device(disk, "8:16");
        Files.writeString(Files.createDirectories(disk.resolve("device")).resolve("model"), "Fake SSD 9000   \n");
        device(disk.resolve("sdx1"), "8:17");
        Files.writeString(disk.resolve("sdx1/partition"), "1\n");
        device(disk.resolve("sdx2"), "8:18");
        Files.writeString(disk.resolve("sdx2/partition"), "2\n");
        Files.createDirectories(sys.resolve("class/block"));
        link("sdx", disk);
        link("sdx1", disk.resolve("sdx1"));
        link("sdx2", disk.resolve("sdx2"));
        Files.createDirectories(proc.resolve("self"));
        mounts(ROOT_MOUNT);
        swaps("");
        safety = new TargetSafety(proc, sys);
    }

    private static void device(Path dir, String majorMinor) throws IOException {
        Files.createDirectories(dir.resolve("holders"));
        Files.writeString(dir.resolve("dev"), majorMinor + "\n");
        Files.writeString(dir.resolve("size"), "2048\n");
    }

    private void link(String name, Path target) throws IOException {
        Files.createSymbolicLink(sys.resolve("class/block/" + name), target);
    }

    private void mounts(String mountinfo) throws IOException {
        Files.writeString(proc.resolve("self/mountinfo"), mountinfo);
    }

    private void swaps(String entries) throws IOException {
        Files.writeString(proc.resolve("swaps"), SWAPS_HEADER + entries);
    }

    private String refusal(String name) {
        SbenchException e = assertThrows(SbenchException.class,
                () -> safety.checkNotInUse("/dev/" + name, SysfsBlockDevice.named(name, sys)));
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        return e.getMessage();
    }

    @Test
    void anUnusedDiskPasses() {
        safety.checkNotInUse("/dev/sdx", SysfsBlockDevice.named("sdx", sys));
        safety.checkNotInUse("/dev/sdx1", SysfsBlockDevice.named("sdx1", sys));
    }

    @Test
    void mountedDiskMatchedByDeviceNumber() throws IOException {
        mounts(ROOT_MOUNT + "40 22 8:16 / /mnt/x rw - ext4 /dev/disk/by-label/x rw\n");
        assertEquals("/dev/sdx is mounted at /mnt/x; sbench never writes to a mounted device", refusal("sdx"));
    }

    @Test
    void mountedPartitionRefusesTheDisk() throws IOException {
        mounts(ROOT_MOUNT + "40 22 8:18 / /mnt/my\\040data rw shared:3 - xfs /dev/sdx2 rw\n");
        assertEquals("/dev/sdx has partition /dev/sdx2 mounted at /mnt/my data; sbench never writes to a mounted"
                + " device", refusal("sdx"));
        safety.checkNotInUse("/dev/sdx1", SysfsBlockDevice.named("sdx1", sys));
        assertEquals("/dev/sdx2 is mounted at /mnt/my data; sbench never writes to a mounted device",
                refusal("sdx2"));
    }

    @Test
    void btrfsStyleMountMatchedBySource() throws IOException {
        // btrfs reports an anonymous device number; the source names the partition.
        mounts(ROOT_MOUNT + "40 22 0:45 / /srv rw - btrfs /dev/sdx1 rw\n");
        assertEquals("/dev/sdx has partition /dev/sdx1 mounted at /srv; sbench never writes to a mounted device",
                refusal("sdx"));
    }

    @Test
    void swapRefused() throws IOException {
        swaps("/dev/sdx1                               partition\t1048572\t\t0\t\t-2\n");
        assertEquals("/dev/sdx has partition /dev/sdx1 in use as swap (" + proc.resolve("swaps")
                + "); sbench never writes to a swap device", refusal("sdx"));
    }

    @Test
    void swapFilesElsewhereAreNotThisDevice() throws IOException {
        swaps("/swapfile                               file\t1048572\t\t0\t\t-2\n");
        safety.checkNotInUse("/dev/sdx", SysfsBlockDevice.named("sdx", sys));
    }

    @Test
    void holdersRefusedWithTheirDeviceMapperName() throws IOException {
        Path dm = sys.resolve("devices/virtual/block/dm-0");
        Files.createDirectories(dm.resolve("dm"));
        Files.writeString(dm.resolve("dm/name"), "vg0-data\n");
        link("dm-0", dm);
        Files.createSymbolicLink(sys.resolve("devices/pci0000:00/block/sdx/sdx2/holders/dm-0"), dm);
        assertEquals("/dev/sdx has partition /dev/sdx2 held by dm-0 (vg0-data) (device-mapper, LVM or md);"
                + " sbench never writes to a device another driver uses", refusal("sdx"));
        Files.createDirectories(sys.resolve("devices/pci0000:00/block/sdx/holders/md0"));
        assertEquals("/dev/sdx is held by md0 (device-mapper, LVM or md); sbench never writes to a device"
                + " another driver uses", refusal("sdx"));
    }

    @Test
    void partitionsListedAndParentFound() {
        SysfsBlockDevice part = SysfsBlockDevice.named("sdx2", sys);
        assertEquals(true, part.isPartition());
        assertEquals("sdx", part.disk().name());
        assertEquals("Fake SSD 9000", part.disk().attribute("device/model").get());
        assertEquals(2, SysfsBlockDevice.named("sdx", sys).partitions().size());
        assertEquals(1024 * 1024, part.sizeBytes());
    }

    @Test
    void sizesInDecimalUnits() {
        assertEquals("500 GB", TargetSafety.decimalSize(500_107_862_016L));
        assertEquals("67.1 MB", TargetSafety.decimalSize(64L << 20));
        assertEquals("2.00 TB", TargetSafety.decimalSize(2_000_398_934_016L));
        assertEquals("512 B", TargetSafety.decimalSize(512));
    }

    /** Loop device loop7 (7:7) over {@code backingFile} as sysfs names it. */
    private void loop(String backingFile) throws IOException {
        Path loop = sys.resolve("devices/virtual/block/loop7");
        device(loop, "7:7");
        Files.createDirectories(loop.resolve("loop"));
        Files.writeString(loop.resolve("loop/backing_file"), backingFile + "\n");
        link("loop7", loop);
    }

    private static TargetSettings allowing(boolean allowWrite, boolean force) {
        return TargetSettings.DEFAULTS.withAllowWrite(allowWrite).withForce(force);
    }

    private String fileRefusal(Path file, boolean allowWrite, boolean force) {
        SbenchException e = assertThrows(SbenchException.class, () -> safety.checkWritableFile(file, allowing(allowWrite, force)));
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        return e.getMessage();
    }

    @Test
    void aFileUnderALoopDeviceIsFoundByInodeNotByName() throws IOException {
        Path image = Files.write(root.resolve("image.img"), new byte[8192]);
        Path otherName = Files.createLink(root.resolve("same-inode.img"), image);
        loop(otherName.toString());
        assertEquals(image + " backs loop device /dev/loop7, which could be mounted during the run; sbench never writes to a"
                + " file under a loop device: replay onto /dev/loop7 instead, or detach it (losetup -d /dev/loop7)",
                fileRefusal(image, true, true));
        Path copy = Files.copy(image, root.resolve("copy.img"));
        safety.checkWritableFile(copy, allowing(true, false));
    }

    @Test
    void aFileUnderAMountedLoopDeviceSaysWhere() throws IOException {
        Path image = Files.write(root.resolve("image.img"), new byte[8192]);
        loop(image.toString());
        mounts(ROOT_MOUNT + "41 22 7:7 / /mnt/img rw - ext4 /dev/loop7 rw\n");
        assertEquals(image + " backs /dev/loop7, which is mounted at /mnt/img; sbench never writes to a mounted device",
                fileRefusal(image, true, true));
    }

    @Test
    void anActiveSwapFileIsFoundByInodeNotByName() throws IOException {
        Path file = Files.write(root.resolve("swap file"), new byte[8192]);
        Path link = Files.createSymbolicLink(root.resolve("swaplink"), file);
        // /proc/swaps escapes the space in a name as \040, as mountinfo does.
        swaps(link.toString() + "                               file\t1048572\t\t0\t\t-2\n");
        assertEquals(file + " is in use as swap (" + proc.resolve("swaps") + "); sbench never writes to a swap file",
                fileRefusal(file, true, true));
        swaps(file.toString().replace(" ", "\\040") + " file\t1048572\t\t0\t\t-2\n");
        assertEquals(file + " is in use as swap (" + proc.resolve("swaps") + "); sbench never writes to a swap file",
                fileRefusal(file, true, true));
    }

    @Test
    void anExistingFileNeedsAllowWriteAndForceOverASignature() throws IOException {
        Path plain = Files.write(root.resolve("plain.img"), new byte[1 << 20]);
        assertEquals("writing overwrites file " + plain + " (1.05 MB), which carries no recognised partition table or filesystem;"
                + " add --allow-write to proceed", fileRefusal(plain, false, false));
        safety.checkWritableFile(plain, allowing(true, false));
        byte[] mbr = new byte[1 << 20];
        mbr[510] = 0x55;
        mbr[511] = (byte) 0xAA;
        Path disk = Files.write(root.resolve("disk.img"), mbr);
        assertEquals("writing overwrites file " + disk + " (1.05 MB), which carries an MBR partition table; name a new file,"
                + " or add --allow-write --force to proceed", fileRefusal(disk, false, false));
        assertEquals("file " + disk + " (1.05 MB) carries an MBR partition table; writing destroys it; name a new file, or add"
                + " --force to proceed",
                fileRefusal(disk, true, false));
        safety.checkWritableFile(disk, allowing(true, true));
    }

    @Test
    void userDataThatIsNoDriveImageNeedsForce() throws IOException {
        String msr = "128166372003061629,hm,0,Read,3967070208,4096,1331\n";
        byte[] sbt = {(byte) 0x89, 'S', 'B', 'T', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
        byte[] tar = new byte[1024];
        System.arraycopy("ustar".getBytes(StandardCharsets.US_ASCII), 0, tar, 257, 5);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("a trace in sbt format", sbt);
        files.put("a trace in blktrace format", ByteBuffer.allocate(48).putInt(0x65617407).array());
        files.put("a trace in msr format", msr.getBytes(StandardCharsets.US_ASCII));
        files.put("a trace in msr format, gzip-compressed", gzip(msr.getBytes(StandardCharsets.US_ASCII)));
        files.put("gzip-compressed data", gzip(new byte[4096]));
        files.put("a tar archive", tar);
        files.put("sbench JSON (a result or a bundle's index)", "{\n  \"format\" : 1,\n  \"sbenchVersion\" : \"0.1\"\n}\n"
                .getBytes(StandardCharsets.US_ASCII));
        files.put("text", "steps:\n  - purge\n".getBytes(StandardCharsets.US_ASCII));
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path file = Files.write(root.resolve("data"), e.getValue());
            String size = TargetSafety.decimalSize(e.getValue().length);
            assertEquals("writing overwrites file " + file + " (" + size + "), which carries " + e.getKey()
                    + "; name a new file, or add --allow-write --force to proceed", fileRefusal(file, false, false));
            assertEquals("file " + file + " (" + size + ") carries " + e.getKey() + "; writing destroys it; name a new file, or"
                    + " add --force to proceed", fileRefusal(file, true, false));
            safety.checkWritableFile(file, allowing(true, true));
        }
    }

    /** A file an earlier run wrote (random data), however it begins, is no user data. */
    @Test
    void randomDataIsNoUserData() throws IOException {
        byte[] data = new byte[1 << 20];
        new Random(1).nextBytes(data);
        data[0] = 0x1f;
        data[1] = (byte) 0x8b;
        Path file = Files.write(root.resolve("random.img"), data);
        safety.checkWritableFile(file, allowing(true, false));
        data[0] = '{';
        safety.checkWritableFile(Files.write(file, data), allowing(true, false));
    }

    /**
     * A drive image filled with one byte above ASCII (0xFF, an erased flash chip's; 0xAB, a test
     * pattern) has no NUL and counts as printable, but is no UTF-8 text: no user data. Both were
     * refused as "text" (StepsTest's purge of a file of 0xAB failed so).
     */
    @Test
    void aFileOfOneHighByteIsNoText() throws IOException {
        for (int b : new int[] {0xff, 0xab, 0x80}) {
            byte[] data = new byte[1 << 20];
            java.util.Arrays.fill(data, (byte) b);
            safety.checkWritableFile(Files.write(root.resolve("filled.img"), data), allowing(true, false));
        }
        byte[] alternating = new byte[1 << 20];
        for (int i = 0; i < alternating.length; i++) {
            alternating[i] = (byte) (i % 2 == 0 ? 0xaa : 0x55);
        }
        safety.checkWritableFile(Files.write(root.resolve("filled.img"), alternating), allowing(true, false));
        byte[] text = "caf\u00e9 ".repeat(20_000).getBytes(StandardCharsets.UTF_8);
        Path cut = Files.write(root.resolve("notes.txt"), java.util.Arrays.copyOf(text, 65_536));
        assertThrows(SbenchException.class, () -> safety.checkWritableFile(cut, allowing(true, false)),
                "UTF-8 text that ends inside a character (a cut file) is text");
    }

    /**
     * Text in one byte a character (Latin-1, Windows-1252: a CSV or notes saved on Windows) is no
     * UTF-8, and was taken for a drive image: overwritten with --allow-write alone.
     */
    @Test
    void textInAnEightBitCharsetIsUserData() throws IOException {
        Charset windows = Charset.forName("windows-1252");
        for (String text : List.of("Zeit;Gerät;Größe;Bemerkung\n0,5;sda;4096;läuft – „gut“\n",
                "Café crème, résumé des mesures à 4 Ko\n".repeat(2000))) {
            Path file = Files.write(root.resolve("notes.csv"), text.getBytes(windows));
            assertEquals("file " + file + " (" + TargetSafety.decimalSize(Files.size(file)) + ") carries text; writing destroys it;"
                    + " name a new file, or add --force to proceed", fileRefusal(file, true, false));
        }
    }

    /**
     * Text in UTF-16 with its byte order mark (Notepad's "Unicode") holds a NUL in every ASCII
     * character, and was taken for a drive image: purge --method zero --allow-write zeroed a 16,802
     * byte notes file. Random data that begins with a byte order mark is no UTF-16 text.
     */
    @Test
    void textInUtf16WithAByteOrderMarkIsUserData() throws IOException {
        String notes = "Notes de mesure: café, 4 Ko\r\nDisque: sdb\r\n".repeat(200);
        for (Charset utf16 : List.of(StandardCharsets.UTF_16, StandardCharsets.UTF_16LE)) {
            byte[] text = utf16 == StandardCharsets.UTF_16 ? notes.getBytes(utf16)
                    : ByteBuffer.allocate(2 + 2 * notes.length()).put(new byte[] {(byte) 0xff, (byte) 0xfe}).put(notes.getBytes(utf16)).array();
            Path file = Files.write(root.resolve("notes.txt"), text);
            assertEquals("file " + file + " (" + TargetSafety.decimalSize(text.length) + ") carries text; writing destroys it;"
                    + " name a new file, or add --force to proceed", fileRefusal(file, true, false), utf16.name());
        }
        byte[] data = new byte[1 << 20];
        new Random(2).nextBytes(data);
        data[0] = (byte) 0xff;
        data[1] = (byte) 0xfe;
        safety.checkWritableFile(Files.write(root.resolve("random.img"), data), allowing(true, false));
    }

    /**
     * Text in an 8-bit charset of another script (Cyrillic in Windows-1251 or KOI8-R, Greek in
     * ISO-8859-7: mostly bytes from 0x80) and UTF-16 without a byte order mark, little or big endian,
     * were taken for drive images: overwritten with --allow-write alone.
     */
    @Test
    void textOfOtherScriptsAndUtf16WithoutAByteOrderMarkIsUserData() throws IOException {
        String russian = "Замеры диска: запись 4 КБ, очередь 32.\nДиск sdb, прошивка новая; всё в порядке.\n";
        String greek = "Μετρήσεις δίσκου: εγγραφή 4 KB, ουρά 32.\nΔίσκος sdb, όλα εντάξει.\n";
        Map<String, byte[]> texts = new LinkedHashMap<>();
        texts.put("windows-1251", russian.repeat(100).getBytes(Charset.forName("windows-1251")));
        texts.put("KOI8-R", russian.repeat(100).getBytes(Charset.forName("KOI8-R")));
        texts.put("ISO-8859-7", greek.repeat(100).getBytes(Charset.forName("ISO-8859-7")));
        texts.put("one line of windows-1251", "Привет, диск sdb: всё записано верно\n".getBytes(Charset.forName("windows-1251")));
        for (Charset utf16 : List.of(StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE)) {
            texts.put("French in " + utf16, "Notes de mesure: café, 4 Ko\r\nDisque: sdb\r\n".repeat(200).getBytes(utf16));
            texts.put("Russian in " + utf16, russian.repeat(100).getBytes(utf16));
        }
        for (Map.Entry<String, byte[]> e : texts.entrySet()) {
            Path file = Files.write(root.resolve("notes.txt"), e.getValue());
            assertEquals("file " + file + " (" + TargetSafety.decimalSize(e.getValue().length) + ") carries text; writing destroys it;"
                    + " name a new file, or add --force to proceed", fileRefusal(file, true, false), e.getKey());
        }
    }

    /**
     * Text in UTF-32, little or big endian, with its byte order mark or without, holds three NULs in every ASCII character
     * and was taken for a drive image (until 2026-12-06: overwritten with --allow-write alone). Random data that begins with
     * a UTF-32 byte order mark is no text.
     */
    @Test
    void textInUtf32IsUserData() throws IOException {
        String french = "Notes de mesure: café, 4 Ko\r\nDisque: sdb\r\n".repeat(200);
        String russian = "Замеры диска: запись 4 КБ, очередь 32.\nДиск sdb, прошивка новая; всё в порядке.\n".repeat(100);
        Map<String, byte[]> texts = new LinkedHashMap<>();
        for (String name : List.of("UTF-32LE", "UTF-32BE")) {
            Charset utf32 = Charset.forName(name);
            texts.put("French in " + name, french.getBytes(utf32));
            texts.put("Russian in " + name, russian.getBytes(utf32));
            texts.put("French in " + name + " after its byte order mark", ("\uFEFF" + french).getBytes(utf32));
        }
        for (Map.Entry<String, byte[]> e : texts.entrySet()) {
            Path file = Files.write(root.resolve("notes.txt"), e.getValue());
            assertEquals("file " + file + " (" + TargetSafety.decimalSize(e.getValue().length) + ") carries text; writing destroys it;"
                    + " name a new file, or add --force to proceed", fileRefusal(file, true, false), e.getKey());
        }
        for (byte[] mark : List.of(new byte[] {(byte) 0xff, (byte) 0xfe, 0, 0}, new byte[] {0, 0, (byte) 0xfe, (byte) 0xff})) {
            byte[] data = new byte[1 << 20];
            new Random(4).nextBytes(data);
            System.arraycopy(mark, 0, data, 0, mark.length);
            safety.checkWritableFile(Files.write(root.resolve("random.img"), data), allowing(true, false));
        }
    }

    /**
     * Chinese and Japanese text has little or no whitespace (long lines of ideographs and kana), so it was no words: in UTF-16
     * or UTF-32 without a byte order mark and in the legacy double-byte encodings (GB18030, GBK, Big5, Shift_JIS, EUC-JP) it
     * was taken for a drive image (until 2026-12-07: purge --method zero --allow-write zeroed a 395 kB GB18030 notes file).
     */
    @Test
    void chineseJapaneseAndKoreanTextIsUserData() throws IOException {
        String chinese = "今天上午我们测试了新买的固态硬盘，连续写入的速度比厂商标称的低了大约百分之十五。"
                + "下午把队列深度调到三十二以后，随机读取的延迟明显下降，但是写放大仍然很高。\n"
                + "会议记录：第一，下周之前完成所有服务器的固件升级；第二，备份策略改为每天两次。\n";
        String traditional = "今天上午我們測試了新買的固態硬碟，連續寫入的速度比廠商標稱的低了大約百分之十五。"
                + "會議記錄：下週之前完成所有伺服器的韌體升級，舊磁碟統一回收。\n";
        String japanese = "今日は朝から研究室でディスクの性能測定を続けました。キューの深さを三十二にすると、"
                + "ランダム読み込みの遅延がかなり小さくなることが分かりました。議事録：来週までにバックアップ設定を見直すこと。\n";
        String korean = "오늘 연구실에서 하루 종일 디스크 성능을 측정했습니다. 큐 깊이를 늘리니 읽기 지연 시간이 줄어들었습니다.\n";
        Map<String, byte[]> texts = new LinkedHashMap<>();
        for (String name : List.of("UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "GB18030", "GBK")) {
            texts.put("Chinese in " + name, chinese.repeat(100).getBytes(Charset.forName(name)));
        }
        texts.put("one long line of Chinese in GB18030", chinese.replace("\n", "").repeat(100).getBytes(Charset.forName("GB18030")));
        texts.put("Traditional Chinese in Big5", traditional.repeat(100).getBytes(Charset.forName("Big5")));
        for (String name : List.of("UTF-16LE", "UTF-16BE", "Shift_JIS", "windows-31j", "EUC-JP")) {
            texts.put("Japanese in " + name, japanese.repeat(100).getBytes(Charset.forName(name)));
        }
        texts.put("one line of Japanese in Shift_JIS", japanese.getBytes(Charset.forName("Shift_JIS")));
        texts.put("Korean in EUC-KR", korean.repeat(100).getBytes(Charset.forName("EUC-KR")));
        for (Map.Entry<String, byte[]> e : texts.entrySet()) {
            Path file = Files.write(root.resolve("notes.txt"), e.getValue());
            assertEquals("file " + file + " (" + TargetSafety.decimalSize(e.getValue().length) + ") carries text; writing destroys it;"
                    + " name a new file, or add --force to proceed", fileRefusal(file, true, false), e.getKey());
        }
    }

    /**
     * What a drive image holds stays no text: random, zeros, fills and counting patterns, compressed
     * data without a magic, what sbench writes (--data).
     */
    @Test
    void binaryDataIsNoTextInAnyCharset() throws IOException {
        Map<String, byte[]> images = new LinkedHashMap<>();
        byte[] random = new byte[1 << 20];
        new Random(3).nextBytes(random);
        images.put("random", random);
        images.put("zeros", new byte[1 << 20]);
        byte[] counting = new byte[1 << 20];
        byte[] highCounting = new byte[1 << 20];
        byte[] spacedFill = new byte[1 << 20];
        for (int i = 0; i < counting.length; i++) {
            counting[i] = (byte) i;
            highCounting[i] = (byte) (0x80 | i);
            spacedFill[i] = (byte) (i % 8 == 7 ? ' ' : 0xab);
        }
        images.put("bytes counting", counting);
        images.put("bytes from 0x80 counting", highCounting);
        images.put("0xAB with spaces", spacedFill);
        Random pixels = new Random(5);
        byte[] midGrey = new byte[1 << 20];
        byte[] hanInUtf16 = new byte[1 << 20];
        byte[] hanInGb2312 = new byte[1 << 20];
        for (int i = 0; i < midGrey.length; i += 2) {
            midGrey[i] = (byte) (0x40 + pixels.nextInt(0x80));
            midGrey[i + 1] = (byte) (0x40 + pixels.nextInt(0x80));
            char han = (char) (0x4E00 + pixels.nextInt(0x5200));
            hanInUtf16[i] = (byte) han;
            hanInUtf16[i + 1] = (byte) (han >> 8);
            hanInGb2312[i] = (byte) (0xB0 + pixels.nextInt(0x28));
            hanInGb2312[i + 1] = (byte) (0xA1 + pixels.nextInt(0x5E));
        }
        // Bytes that decode to ideographs, but with no punctuation or whitespace: no CJK text.
        images.put("mid-grey bytes 0x40 to 0xBF", midGrey);
        images.put("random ideographs in UTF-16LE", hanInUtf16);
        images.put("random ideographs in GB2312", hanInGb2312);
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(9, true);
        deflater.setInput("Notes de mesure: café, 4 Ko\r\nDisque: sdb\r\n".repeat(20_000).getBytes(StandardCharsets.UTF_8));
        deflater.finish();
        byte[] deflated = new byte[1 << 20];
        images.put("raw deflate", java.util.Arrays.copyOf(deflated, deflater.deflate(deflated)));
        for (String pattern : List.of("random", "zero", "compress:50", "compress:90", "compress:100")) {
            ByteBuffer written = ByteBuffer.allocate(1 << 20);
            org.sbench.data.WritePatterns.of(pattern, 1 << 20, 4).fill(written, written.capacity(), 0);
            images.put("--data " + pattern, written.array());
        }
        for (Map.Entry<String, byte[]> e : images.entrySet()) {
            assertEquals(java.util.Optional.empty(), FileContent.recognise(Files.write(root.resolve("image.img"), e.getValue())), e.getKey());
        }
    }

    @Test
    void aFileTheCommandReadsIsNeverWritten() throws IOException {
        Path trace = Files.write(root.resolve("t.img"), new byte[8192]);
        Path link = Files.createLink(root.resolve("link.img"), trace);
        TargetSettings reading = allowing(true, true).withInputs(List.of(trace));
        assertEquals(trace + " is a file this command reads; writing destroys it: name another file as the target",
                assertThrows(SbenchException.class, () -> safety.checkWritableFile(trace, reading)).getMessage());
        assertEquals(link + " is the same file as " + trace + ", a file this command reads; writing destroys it: name another"
                + " file as the target", assertThrows(SbenchException.class, () -> safety.checkWritableFile(link, reading)).getMessage());
        safety.checkWritableFile(Files.write(root.resolve("other.img"), new byte[8192]), reading);
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    @Test
    void theListingNamesDevicesThatHoldSomething() throws IOException {
        assertEquals("block devices here: /dev/sdx (1.05 MB), /dev/sdx1 (1.05 MB), /dev/sdx2 (1.05 MB)", SysfsBlockDevice.listing(sys));
        loop(root.resolve("image.img").toString());
        Path unbound = sys.resolve("devices/virtual/block/loop8");
        device(unbound, "7:8");
        Files.writeString(unbound.resolve("size"), "0\n");
        link("loop8", unbound);
        assertEquals("block devices here: /dev/loop7 (1.05 MB), /dev/sdx (1.05 MB), /dev/sdx1 (1.05 MB), /dev/sdx2 (1.05 MB)",
                SysfsBlockDevice.listing(sys));
    }
}
