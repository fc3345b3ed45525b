package org.sbench.trace.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.stream.Stream;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.ExternalSorter;
import org.sbench.trace.sort.SpillSpace;

/**
 * Where {@link BlockFootprint} puts its blocks when its containers reach their budget: intervals
 * of blocks, per stream, in a temporary .sbt file, and the exact number of blocks in their union
 * ({@link #union}): the intervals sorted by first block ({@link ExternalSorter}, in bounded
 * memory) and swept once. An interval travels as a record whose issue and completion times are
 * its first block and the block after its last (a flush: it has no byte range, and its length is
 * not limited as an IO's is), its stream the stream's slot. The files live in a directory of
 * their own in {@code tempDir}, made on the first interval and deleted with everything in it by
 * {@link #close()}, or by a shutdown hook if the JVM ends first (Ctrl-C, kill).
 */
final class FootprintSpill implements AutoCloseable {
    private static final TraceInfo INTERVALS = TraceInfo.of("footprint", EnumSet.of(Field.COMPLETE, Field.STREAM));
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    private final SpillSpace space;
    private final int sortMemoryRecords;
    private final SbtFormat format = new SbtFormat();
    private final IoRecord interval = new IoRecord();
    private Path dir;
    /** Deletes {@link #dir} if the JVM ends before {@link #close()}; null until the directory is made. */
    private Thread deleteAtExit;
    private Path file;
    private TraceWriter writer;
    private int files;

    /**
     * @param tempDir           where the directory of intervals is made
     * @param sortMemoryRecords how many intervals the sort holds in memory (at least 2)
     */
    FootprintSpill(Path tempDir, int sortMemoryRecords) {
        this.space = SpillSpace.footprint(tempDir);
        this.sortMemoryRecords = sortMemoryRecords;
        interval.op = Op.FLUSH;
    }

    /** True once an interval has been written. */
    boolean used() {
        return dir != null;
    }

    /** Adds blocks {@code [first, end)} of the stream in {@code slot}. */
    void write(int slot, long first, long end) {
        try {
            if (writer == null) {
                start();
            }
            interval.issueNs = first;
            interval.completeNs = end;
            interval.stream = slot;
            writer.write(interval);
        } catch (SbenchException e) {
            throw space.explain(e);
        }
    }

    private void start() {
        try {
            dir = Files.createTempDirectory(space.dir(), "sbench-footprint-");
        } catch (IOException e) {
            throw SbenchException.ioFailure("create a temporary directory in", space.dir(), e);
        }
        Path made = dir;
        deleteAtExit = new Thread(() -> deleteTree(made), "sbench-footprint-cleanup");
        Runtime.getRuntime().addShutdownHook(deleteAtExit);
        writer = newFile();
    }

    private TraceWriter newFile() {
        file = dir.resolve("intervals-" + files++ + ".sbt");
        return format.openWriter(file, INTERVALS);
    }

    /**
     * The blocks in the union of the intervals written, summed over streams; {@code slots} is one
     * more than the highest slot written. The union, as disjoint intervals, then replaces what
     * was written, so that more intervals may follow and be counted again.
     */
    long union(int slots) {
        try {
            return unionOfWritten(slots);
        } catch (SbenchException e) {
            throw space.explain(e);
        }
    }

    private long unionOfWritten(int slots) {
        writer.finish();
        writer.close();
        Path written = file;
        writer = newFile();
        // The run of each stream that the next interval may still extend: [runStart, runEnd).
        long[] runStart = new long[slots];
        long[] runEnd = new long[slots];
        long blocks = 0;
        try (ExternalSorter sorted = new ExternalSorter(format.openReader(TraceInput.of(written), READ_BUFFER_BYTES),
                sortMemoryRecords, space.in(dir))) {
            IoRecord r = new IoRecord();
            while (sorted.next(r)) {
                int s = r.stream;
                if (r.issueNs > runEnd[s]) {
                    blocks += endRun(s, runStart[s], runEnd[s]);
                    runStart[s] = r.issueNs;
                    runEnd[s] = r.completeNs;
                } else if (r.completeNs > runEnd[s]) {
                    runEnd[s] = r.completeNs;
                }
            }
        }
        for (int s = 0; s < slots; s++) {
            blocks += endRun(s, runStart[s], runEnd[s]);
        }
        delete(written);
        return blocks;
    }

    /** Writes a finished run of a stream (none when empty) to the new file; returns its blocks. */
    private long endRun(int slot, long start, long end) {
        if (end > start) {
            write(slot, start, end);
        }
        return end - start;
    }

    @Override
    public void close() {
        if (dir == null) {
            return;
        }
        try {
            if (writer != null) {
                writer.close();
            }
        } finally {
            deleteTree(dir);
            dir = null;
            writer = null;
            try {
                Runtime.getRuntime().removeShutdownHook(deleteAtExit);
            } catch (IllegalStateException exiting) {
                // The JVM is ending: the hook deletes the directory, or has.
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> tree = Files.walk(root)) {
            tree.sorted(Comparator.reverseOrder()).forEach(FootprintSpill::delete);
        } catch (IOException | RuntimeException ignored) {
            // Gone already, or unreadable: a leftover temporary file costs disk space, not correctness.
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // A leftover temporary file costs disk space, not correctness.
        }
    }
}
