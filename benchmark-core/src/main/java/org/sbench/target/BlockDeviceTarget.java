package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * A block device opened with O_DIRECT: geometry from the BLKGETSIZE64, BLKSSZGET and BLKPBSZGET
 * ioctls, discard by BLKDISCARD (a purge also BLKSECDISCARD and BLKZEROOUT), flush by fdatasync, identity from sysfs. Opened for writing it is
 * also opened O_EXCL, which the kernel refuses (EBUSY) while the device is mounted, swap or held by
 * another driver, and which keeps anyone from mounting it during the run. {@link Targets} locks
 * its disk ({@link TargetLock}) and runs {@link TargetSafety} before opening one for writing; the
 * target releases the lock on close, after the queue settings are restored.
 */
public final class BlockDeviceTarget implements Target {
    public static final String KIND = "block";

    // describe() keys; absent when the kernel does not say
    public static final String KEY_DEVICE = "device";
    public static final String KEY_PARTITION_OF = "partitionOf";
    public static final String KEY_MODEL = "model";
    public static final String KEY_VENDOR = "vendor";
    public static final String KEY_SERIAL = "serial";
    public static final String KEY_FIRMWARE = "firmware";
    public static final String KEY_WWID = "wwid";
    public static final String KEY_ROTATIONAL = "rotational";
    public static final String KEY_SCHEDULER = "scheduler";
    public static final String KEY_NR_REQUESTS = "nrRequests";
    public static final String KEY_MAX_SECTORS_KB = "maxSectorsKb";
    /** {@code true} in place of the request limits where the driver takes bios whole ({@link SysfsBlockDevice#takesBiosWhole}). */
    public static final String KEY_TAKES_IOS_WHOLE = "takesIosWhole";
    public static final String KEY_MAX_SEGMENTS = "maxSegments";
    public static final String KEY_MAX_SEGMENT_SIZE = "maxSegmentSize";
    /** {@code queue/chunk_sectors}, only where it is not 0: a request never crosses a multiple of it. */
    public static final String KEY_CHUNK_SECTORS = "chunkSectors";
    public static final String KEY_NOMERGES = "nomerges";
    public static final String KEY_NOMERGES_BEFORE = "nomergesBefore";
    public static final String KEY_WBT_LAT_USEC = "wbtLatUsec";
    public static final String KEY_WBT_LAT_USEC_BEFORE = "wbtLatUsecBefore";
    public static final String KEY_LOGICAL_BLOCK_SIZE = "logicalBlockSize";
    public static final String KEY_PHYSICAL_BLOCK_SIZE = "physicalBlockSize";
    public static final String KEY_WRITE_CACHE = "writeCache";

    private static final String QUEUE_DISCARD_MAX_BYTES = "queue/discard_max_bytes";
    private static final String QUEUE_MAX_SECTORS_KB = "queue/max_sectors_kb";
    private static final String QUEUE_MAX_SEGMENTS = "queue/max_segments";
    private static final String QUEUE_MAX_SEGMENT_SIZE = "queue/max_segment_size";
    /** In 512-byte units; 0 for a device without chunks. */
    private static final String QUEUE_CHUNK_SECTORS = "queue/chunk_sectors";
    private static final long KIB = 1024;
    private static final String QUEUE_DISCARD_GRANULARITY = "queue/discard_granularity";
    /** A partition's first sector on its disk, in 512-byte units whatever the sector size. */
    private static final String PARTITION_START = "start";
    private static final long SYSFS_SECTOR_BYTES = 512;
    private static final String QUEUE_WRITE_ZEROES_MAX_BYTES = "queue/write_zeroes_max_bytes";

    /** SCSI VPD page 0x80 (unit serial number): a 4-byte header, then the serial in ASCII. */
    private static final int VPD_PG80_HEADER_BYTES = 4;

    private final String path;
    private final SysfsBlockDevice device;
    private final int fd;
    private final long capacityBytes;
    private final int logicalBlockSize;
    private final int physicalBlockSize;
    private final TargetCalls.Discard discard;
    private final DiscardGeometry discardGeometry;
    private final SplitGeometry splitGeometry;
    private final QueueSettings queue;
    private final TargetLock lock;
    private boolean closed;

    private BlockDeviceTarget(String path, SysfsBlockDevice device, int fd, QueueSettings queue, TargetLock lock) {
        this.path = path;
        this.device = device;
        this.fd = fd;
        this.capacityBytes = TargetCalls.blockDeviceSizeBytes(fd, path);
        this.logicalBlockSize = TargetCalls.logicalBlockSize(fd, path);
        this.physicalBlockSize = TargetCalls.physicalBlockSize(fd, path);
        this.discard = new TargetCalls.Discard(fd);
        long start = startBytes(device);
        this.discardGeometry = start < 0 ? DiscardGeometry.NONE : discardGeometry(device.disk(), logicalBlockSize, start);
        this.splitGeometry = start < 0 ? SplitGeometry.NONE : splitGeometry(device.disk(), physicalBlockSize, start);
        this.queue = queue;
        this.lock = lock;
    }

    /**
     * Opens {@code path} (O_RDONLY when {@code settings} are read-only, else O_RDWR|O_EXCL; O_DIRECT either
     * way, and O_NOATIME where allowed: {@link TargetCalls#openForIo}) and applies the queue settings, none
     * for a run that issues no IO through the engine (a purge: {@link TargetSettings#tunesQueue}), writeback
     * throttling only for one that writes and may send discards ({@link TargetSettings#sendsDiscards}).
     * The lock and the safety checks are the caller's ({@link Targets}); the target owns
     * {@code lock} once open, and the caller still does if this throws. {@code note} is where the
     * queue settings changed are noted, read and written under {@code lock}.
     */
    static BlockDeviceTarget open(String path, SysfsBlockDevice device, TargetSettings settings, TargetLock lock,
            QueueSettingsNote note) {
        boolean readOnly = settings.readOnly();
        int flags = (readOnly ? LibC.O_RDONLY : LibC.O_RDWR | LibC.O_EXCL) | LibC.O_DIRECT | LibC.O_CLOEXEC;
        String flagNames = readOnly ? "O_RDONLY|O_DIRECT" : "O_RDWR|O_EXCL|O_DIRECT";
        int fd = TargetCalls.openForIo(path, flags, flagNames);
        QueueSettings queue = null;
        try {
            queue = QueueSettings.apply(device, settings.allowMerges() || !settings.tunesQueue(),
                    !readOnly && settings.tunesQueue() && settings.sendsDiscards(), note);
            return new BlockDeviceTarget(path, device, fd, queue, lock);
        } catch (RuntimeException e) {
            try {
                if (queue != null) {
                    queue.close();
                }
                TargetCalls.close(fd, path);
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public long capacityBytes() {
        return capacityBytes;
    }

    @Override
    public int logicalBlockSize() {
        return logicalBlockSize;
    }

    @Override
    public int physicalBlockSize() {
        return physicalBlockSize;
    }

    @Override
    public int fd() {
        return fd;
    }

    /** The queue settings in force for the run (nomerges used, scheduler). */
    public QueueSettings queueSettings() {
        return queue;
    }

    /**
     * Keys {@code KEY_*}; queue and device attributes come from the disk a partition belongs to.
     * {@code nomerges} and {@code wbtLatUsec} are the values used for the run, {@code nomergesBefore}
     * and {@code wbtLatUsecBefore} the device's own. {@code writeCache} is {@code write back} or
     * {@code write through}: on the latter the kernel turns a flush into nothing (zram). Where the driver
     * takes bios whole (zram, brd), {@code takesIosWhole} stands for the request limits ({@code maxSectorsKb},
     * {@code maxSegments}, {@code maxSegmentSize}, {@code chunkSectors}): sysfs has them, but nothing is
     * cut by them there, by the kernel or by sbench.
     */
    @Override
    public Map<String, String> describe() {
        SysfsBlockDevice disk = device.disk();
        Map<String, String> d = new LinkedHashMap<>();
        d.put(KEY_DEVICE, device.devPath());
        if (device.isPartition()) {
            d.put(KEY_PARTITION_OF, disk.devPath());
        }
        put(d, KEY_MODEL, disk.attribute("device/model"));
        put(d, KEY_VENDOR, disk.attribute("device/vendor"));
        put(d, KEY_SERIAL, serial(disk));
        put(d, KEY_FIRMWARE, disk.attribute("device/firmware_rev").or(() -> disk.attribute("device/rev")));
        put(d, KEY_WWID, disk.attribute("wwid").or(() -> disk.attribute("device/wwid")));
        put(d, KEY_ROTATIONAL, disk.attribute("queue/rotational"));
        put(d, KEY_SCHEDULER, Optional.of(queue.scheduler()).filter(s -> !s.isEmpty()));
        put(d, KEY_NR_REQUESTS, disk.attribute("queue/nr_requests"));
        if (disk.takesBiosWhole()) {
            d.put(KEY_TAKES_IOS_WHOLE, "true");
        } else {
            put(d, KEY_MAX_SECTORS_KB, disk.attribute(QUEUE_MAX_SECTORS_KB));
            put(d, KEY_MAX_SEGMENTS, disk.attribute(QUEUE_MAX_SEGMENTS));
            put(d, KEY_MAX_SEGMENT_SIZE, disk.attribute(QUEUE_MAX_SEGMENT_SIZE));
            put(d, KEY_CHUNK_SECTORS, disk.attribute(QUEUE_CHUNK_SECTORS).filter(c -> !c.equals("0")));
        }
        d.put(KEY_NOMERGES, queue.nomergesUsed());
        d.put(KEY_NOMERGES_BEFORE, queue.nomergesBefore());
        put(d, KEY_WBT_LAT_USEC, Optional.ofNullable(queue.wbtUsed()));
        put(d, KEY_WBT_LAT_USEC_BEFORE, Optional.ofNullable(queue.wbtBefore()));
        put(d, KEY_LOGICAL_BLOCK_SIZE, disk.attribute("queue/logical_block_size"));
        put(d, KEY_PHYSICAL_BLOCK_SIZE, disk.attribute("queue/physical_block_size"));
        put(d, KEY_WRITE_CACHE, disk.attribute("queue/write_cache"));
        return d;
    }

    /** NVMe and virtio controllers expose {@code serial}; SCSI and SATA disks VPD page 0x80. */
    private static Optional<String> serial(SysfsBlockDevice disk) {
        Optional<String> serial = disk.attribute("device/serial");
        if (serial.isPresent()) {
            return serial;
        }
        try {
            byte[] page = Files.readAllBytes(disk.attributePath("device/vpd_pg80"));
            if (page.length > VPD_PG80_HEADER_BYTES) {
                String text = new String(page, VPD_PG80_HEADER_BYTES, page.length - VPD_PG80_HEADER_BYTES,
                        StandardCharsets.US_ASCII).trim();
                return text.isEmpty() ? Optional.empty() : Optional.of(text);
            }
        } catch (IOException e) {
            // no VPD page: the device does not say
        }
        return Optional.empty();
    }

    private static void put(Map<String, String> d, String key, Optional<String> value) {
        value.ifPresent(v -> d.put(key, v));
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return discard.discard(offsetBytes, lengthBytes);
    }

    @Override
    public DiscardGeometry discardGeometry() {
        return discardGeometry;
    }

    /** From the disk's queue limits, for a target {@code start} bytes into it; NONE where sysfs does not say. */
    private static DiscardGeometry discardGeometry(SysfsBlockDevice disk, int logicalBlockSize, long start) {
        long max = number(disk, QUEUE_DISCARD_MAX_BYTES);
        return max <= 0 ? DiscardGeometry.NONE : new DiscardGeometry(Math.max(number(disk, QUEUE_DISCARD_GRANULARITY), logicalBlockSize),
                max, start);
    }

    @Override
    public SplitGeometry splitGeometry() {
        return splitGeometry;
    }

    /**
     * From the disk's queue limits, for a target {@code start} bytes into it; NONE where sysfs does not
     * say how long a request may be, or where the driver takes bios whole ({@link SysfsBlockDevice#takesBiosWhole}).
     */
    private static SplitGeometry splitGeometry(SysfsBlockDevice disk, int physicalBlockSize, long start) {
        long maxKb = number(disk, QUEUE_MAX_SECTORS_KB);
        return maxKb <= 0 || disk.takesBiosWhole() ? SplitGeometry.NONE : new SplitGeometry(maxKb * KIB, number(disk, QUEUE_MAX_SEGMENTS),
                number(disk, QUEUE_MAX_SEGMENT_SIZE), number(disk, QUEUE_CHUNK_SECTORS) * SYSFS_SECTOR_BYTES,
                Math.max(1, physicalBlockSize), start);
    }

    /** A numeric sysfs attribute of {@code disk}; 0 where sysfs does not have it. */
    private static long number(SysfsBlockDevice disk, String attribute) {
        return disk.attribute(attribute).map(Long::parseLong).orElse(0L);
    }

    /** Where {@code device} starts on its disk: 0 for a disk, a partition's start, -1 when sysfs does not say. */
    private static long startBytes(SysfsBlockDevice device) {
        return device.isPartition() ? device.attribute(PARTITION_START).map(s -> Long.parseLong(s) * SYSFS_SECTOR_BYTES).orElse(-1L) : 0;
    }

    @Override
    public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        switch (method) {
            case TRIM: return discard(offsetBytes, lengthBytes);
            case SECURE_TRIM: return TargetCalls.rangeIoctl(fd, LibC.BLKSECDISCARD, offsetBytes, lengthBytes);
            default: return TargetCalls.rangeIoctl(fd, LibC.BLKZEROOUT, offsetBytes, lengthBytes);
        }
    }

    /**
     * Discards are refused where the disk's {@code queue/discard_max_bytes} is 0; sysfs does not say
     * whether a secure discard is supported (the ioctl does). BLKZEROOUT works on every device: without
     * a WRITE ZEROES command ({@code queue/write_zeroes_max_bytes} 0) the kernel writes zero pages itself;
     * with one the device zeroes the range as it likes, and may unmap it (zram discards it: no write in its stat).
     */
    @Override
    public Erasure erasure(EraseMethod method) {
        SysfsBlockDevice disk = device.disk();
        switch (method) {
            case TRIM:
            case SECURE_TRIM:
                String call = method == EraseMethod.TRIM ? "ioctl BLKDISCARD" : "ioctl BLKSECDISCARD";
                boolean noDiscard = disk.attribute(QUEUE_DISCARD_MAX_BYTES).map("0"::equals).orElse(false);
                return new Erasure(method.word(), call, noDiscard ? path + " does not support discard ("
                        + QUEUE_DISCARD_MAX_BYTES + " is 0)" : null, null);
            default:
                boolean noWriteZeroes = disk.attribute(QUEUE_WRITE_ZEROES_MAX_BYTES).map("0"::equals).orElse(false);
                return new Erasure(method.word(), "ioctl BLKZEROOUT", null, noWriteZeroes ? path + " has no WRITE ZEROES command ("
                        + QUEUE_WRITE_ZEROES_MAX_BYTES + " is 0): the kernel writes the zeros, at the device's write speed"
                        : path + " zeroes the range itself (WRITE ZEROES): the bytes counted as written are those it was asked to zero,"
                        + " and it may unmap them rather than write them");
        }
    }

    @Override
    public int flush() {
        return TargetCalls.fdatasync(fd);
    }

    /** Closes the descriptor, then restores the queue settings, then releases the lock (each also if the one before failed). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            TargetCalls.close(fd, path);
        } finally {
            try {
                queue.close();
            } finally {
                lock.close();
            }
        }
    }
}
