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
import org.sbench.trace.input.TraceInput;

/**
 * Delivers a reader's records sorted by issue time (stable: equal times keep file order) in
 * memory bounded by {@code memoryRecords}, independently of trace length.
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
 * records do, not {@code memoryRecords} entries (6 MB at the default). {@link #close()} deletes
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

    private final TraceReader source;
    private final int memoryRecords;
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

    // Replacement selection over pooled records: entry order is (run, issueNs, seq).
    private IoRecord[] pool;
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
        if (memoryRecords < 2) {
            throw new IllegalArgumentException("memoryRecords < 2");
        }
        this.source = source;
        this.memoryRecords = memoryRecords;
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
        if (heap.size() == 0 && queueSize == 0) {
            return false;
        }
        int i = popMin();
        into.copyFrom(pool[i]);
        if (streaming) {
            refill(i, into.issueNs);
        }
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
        int count = 0;
        while (count < memoryRecords) {
            if (count == pool.length) {
                grow();
            }
            IoRecord r = new IoRecord();
            if (!readSource(r)) {
                break;
            }
            pool[count] = r;
            seqOf[count] = seq++;
            hold(count);
            count++;
        }
        if (count == memoryRecords) {
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

    /**
     * Doubles the entries, up to {@code memoryRecords}. Only while memory fills, before any entry
     * has gone out: the queue's ring has not wrapped, so a copy keeps it.
     */
    private void grow() {
        int entries = (int) Math.min(memoryRecords, 2L * pool.length);
        pool = Arrays.copyOf(pool, entries);
        heap.grow(entries);
        runOf = Arrays.copyOf(runOf, entries);
        seqOf = Arrays.copyOf(seqOf, entries);
        queue = Arrays.copyOf(queue, entries);
    }

    /**
     * Reads the next record of the source into entry {@code i}, whose record went out at
     * {@code lastOutNs}, and holds it: in the current run unless it is earlier than that, then in
     * the next (or, streaming, {@link SortWindowExceeded}).
     */
    private void refill(int i, long lastOutNs) {
        IoRecord r = pool[i];
        if (!readSource(r)) {
            return;
        }
        if (r.issueNs >= lastOutNs) {
            runOf[i] = currentRun;
        } else if (streaming) {
            throw new SortWindowExceeded(seq, memoryRecords);
        } else {
            runOf[i] = currentRun + 1;
        }
        seqOf[i] = seq++;
        hold(i);
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
            while (heap.size() > 0 || queueSize > 0) {
                int i = popMin();
                if (runOf[i] != currentRun) {
                    writer.finish();
                    writer.close();
                    currentRun = runOf[i];
                    writer = newRun(dir);
                }
                writer.write(pool[i]);
                refill(i, pool[i].issueNs);
            }
            writer.finish();
        } finally {
            writer.close();
        }
        pool = null;
        heap = null;
        queue = null;
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
                 TraceWriter w = runFormat.openWriter(out, info())) {
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
                readers.add(runFormat.openReader(TraceInput.of(p), RUN_BUFFER_BYTES));
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
        return runFormat.openWriter(p, info());
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
