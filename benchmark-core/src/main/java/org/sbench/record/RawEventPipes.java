// The binary event stream of a tracefs instance: every CPU's trace_pipe_raw, read in rounds and merged by time.
package org.sbench.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.sbench.SbenchException;
import org.sbench.engine.linux.DataWait;
import org.sbench.engine.linux.RecordCalls;
import org.sbench.trace.format.tracefs.TracefsEvent;
import org.sbench.trace.format.tracefs.TracefsEventReader;
import org.sbench.trace.format.tracefs.TracefsLiveReader;
import org.sbench.trace.format.tracefs.TracefsReader;
import org.sbench.trace.format.tracefs.raw.FormatFile;
import org.sbench.trace.format.tracefs.raw.RawEventDecoder;
import org.sbench.trace.format.tracefs.raw.RawEventStream;
import org.sbench.trace.format.tracefs.raw.RingBufferPage;

/**
 * The instance's events as the ring buffer holds them: each CPU's {@code per_cpu/cpuN/trace_pipe_raw},
 * opened non-blocking, read a page a call in rounds ({@link #ROUND_NS} apart, at once while a CPU
 * had more than {@link #MAX_PAGES} pages waiting), decoded by their format files and merged by time
 * ({@link RawEventStream}). The kernel prints no text, and times keep their ns. When a round found
 * every CPU empty and no event is held back, the reader sleeps in poll(2) until a CPU has data (the
 * instance wakes a poller on any: {@link TracefsInstance#wakeOnAnyData}) or {@link #stop}: an idle
 * recording costs no rounds, and the end marker of a finish is data too.
 *
 * <p>An event is handed on only once it is older than the start of the latest round less
 * {@link #MARGIN_NS}: one being written on a CPU when that CPU was read (its time taken, its bytes
 * not yet committed) may be older than events already read from another CPU, and is read in the
 * next round. This needs the trace clock to be {@code mono}, the clock of {@link System#nanoTime}.
 * Pages are held from their read until their last event is handed on: memory is the events of
 * a round and the margin (a few pages a CPU at 100,000 events a second), not of the recording.
 */
final class RawEventPipes implements EventInput {
    /**
     * Between rounds: each round reads every CPU's page in progress, and a read finding nothing costs a call too, so
     * fewer rounds cost less (bench/record-cpu.sh at 20,000 IOs/s: 2.8-3.5 µs an IO at 1 ms, 2.2-2.45 at 2 ms, 1.7-2.0
     * at 5 ms; alternating on a busier machine 1.9-2.3 at 5 ms, 1.6-1.9 at 10 ms); the events held are 12 ms of them
     * (some 150 KB at 100,000 IOs/s, against a ring buffer of 4 MiB a CPU).
     */
    static final long ROUND_NS = 10_000_000;
    /** How long an event may take from its time stamp to being readable (a write is µs; an interrupt may stretch it). */
    static final long MARGIN_NS = 2_000_000;
    /** Pages a CPU is read of at most in one round (1 MiB): a reader far behind catches up without holding the whole buffer. */
    static final int MAX_PAGES = 256;
    private static final String RAW_PIPE = "trace_pipe_raw";

    private final List<Path> files;
    private final int[] fds;
    private final DataWait dataWait;
    private final RawEventStream stream;
    private final TracefsEventReader reader;
    private volatile long bytes;
    private volatile boolean stopped;
    private boolean released;
    private long releaseBefore = Long.MIN_VALUE;
    private long nextRound;
    private boolean behind;
    private boolean roundEmpty;

    private RawEventPipes(List<Path> files, RingBufferPage layout, RawEventDecoder decoder, TracefsReader.MarkerSink markers) {
        this.files = files;
        this.stream = new RawEventStream(layout, decoder, files.size());
        this.fds = new int[files.size()];
        Arrays.fill(fds, -1);
        try {
            for (int cpu = 0; cpu < fds.length; cpu++) {
                fds[cpu] = RecordCalls.openNonBlocking(files.get(cpu));
            }
            this.dataWait = new DataWait(fds, name());
        } catch (RuntimeException e) {
            release();
            throw e;
        }
        this.reader = new TracefsEventReader(this::next, markers);
    }

    /**
     * The binary pipes of {@code instance}, or null when they cannot be read here, with the reason
     * added to {@code why}: a big-endian machine, a kernel without {@code trace_pipe_raw}, a format
     * file without a field the events need.
     */
    static RawEventPipes open(TracefsInstance instance, TracefsReader.MarkerSink markers, List<String> why) {
        if (!RingBufferPage.nativeLayout()) {
            why.add("this machine is big-endian");
            return null;
        }
        Path dir = instance.dir();
        List<Path> files = cpuPipes(dir.resolve("per_cpu"));
        if (files.isEmpty()) {
            why.add("this kernel has no " + dir.resolve("per_cpu/cpu0/" + RAW_PIPE));
            return null;
        }
        Path events = dir.resolve("events");
        try {
            RingBufferPage layout = RingBufferPage.of(format(events.resolve("header_page")));
            Path requeue = events.resolve(TracefsInstance.BLOCK_RQ_REQUEUE).resolve("format");
            RawEventDecoder decoder = new RawEventDecoder(format(events.resolve(TracefsInstance.BLOCK_RQ_ISSUE).resolve("format")),
                    format(events.resolve(TracefsInstance.BLOCK_RQ_COMPLETE).resolve("format")),
                    Files.exists(requeue) ? format(requeue) : null, format(events.resolve("ftrace/print/format")));
            instance.wakeOnAnyData();
            return new RawEventPipes(files, layout, decoder, markers);
        } catch (SbenchException e) {
            why.add(e.getMessage());
            return null;
        }
    }

    private static FormatFile format(Path file) {
        return FormatFile.parse(file.toString(), TracefsInstance.readText(file));
    }

    /** {@code per_cpu/cpuN/trace_pipe_raw} of every CPU, by N. */
    private static List<Path> cpuPipes(Path perCpu) {
        List<Path> files = new ArrayList<>();
        for (int cpu = 0; ; cpu++) {
            Path pipe = perCpu.resolve("cpu" + cpu).resolve(RAW_PIPE);
            if (!Files.exists(pipe)) {
                // CPUs are numbered from 0 without gaps in per_cpu (possible CPUs); a count from the listing checks that.
                return files.size() == count(perCpu) ? files : List.of();
            }
            files.add(pipe);
        }
    }

    private static int count(Path perCpu) {
        try (DirectoryStream<Path> cpus = Files.newDirectoryStream(perCpu, "cpu*")) {
            int n = 0;
            for (Path ignored : cpus) {
                n++;
            }
            return n;
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public TracefsLiveReader reader() {
        return reader;
    }

    /** The next event old enough to be handed on, reading rounds until there is one; false once stopped. */
    private boolean next(TracefsEvent into) {
        while (!stream.next(into, releaseBefore)) {
            if (stopped) {
                return false;
            }
            if (roundEmpty && stream.heldPages() == 0) {
                // Nothing to hand on and nothing coming: sleep until a CPU has data (a marker too) or a stop.
                dataWait.await();
            } else if (!behind) {
                long wait = nextRound - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
            long start = System.nanoTime();
            nextRound = start + ROUND_NS;
            releaseBefore = readRound(start - MARGIN_NS);
        }
        return true;
    }

    /**
     * Reads every CPU's pages waiting now, {@link #MAX_PAGES} at most each.
     *
     * @return the time before which every event has been read: {@code limit}, or earlier when a CPU has pages left
     */
    private long readRound(long limit) {
        long before = limit;
        behind = false;
        roundEmpty = true;
        for (int cpu = 0; cpu < fds.length; cpu++) {
            long lastPage = Long.MAX_VALUE;
            int pages = 0;
            while (pages < MAX_PAGES) {
                ByteBuffer page = stream.freePage();
                int n = RecordCalls.readNow(fds[cpu], page.array(), files.get(cpu));
                if (n <= 0) {
                    stream.unused(page);
                    break;
                }
                bytes += n;
                roundEmpty = false;
                lastPage = stream.add(cpu, page.limit(n));
                pages++;
            }
            if (pages == MAX_PAGES) {
                // The events still in this CPU's buffer are no older than its last page read.
                behind = true;
                before = Math.min(before, lastPage);
            }
        }
        return before;
    }

    @Override
    public long bytesRead() {
        return bytes;
    }

    /** The reading thread sees it within a round, or is woken, and ends its input; the files stay open until {@link #release}. */
    @Override
    public void stop() {
        stopped = true;
        if (dataWait != null) {
            dataWait.wake();
        }
    }

    @Override
    public synchronized void release() {
        if (released) {
            return;
        }
        released = true;
        stopped = true;
        RuntimeException first = null;
        if (dataWait != null) {
            try {
                dataWait.close();
            } catch (RuntimeException e) {
                first = e;
            }
        }
        for (int cpu = 0; cpu < fds.length; cpu++) {
            if (fds[cpu] >= 0) {
                try {
                    RecordCalls.close(fds[cpu], files.get(cpu));
                } catch (RuntimeException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public String describe() {
        return "binary ring-buffer pages (trace_pipe_raw), 1 ns resolution";
    }

    @Override
    public String name() {
        return files.get(0).getParent().getParent().resolve("cpuN/" + RAW_PIPE).toString();
    }
}
