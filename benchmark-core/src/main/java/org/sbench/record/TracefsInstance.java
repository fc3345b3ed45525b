// A private tracefs instance: its own ring buffer, events, filters and clock, removed when done.
package org.sbench.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.KernelChoices;

/**
 * A tracefs instance, {@code instances/NAME}: making the directory gives a ring buffer, event
 * switches, filters and clock of its own, so recording changes nothing another tracing user
 * (the top-level buffer, other instances, perf, blktrace) sees; removing the directory removes all
 * of it. The kernel refuses to remove an instance while a file of it is open.
 *
 * <p>Files are written without truncation: truncating a tracefs file can mean clearing it
 * ({@code trace}, {@code set_event}).
 */
final class TracefsInstance {
    static final String BLOCK_RQ_ISSUE = "block/block_rq_issue";
    static final String BLOCK_RQ_COMPLETE = "block/block_rq_complete";
    static final String BLOCK_RQ_REQUEUE = "block/block_rq_requeue";
    /** The clock whose timestamps are CLOCK_MONOTONIC ns, the same on every CPU. */
    static final String MONO_CLOCK = "mono";
    private static final String ON = "1";
    private static final String OFF = "0";
    private static final String BUFFER_PERCENT = "buffer_percent";
    /** Removal is retried this long while a reader of trace_pipe is still letting go of it (EBUSY). */
    private static final long REMOVE_RETRY_NS = 2_000_000_000L;
    private static final long REMOVE_RETRY_SLEEP_MS = 20;
    /** More than any tracefs control file holds (trace_clock, filters, per-CPU stats). */
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    private final Path dir;
    /** Reused by {@link #lostEvents()}, which a live status reads every second. */
    private final ByteBuffer statsBuffer = ByteBuffer.allocate(READ_BUFFER_BYTES);

    private TracefsInstance(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes the instance {@code name} under {@code tracefsRoot}.
     *
     * @throws SbenchException refused (UNSAFE_TARGET) when an instance of that name exists, a
     *         system failure when it cannot be made
     */
    static TracefsInstance create(Path tracefsRoot, String name) {
        Path instances = tracefsRoot.resolve("instances");
        Path dir = instances.resolve(name);
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            throw new SbenchException(ErrorKind.UNSAFE_TARGET, "tracefs instance " + dir + " exists already (left by an"
                    + " earlier sbench with the same pid, or in use by another tool); not touching it: remove it with rmdir "
                    + dir + " if it is stale");
        } catch (AccessDeniedException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot make tracefs instance " + dir
                    + ": permission denied; sbench record needs root", e);
        } catch (NoSuchFileException e) {
            if (!Tracefs.mountedAt(tracefsRoot)) {
                throw Tracefs.failure("make tracefs instance", tracefsRoot, dir, e);
            }
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "this kernel's tracefs has no instances directory ("
                    + instances + "); sbench record needs Linux 3.10 or later", e);
        } catch (IOException e) {
            throw SbenchException.ioFailure("make tracefs instance", dir, e);
        }
        return new TracefsInstance(dir);
    }

    /**
     * Removes the instances that an sbench killed with SIGKILL left enabled (nothing runs after that
     * signal): those named {@code PREFIX<pid>} whose process is gone, or is neither a java nor an
     * sbench process (the pid was reused). An instance of a running java process, or with any other
     * name, is left alone. Returns a note for each one removed.
     *
     * @param procRoot {@code /proc}, where the pids are looked up
     */
    static List<String> removeStale(Path tracefsRoot, String prefix, Path procRoot) {
        Pattern owned = Pattern.compile(Pattern.quote(prefix) + "([0-9]{1,10})");
        List<String> notes = new ArrayList<>();
        try (DirectoryStream<Path> instances = Files.newDirectoryStream(tracefsRoot.resolve("instances"))) {
            for (Path instance : instances) {
                Matcher m = owned.matcher(instance.getFileName().toString());
                String gone = m.matches() ? ownerGone(procRoot.resolve(m.group(1))) : null;
                if (gone != null) {
                    new TracefsInstance(instance).remove();
                    notes.add("removed tracefs instance " + instance.getFileName() + ", left enabled by an sbench that was"
                            + " killed (pid " + m.group(1) + " " + gone + ")");
                }
            }
        } catch (IOException e) {
            throw Tracefs.failure("list", tracefsRoot, tracefsRoot.resolve("instances"), e);
        }
        return notes;
    }

    /** How the process {@code /proc/PID} shows that it is not an sbench ("is gone", "is now 'sleep'"), or null if it may be one. */
    private static String ownerGone(Path process) {
        try {
            String comm = Files.readString(process.resolve("comm"), StandardCharsets.ISO_8859_1).strip();
            String cmdline = Files.readString(process.resolve("cmdline"), StandardCharsets.ISO_8859_1);
            return comm.equals("java") || cmdline.contains("sbench") ? null : "is now '" + comm + "'";
        } catch (NoSuchFileException e) {
            return "is gone";
        } catch (IOException e) {
            // Unreadable (it is ending as we look): not proven gone, so left alone.
            return null;
        }
    }

    Path dir() {
        return dir;
    }

    /** The tracefs this instance is in: {@code ROOT/instances/NAME}. */
    private Path tracefsRoot() {
        return dir.getParent().getParent();
    }

    Path tracePipe() {
        return dir.resolve("trace_pipe");
    }

    Path traceMarker() {
        return dir.resolve("trace_marker");
    }

    /** Opens one of the instance's files ({@link #tracePipe()}, {@link #traceMarker()}) as a channel. */
    FileChannel open(Path file, StandardOpenOption mode) {
        try {
            return FileChannel.open(file, mode);
        } catch (IOException e) {
            throw Tracefs.failure("open", tracefsRoot(), file, e);
        }
    }

    /**
     * True if this kernel has the event ({@code block/block_rq_issue}).
     *
     * @throws SbenchException a system failure when tracefs is gone (another program unmounted it)
     */
    boolean hasEvent(String event) {
        Path events = dir.resolve("events");
        if (Files.isDirectory(events.resolve(event))) {
            return true;
        }
        if (!Tracefs.mountedAt(tracefsRoot())) {
            throw Tracefs.unmounted(tracefsRoot(), events, null);
        }
        return false;
    }

    /** Selects {@code clock} if this kernel offers it; returns the clock in use afterwards. */
    String useClock(String clock) {
        String offered = read("trace_clock");
        for (String c : offered.split("\\s+")) {
            if (c.equals(clock) || c.equals("[" + clock + "]")) {
                write("trace_clock", clock);
                return clock;
            }
        }
        return KernelChoices.selected(offered);
    }

    void setBufferKb(int kb) {
        write("buffer_size_kb", Integer.toString(kb));
    }

    /**
     * Makes poll(2) of a CPU's {@code trace_pipe_raw} report data as soon as there is any: {@code buffer_percent} 0. Its
     * default, 50, wakes a poller only once half the CPU's buffer is full (1 or 50 left a poller asleep over an event on
     * Linux 6.18). Kernels before 5.1 have no such file and wake on any data.
     */
    void wakeOnAnyData() {
        if (Files.exists(dir.resolve(BUFFER_PERCENT))) {
            write(BUFFER_PERCENT, "0");
        }
    }

    void setFilter(String event, String filter) {
        write("events/" + event + "/filter", filter);
    }

    void enable(String event, boolean on) {
        write("events/" + event + "/enable", on ? ON : OFF);
    }

    /**
     * Events the ring buffer lost so far: the sum over CPUs of {@code overrun} (overwritten before
     * being read), {@code commit overrun} (dropped when the writer wrapped onto a page still being
     * written, which the event stream does not name) and {@code dropped events} (refused while
     * full) from {@code per_cpu/cpuN/stats}.
     * Not thread-safe.
     */
    long lostEvents() {
        long lost = 0;
        try (DirectoryStream<Path> cpus = Files.newDirectoryStream(dir.resolve("per_cpu"), "cpu*")) {
            for (Path cpu : cpus) {
                lost += lostEvents(readText(cpu.resolve("stats"), statsBuffer).lines().toList());
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", dir.resolve("per_cpu"), e);
        }
        return lost;
    }

    /** The lost events a CPU's {@code stats} file states ({@code overrun}, {@code commit overrun}, {@code dropped events}). */
    static long lostEvents(List<String> statsLines) {
        long lost = 0;
        for (String line : statsLines) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            if (key.equals("overrun") || key.equals("commit overrun") || key.equals("dropped events")) {
                lost += Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        return lost;
    }

    /** Writes {@code text} to the instance's {@code trace_marker} through {@code marker} as one marker. */
    static void mark(FileChannel marker, String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        // One write is one marker; the kernel takes up to a page per write, more than a marker needs.
        marker.write(b);
    }

    /**
     * Switches everything off and removes the instance, retrying while a reader that has just
     * closed {@code trace_pipe} still holds it (EBUSY). Idempotent.
     */
    void remove() {
        if (!Files.exists(dir)) {
            return;
        }
        write("tracing_on", OFF);
        write("events/enable", OFF);
        long deadline = System.nanoTime() + REMOVE_RETRY_NS;
        while (true) {
            try {
                Files.delete(dir);
                return;
            } catch (NoSuchFileException e) {
                return;
            } catch (FileSystemException e) {
                if (System.nanoTime() > deadline) {
                    throw SbenchException.ioFailure("remove tracefs instance (rmdir " + dir + " by hand)", dir, e);
                }
            } catch (IOException e) {
                throw SbenchException.ioFailure("remove tracefs instance (rmdir " + dir + " by hand)", dir, e);
            }
            try {
                Thread.sleep(REMOVE_RETRY_SLEEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "interrupted while removing " + dir + "; rmdir it by hand", e);
            }
        }
    }

    private String read(String file) {
        return readText(dir.resolve(file)).trim();
    }

    /**
     * A tracefs file's text, read with one large read: some files (an event's {@code filter})
     * answer only a read at position 0 and then report the end, so the small first read of
     * {@link Files#readString} would see one character.
     */
    static String readText(Path file) {
        return readText(file, ByteBuffer.allocate(READ_BUFFER_BYTES));
    }

    private static String readText(Path file, ByteBuffer buf) {
        buf.clear();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // A page per read at most; seq_file-backed files continue where they left off.
            }
            return new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
    }

    private void write(String file, String value) {
        Path path = dir.resolve(file);
        try {
            Files.write(path, value.getBytes(StandardCharsets.US_ASCII), StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            throw Tracefs.failure("write '" + value + "' to", tracefsRoot(), path, e);
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write '" + value + "' to " + path + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + (file.endsWith("filter") ? " (the kernel's reason is in " + dir.resolve("error_log") + ")" : ""), e);
        }
    }
}
