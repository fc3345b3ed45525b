package org.sbench.target;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's own count of the requests a block device completed, from {@code /sys/block/DEV/stat}
 * (Documentation/block/stat.rst, fields from 1: 1 reads, 3 sectors read, 5 writes, 7 sectors written,
 * 9 requests in flight, 12 discards, 14 sectors discarded, 16 flushes completed). Tests compare two readings to see what
 * reached the device, whatever sbench itself counted.
 *
 * <p>An fdatasync of a block device with a write-back cache is an empty write with the preflush flag:
 * the kernel counts it once as a write and once as a flush, so the data writes are
 * {@code writes - flushes}.
 */
public record BlockStat(long reads, long sectorsRead, long writes, long sectorsWritten, long discards, long sectorsDiscarded,
                        long flushes) {
    public static final int SECTOR_BYTES = 512;
    private static final int READS = 0;
    private static final int SECTORS_READ = 2;
    private static final int WRITES = 4;
    private static final int SECTORS_WRITTEN = 6;
    private static final int DISCARDS = 11;
    private static final int SECTORS_DISCARDED = 13;
    private static final int FLUSHES = 15;
    private static final int IN_FLIGHT = 8;

    public static BlockStat of(LoopDevice device) {
        return named(device.name());
    }

    /** The counters of block device {@code name} ({@code loop3}, {@code zram1}). */
    public static BlockStat named(String name) {
        String[] f = fields(name);
        return new BlockStat(Long.parseLong(f[READS]), Long.parseLong(f[SECTORS_READ]), Long.parseLong(f[WRITES]),
                Long.parseLong(f[SECTORS_WRITTEN]), Long.parseLong(f[DISCARDS]), Long.parseLong(f[SECTORS_DISCARDED]),
                Long.parseLong(f[FLUSHES]));
    }

    /** The requests the device has been given and not completed, now (field 9). */
    public static long inFlight(LoopDevice device) {
        return Long.parseLong(fields(device.name())[IN_FLIGHT]);
    }

    private static String[] fields(String name) {
        try {
            return Files.readString(Path.of("/sys/block", name, "stat")).trim().split("\\s+");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The requests completed between {@code before} and this reading. */
    public BlockStat since(BlockStat before) {
        return new BlockStat(reads - before.reads, sectorsRead - before.sectorsRead, writes - before.writes,
                sectorsWritten - before.sectorsWritten, discards - before.discards, sectorsDiscarded - before.sectorsDiscarded,
                flushes - before.flushes);
    }

    /** Writes that carried data: the counted writes less the empty preflush writes of the flushes. */
    public long dataWrites() {
        return writes - flushes;
    }
}
