package org.sbench.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.sbench.target.BlockStat;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TestRecords;

/**
 * Test fixture: a trace of reads, writes, flushes and trims far longer than a test lets it run, whose
 * IOs are due a microsecond apart at a recorded depth: a replay stopped mid-run has its queue full in
 * every mode. Reads and writes lie inside 64 KiB chunk {@code i mod 1000}; a trim starts 4 KiB into
 * it and covers 192 KiB. On a stripe of two members with 64 KiB chunks (64 MiB in all, as on one
 * device of 64 MiB) chunk c is on member c mod 2, and a trim is one ranged discard on each member.
 */
public final class StoppableTrace {
    public static final int IOS = 200_000;
    public static final long CHUNK_BYTES = 64 << 10;
    public static final long DEVICE_BYTES = 64L << 20;
    private static final int CHUNKS = 1000;
    private static final long SPACING_NS = 1000;
    private static final long TRIM_SKIP_BYTES = 4 << 10;
    private static final long TRIM_BYTES = 192 << 10;
    private static final Op[] CYCLE = {Op.WRITE, Op.READ, Op.WRITE, Op.WRITE, Op.READ, Op.TRIM, Op.READ, Op.WRITE, Op.READ, Op.WRITE,
        Op.READ, Op.WRITE, Op.READ, Op.READ, Op.WRITE, Op.READ, Op.WRITE, Op.READ, Op.WRITE, Op.READ, Op.WRITE, Op.WRITE, Op.READ,
        Op.WRITE, Op.READ, Op.WRITE, Op.READ, Op.TRIM, Op.READ, Op.WRITE, Op.READ, Op.WRITE};
    /**
     * One IO in this many is a flush: the engines run one alone (a loop device's takes milliseconds, the
     * writes to its file written back), and the queue is full only between them.
     */
    private static final int FLUSH_EVERY = 256;

    private StoppableTrace() {
    }

    /** The trace at recorded depth {@code depth}: each IO completes {@code depth} spacings after its issue, less a little. */
    public static Path write(Path dir, int depth) {
        List<IoRecord> records = new ArrayList<>(IOS);
        for (int i = 0; i < IOS; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = i * SPACING_NS;
            r.completeNs = r.issueNs + depth * SPACING_NS - 1;
            r.op = op(i);
            r.offsetBytes = r.op == Op.FLUSH ? 0 : chunk(i) * CHUNK_BYTES + (r.op == Op.TRIM ? TRIM_SKIP_BYTES : 0);
            r.lengthBytes = r.op == Op.FLUSH ? 0 : r.op == Op.TRIM ? TRIM_BYTES : 4096 << (i % 4);
            records.add(r);
        }
        return TestRecords.writeSbt(dir.resolve("stoppable-qd" + depth + ".sbt"), TraceInfo.of("stoppable", EnumSet.of(Field.COMPLETE)),
                records);
    }

    private static Op op(int i) {
        return i % FLUSH_EVERY == FLUSH_EVERY - 1 ? Op.FLUSH : CYCLE[i % CYCLE.length];
    }

    private static long chunk(int i) {
        return i % CHUNKS;
    }

    /**
     * What the first {@code ios} IOs of the trace bring to member {@code member} of {@code members} (1: a
     * device of its own), as the kernel counts it: {reads, sectors read, data writes, sectors written,
     * discards, sectors discarded, flushes}.
     */
    public static long[] kernelCounts(long ios, int member, int members) {
        long[] e = new long[7];
        for (int i = 0; i < ios; i++) {
            boolean mine = chunk(i) % members == member;
            // On a stripe, chunks c and c+2 are on c's member: 60 KiB + 64 KiB of a trim; c+1 and c+3 on the other: 64 KiB + 4 KiB.
            long trimBytes = members == 1 ? TRIM_BYTES : mine ? 2 * CHUNK_BYTES - TRIM_SKIP_BYTES : CHUNK_BYTES + TRIM_SKIP_BYTES;
            tally(e, op(i), mine, 4096 << (i % 4), trimBytes);
        }
        return e;
    }

    /**
     * Adds one IO to {@code counts} ({@link #kernelCounts} order): a read or write of {@code bytes} when it
     * is on this device ({@code mine}), a trim of {@code trimBytes} on it, a flush.
     */
    static void tally(long[] counts, Op op, boolean mine, long bytes, long trimBytes) {
        long sectors = mine ? bytes / BlockStat.SECTOR_BYTES : 0;
        int n = mine ? 1 : 0;
        switch (op) {
            case READ:
                counts[0] += n;
                counts[1] += sectors;
                break;
            case WRITE:
                counts[2] += n;
                counts[3] += sectors;
                break;
            case TRIM:
                counts[4]++;
                counts[5] += trimBytes / BlockStat.SECTOR_BYTES;
                break;
            default:
                counts[6]++;
        }
    }

    /** The seven counts of {@link #kernelCounts} in a reading of the kernel's counters. */
    public static long[] kernelCounts(BlockStat s) {
        return new long[] {s.reads(), s.sectorsRead(), s.dataWrites(), s.sectorsWritten(), s.discards(), s.sectorsDiscarded(), s.flushes()};
    }
}
