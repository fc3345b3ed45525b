package org.sbench.trace.sort;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.sbt.SbtFormat;

/**
 * Delivers a reader's records sorted by issue time (stable: equal times keep file order) in
 * memory bounded by {@code memoryRecords} and {@code memoryBytes}, independently of trace length.
 *
 * <p>A trace that fits in memory is sorted there. A longer one is cut into sorted runs by
 * replacement selection (a nearly ordered trace, the usual case, gives a single run) written to
 * temporary .sbt files in a directory of their own, which are then merged, {@value #MAX_FAN_IN} at
 * a time. The records held are in two places: those that came in order (not before the last one
 * queued, in the run being written) wait in a queue, the others in a heap; the next record out is
 * the lesser of the queue's head and the heap's top. A nearly ordered trace thus costs a few
 * comparisons per record rather than a walk down a heap of {@code memoryRecords} (18 levels at
 * the default, each a cache miss). The arrays of held records start at {@value #INITIAL_ENTRIES}
 * entries and double, up to {@code memoryRecords}, as memory fills: a short trace costs what its
 * records do, not {@code memoryRecords} entries (8 MB at the default).
 *
 * <p>Memory is full when {@code memoryRecords} records are held or when they and their process
 * names take {@code memoryBytes}: {@value #RECORD_BYTES} bytes a record (its {@link IoRecord} and
 * its entries in the arrays) and the names' Strings, one shared by many records counted once
 * ({@link WindowNames}). Records of a trace's few processes fill the records first; records that
 * each name a process of their own fill the bytes with fewer. Each record handed on frees its
 * entry and memory is filled again from the source, so the number held follows the names' size.
 * {@link #close()} deletes
 * the directory with whatever is in it, also after a failure or an interruption half way through
 * a run or a merge.
 *
 * <p>A caller that can read the source again (a file) may say so ({@code rereadable}): then nothing
 * spills. Once memory is full, each record handed on makes room for the next one read, as in a
 * single run of replacement selection; a record earlier than one already handed on (a second run)
 * throws {@link SortWindowExceeded}, and the caller reads the source again with a sorter that
 * spills. A trace that comes out as one run, the usual case, is thus never written to disk and read
 * back, and its first records come out before its last are read.
 *
 * <p>{@link #reorderedRecords()} counts records whose issue time is below that of a record before
 * them in the file, i.e. the records the sort had to move.
 */
public final class ExternalSorter implements TraceReader {
    static final int MAX_FAN_IN = 64;
    /** Entries before the first growth. */
    private static final int INITIAL_ENTRIES = 64;
    private static final int RUN_BUFFER_BYTES = 64 * 1024;
    /**
     * What a held record costs beyond its name: an {@link IoRecord} (64 bytes with compressed
     * references) and its entries in the arrays (pool, run, sequence, queue, heap, name slot, free).
     */
    static final int RECORD_BYTES = 64 + 4 + 4 + 8 + 4 + 4 + 4 + 4;
    /**
     * The bytes held records and their names may take: the default {@code memoryRecords} of a
     * trace's few names with room to spare (24 MiB of records), some 50,000 records of 256-byte names.
     */
    public static final long DEFAULT_MEMORY_BYTES = 32L << 20;

    private final TraceReader source;
    private final int memoryRecords;
    private final long memoryBytes;
    private final SpillSpace space;
    /** True when the caller reads the source again after {@link SortWindowExceeded}. */
    private final boolean rereadable;
    private final SbtFormat runFormat = new SbtFormat();
    private final List<Path> runFiles = new ArrayList<>();
    /** Where the runs go, made when the first is spilled; null until then. */
    private Path runDir;
    private long reordered;
    private long maxIssueSeen = Long.MIN_VALUE;
    private boolean started;
    /** True once memory filled with {@link #rereadable}: records stream out of the held window. */
    private boolean streaming;

    private boolean exhausted;

    // Replacement selection over pooled records: entry order is (run, issueNs, seq).
    private IoRecord[] pool;
    /** Entries {@code [0, used)} have a record; those of them in {@link #free} hold none. */
    private int used;
    private int[] free;
    private int freeCount;
    /** Each entry's slot in {@link #names}. */
    private int[] nameSlot;
    private final WindowNames names = new WindowNames();
    private EntryHeap heap;
    private int[] runOf;
    private long[] seqOf;
    private long seq;
    /** The run being written (run 0 until the first record is out). */
    private int currentRun;
    // A ring of entries of the current run in entry order, each queued not before the one queued last.
    private int[] queue;
    private int queueHead;
    private int queueSize;

    private MergeReader merge;

    /**
     * @param source        records in file order; closed with this sorter
     * @param memoryRecords how many records may be held in memory at once (at least 2)
     * @param space         where spilled runs go (a fresh directory is made inside it), and what a full one says
     */
    public ExternalSorter(TraceReader source, int memoryRecords, SpillSpace space) {
        this(source, memoryRecords, space, false);
    }

    /**
     * @param source        records in file order; closed with this sorter
     * @param memoryRecords how many records may be held in memory at once (at least 2)
     * @param space         where spilled runs go (a fresh directory is made inside it), and what a full one says
     * @param rereadable    true when the caller reads the source again after {@link SortWindowExceeded}:
     *                      records stream out instead of spilling
     */
    public ExternalSorter(TraceReader source, int memoryRecords, SpillSpace space, boolean rereadable) {
        this(source, memoryRecords, DEFAULT_MEMORY_BYTES, space, rereadable);
    }

    /**
     * @param memoryBytes what the records held and their names may take ({@value #RECORD_BYTES}
     *                    bytes a record and {@link WindowNames#cost} a name); one record is held whatever its size
     */
    ExternalSorter(TraceReader source, int memoryRecords, long memoryBytes, SpillSpace space, boolean rereadable) {
        if (memoryRecords < 2) {
            throw new IllegalArgumentException("memoryRecords < 2");
        }
        this.source = source;
        this.memoryRecords = memoryRecords;
        this.memoryBytes = memoryBytes;
        this.space = space;
        this.rereadable = rereadable;
    }

    @Override
    public TraceInfo info() {
        return source.info();
    }

    @Override
    public boolean next(IoRecord into) {
        if (!started) {
            start();
        }
        if (merge != null) {
            return merge.next(into);
        }
        if (held() == 0) {
            return false;
        }
        int i = popMin();
        into.copyFrom(pool[i]);
        release(i);
        fill(into.issueNs); // nothing once the source has ended
        return true;
    }

    private void start() {
        started = true;
        int entries = Math.min(INITIAL_ENTRIES, memoryRecords);
        pool = new IoRecord[entries];
        heap = new EntryHeap(entries, this::less);
        runOf = new int[entries];
        seqOf = new long[entries];
        queue = new int[entries];
        free = new int[entries];
        nameSlot = new int[entries];
        fill(Long.MIN_VALUE);
        if (!exhausted) {
            streaming = rereadable;
            if (!streaming) {
                try {
                    spillAndMerge();
                } catch (SbenchException e) {
                    throw space.explain(e);
                }
            }
        }
    }

    /** Records held: entries with a record, less those freed. */
    private int held() {
        return used - freeCount;
    }

    /**
     * Reads records of the source into free entries until memory is full or the source ends, and
     * holds them: in the current run unless earlier than {@code lastOutNs}, the last record out,
     * then in the next (or, streaming, {@link SortWindowExceeded}).
     */
    private void fill(long lastOutNs) {
        while (!exhausted && held() < memoryRecords && (long) held() * RECORD_BYTES + names.bytes() < memoryBytes) {
            int i = freeEntry();
            IoRecord r = pool[i];
            if (!readSource(r)) {
                exhausted = true;
                free[freeCount++] = i;
                return;
            }
            if (r.issueNs >= lastOutNs) {
                runOf[i] = currentRun;
            } else if (streaming) {
                throw new SortWindowExceeded(seq, held());
            } else {
                runOf[i] = currentRun + 1;
            }
            seqOf[i] = seq++;
            nameSlot[i] = names.hold(r.process);
            hold(i);
        }
    }

    /** An entry without a record held: one freed, else a new one (the arrays doubled if full). */
    private int freeEntry() {
        if (freeCount > 0) {
            return free[--freeCount];
        }
        if (used == pool.length) {
            grow();
        }
        pool[used] = new IoRecord();
        return used++;
    }

    /** Entry {@code i}'s record has gone out: its entry is free and its name no longer counted for it. */
    private void release(int i) {
        names.release(nameSlot[i], pool[i].process);
        free[freeCount++] = i;
    }

    /**
     * Doubles the entries, up to {@code memoryRecords}: when every entry holds a record, so the
     * free list is empty. The queue's ring is laid out again from its head.
     */
    private void grow() {
        int entries = (int) Math.min(memoryRecords, 2L * pool.length);
        pool = Arrays.copyOf(pool, entries);
        heap.grow(entries);
        runOf = Arrays.copyOf(runOf, entries);
        seqOf = Arrays.copyOf(seqOf, entries);
        free = Arrays.copyOf(free, entries);
        nameSlot = Arrays.copyOf(nameSlot, entries);
        int[] laidOut = new int[entries];
        for (int k = 0; k < queueSize; k++) {
            laidOut[k] = queue[ring(k)];
        }
        queue = laidOut;
        queueHead = 0;
    }

    private boolean readSource(IoRecord r) {
        if (!source.next(r)) {
            return false;
        }
        if (r.issueNs < maxIssueSeen) {
            reordered++;
        } else {
            maxIssueSeen = r.issueNs;
        }
        return true;
    }

    private void spillAndMerge() {
        runDir = createTempDir();
        Path dir = runDir;
        TraceWriter writer = newRun(dir);
        try {
            while (held() > 0) {
                int i = popMin();
                if (runOf[i] != currentRun) {
                    writer.finish();
                    writer.close();
                    currentRun = runOf[i];
                    writer = newRun(dir);
                }
                writer.write(pool[i]);
                long out = pool[i].issueNs;
                release(i);
                fill(out);
            }
            writer.finish();
        } finally {
            writer.close();
        }
        pool = null;
        heap = null;
        queue = null;
        free = null;
        nameSlot = null;
        List<Path> runs = runFiles;
        while (runs.size() > MAX_FAN_IN) {
            runs = mergePass(runs, dir);
        }
        merge = new MergeReader(openRuns(runs));
    }

    private List<Path> mergePass(List<Path> runs, Path dir) {
        List<Path> merged = new ArrayList<>();
        for (int from = 0; from < runs.size(); from += MAX_FAN_IN) {
            List<Path> group = runs.subList(from, Math.min(runs.size(), from + MAX_FAN_IN));
            Path out = dir.resolve("merge-" + merged.size() + "-" + System.nanoTime() + ".sbt");
            try (MergeReader m = new MergeReader(openRuns(group));
                 TraceWriter w = runFormat.openRunWriter(out, info(), space.in(dir))) {
                IoRecord r = new IoRecord();
                while (m.next(r)) {
                    w.write(r);
                }
                w.finish();
            }
            for (Path p : group) {
                delete(p);
            }
            merged.add(out);
        }
        runFiles.clear();
        runFiles.addAll(merged);
        return merged;
    }

    /** Readers of {@code runs}; those opened are closed again when one fails (out of descriptors), so the run directory can go. */
    private List<TraceReader> openRuns(List<Path> runs) {
        List<TraceReader> readers = new ArrayList<>(runs.size());
        try {
            for (Path p : runs) {
                readers.add(runFormat.openRunReader(p, RUN_BUFFER_BYTES, space.in(runDir)));
            }
        } catch (RuntimeException e) {
            for (TraceReader r : readers) {
                try {
                    r.close();
                } catch (RuntimeException closing) {
                    e.addSuppressed(closing);
                }
            }
            throw e;
        }
        return readers;
    }

    private TraceWriter newRun(Path dir) {
        Path p = dir.resolve("run-" + runFiles.size() + ".sbt");
        runFiles.add(p);
        return runFormat.openRunWriter(p, info(), space.in(dir));
    }

    private Path createTempDir() {
        try {
            return Files.createTempDirectory(space.dir(), "sbench-sort-");
        } catch (IOException e) {
            throw SbenchException.ioFailure("create a temporary directory in", space.dir(), e);
        }
    }

    private boolean less(int a, int b) {
        if (runOf[a] != runOf[b]) {
            return runOf[a] < runOf[b];
        }
        long ia = pool[a].issueNs;
        long ib = pool[b].issueNs;
        return ia != ib ? ia < ib : seqOf[a] < seqOf[b];
    }

    /**
     * Queues {@code entry} if it is of the current run and not before the last entry queued, else
     * puts it on the heap. The queue is empty whenever the current run changes: its entries are of
     * the current run, so they come out before any of the next.
     */
    private void hold(int entry) {
        if (runOf[entry] == currentRun && (queueSize == 0 || !less(entry, queue[ring(queueSize - 1)]))) {
            queue[ring(queueSize)] = entry;
            queueSize++;
        } else {
            heap.push(entry);
        }
    }

    /** The index in the queue's ring of its {@code k}-th entry. */
    private int ring(int k) {
        int i = queueHead + k;
        return i < queue.length ? i : i - queue.length;
    }

    /** Takes the least entry held: the queue's head or the heap's top. */
    private int popMin() {
        if (queueSize > 0 && (heap.size() == 0 || less(queue[queueHead], heap.top()))) {
            int min = queue[queueHead];
            queueHead = ring(1);
            queueSize--;
            return min;
        }
        return heap.pop();
    }

    @Override
    public long skippedRecords() {
        return source.skippedRecords();
    }

    @Override
    public long incompleteLastLine() {
        return source.incompleteLastLine();
    }

    @Override
    public long reorderedRecords() {
        return reordered;
    }

    @Override
    public RequestAccounts requestAccounts() {
        return source.requestAccounts();
    }

    @Override
    public boolean inIssueOrder() {
        return true;
    }

    @Override
    public void close() {
        try {
            if (merge != null) {
                merge.close();
            }
        } finally {
            source.close();
            if (runDir != null) {
                deleteRunDir();
            }
        }
    }

    /** The runs, merges and any partial file of the run directory, then the directory. */
    private void deleteRunDir() {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(runDir)) {
            for (Path p : files) {
                delete(p);
            }
        } catch (IOException ignored) {
            // Gone already, or unreadable: the directory's own delete below says nothing either.
        }
        delete(runDir);
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // A leftover temporary file costs disk space, not correctness.
        }
    }
}
