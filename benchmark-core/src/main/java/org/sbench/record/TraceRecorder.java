// sbench record: the kernel's block request events of chosen devices, read live from a private tracefs instance into a trace.
package org.sbench.record;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.RecordCalls;
import org.sbench.engine.linux.ThreadCalls;
import org.sbench.target.BackingDisks;
import org.sbench.target.MachineLock;
import org.sbench.trace.IncompleteRecording;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.tracefs.TracefsLiveReader;

/**
 * Records the block requests of one or more devices into an .sbt trace, from the kernel's
 * {@code block_rq_issue} and {@code block_rq_complete} tracepoints, without blktrace.
 *
 * <h2>How</h2>
 * A private tracefs instance ({@code instances/sbench-PID}, {@link TracefsInstance}) gets its own
 * ring buffer ({@link RecordSettings#bufferKb()} per CPU), the {@code mono} clock where the kernel
 * has it, and the block events filtered in the kernel to the recorded disks
 * ({@link DeviceSelection}). A recording thread reads the instance's events as the ring buffer
 * holds them, every CPU's binary pages ({@code per_cpu/cpuN/trace_pipe_raw}, {@link RawEventPipes}),
 * or, where those cannot be read (no mono clock, a kernel without them), the text of its
 * {@code trace_pipe} ({@link TextEventPipe}; a note says why). Either way the events are paired
 * into IOs by the same code ({@code TracefsEvent.deliver}), and handed to a {@link RecordingWriter}. Nothing outside
 * the instance is changed, so the tracing state found (events, filters, buffer sizes,
 * {@code tracing_on} of the top-level buffer and of other instances) is untouched by
 * construction; removing the instance at the end, also on errors and from a shutdown hook when
 * the JVM exits early, removes everything the recording set up. If tracefs was not mounted, it is
 * mounted for the recording and unmounted after, unless another user came meanwhile ({@link Tracefs#release}).
 *
 * <h2>Control through the event stream</h2>
 * The recorder writes markers into the instance's {@code trace_marker}, which arrive in the same
 * stream as the events, stamped by the same clock: {@code sbench-NONCE start}, {@code mark NAME}
 * (a phase mark, {@link #mark}), {@code drain} and {@code end}. A stop ({@link #finish}) switches
 * {@code block_rq_issue} off, writes {@code drain}, waits until every issue read before it has
 * completed (at most 2 s), switches the completions off and
 * writes {@code end}, at which the reader ends its input. So the trace holds every IO issued
 * while recording whose completion came in time, and the reading (a blocking read of
 * {@code trace_pipe}) is ended by data rather than by interrupting it.
 *
 * <h2>Times</h2>
 * The binary pages carry the clock's ns; the text stream prints µs (rounded), so recorded times have
 * 1 ns or 1 µs resolution ({@link RecordResult#clock()} says which); they are stored in ns relative
 * to the first IO.
 *
 * <h2>Threads</h2>
 * One thread calls {@link #start}, {@link #awaitStop}, {@link #status} and {@link #finish};
 * {@link #requestStop} and {@link #mark} may be called from any thread (a signal handler, a
 * thread reading stdin).
 */
public final class TraceRecorder implements AutoCloseable {
    private static final String INSTANCE_PREFIX = "sbench-";
    private static final Path SYS = Path.of("/sys");
    private static final Path PROC = Path.of("/proc");
    private static final int ROOT_UID = 0;
    private static final int NONCE_BYTES = 6;
    /** Pause after switching events off, so that events being written on other CPUs reach the buffer first. */
    private static final long SETTLE_MS = 10;
    /** How long a stop waits for IOs in flight to complete before leaving them out. */
    private static final long DRAIN_TIMEOUT_NS = 2_000_000_000L;
    private static final long DRAIN_POLL_MS = 5;
    private static final long END_TIMEOUT_MS = 10_000;
    private static final long PROGRESS_POLL_NS = 200_000_000L;
    private static final long THREAD_START_TIMEOUT_MS = 10_000;
    /**
     * The recording thread's nice value: on a machine whose CPUs are all busy, a thread at 0 waited runnable for most of
     * a second at a time while a CPU's ring buffer filled (bench/RESULTS.md, recidle: 21,175 and 174,975 events lost at
     * 48,000 IOs/s at 0, none at -10); -10 weighs it some 9 times a nice-0 task, and it uses a few % of a core.
     */
    static final int READER_NICE = -10;
    /** Longest phase-mark name kept (a tracefs marker may be a page; names are labels). */
    static final int MAX_MARK_CHARS = 200;
    private static final String MARK = "mark ";
    private static final String START = "start";
    private static final String DRAIN = "drain";
    private static final String END = "end";

    private enum State { NEW, RECORDING, FINISHED, CLOSED }

    private final RecordSettings settings;
    private final String markerPrefix;
    private volatile boolean stopAsked;
    private final CountDownLatch threadReady = new CountDownLatch(1);
    private final CountDownLatch threadEnded = new CountDownLatch(1);
    /** Guards {@link #state} and {@link #marksWritten}, and orders marker writes. */
    private final Object markerLock = new Object();
    private State state = State.NEW;
    private int marksWritten;

    private DeviceSelection devices;
    private DevicePresence presence;
    /** Where {@link #awaitStop} sleeps; null before {@link #start} made it. */
    private volatile StopWait stopWait;
    /** The device that went away, which ended the recording; null while all are there. */
    private RecordedDevice gone;
    private SelfTraffic selfTraffic;
    private Tracefs tracefs;
    private TracefsInstance instance;
    private Thread cleanupHook;
    private EventInput input;
    private FileChannel marker;
    private TracefsLiveReader reader;
    private RecordingWriter output;
    private Thread thread;
    private String clock;
    private final List<String> notes = new ArrayList<>();
    private boolean requeueEvent;
    private long startNanoTime;
    /** System.nanoTime() at which --duration ends; meaningless when recording until stopped. */
    private long deadlineNanoTime;
    private boolean cleanedUp;

    // Written by the recording thread, read by the controlling one.
    private volatile int writerTid;
    private volatile boolean drainSeen;
    private volatile int pendingIssues;
    private volatile long startKernelNs = IoRecord.NO_TIME;
    private volatile long drainKernelNs = IoRecord.NO_TIME;
    private volatile Throwable failure;

    public TraceRecorder(RecordSettings settings) {
        this.settings = settings;
        byte[] nonce = new byte[NONCE_BYTES];
        new SecureRandom().nextBytes(nonce);
        this.markerPrefix = INSTANCE_PREFIX + HexFormat.of().formatHex(nonce) + " ";
    }

    /** Refuses, in one line, to record without root. */
    static void requireRoot(int effectiveUid) {
        if (effectiveUid != ROOT_UID) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "sbench record needs root: it reads the kernel's block"
                    + " events through tracefs; run it with sudo");
        }
    }

    /**
     * Sets up the instance and starts recording. On failure everything set up so far is removed.
     *
     * @throws SbenchException usage errors for the devices, a system failure without root or when
     *         tracefs cannot be used, UNSAFE_TARGET when the instance name is taken
     */
    public void start() {
        if (stateNow() != State.NEW) {
            throw new IllegalStateException("start() called twice");
        }
        devices = DeviceSelection.resolve(settings.devices(), SYS);
        requireRoot(RecordCalls.effectiveUid());
        selfTraffic = SelfTraffic.of(settings.out(), devices, BackingDisks.system());
        try {
            // The wait first: a disk that goes away after the look at it wakes the wait.
            stopWait = new StopWait();
            presence = DevicePresence.of(devices, SYS);
            // A bad --out fails here, before tracefs is mounted or an instance made.
            output = new RecordingWriter(settings.out(), devices, headerMetadata());
            // Held until the instance is there: another recording's release sees it then, and leaves tracefs mounted.
            try (MachineLock mountLock = Tracefs.lock(Tracefs.LOCK_FILE)) {
                tracefs = Tracefs.open();
                if (tracefs.mountedHere()) {
                    notes.add("tracefs was not mounted: mounted on " + tracefs.root() + " for the recording, unmounted after"
                            + " unless another user came meanwhile");
                }
                notes.addAll(TracefsInstance.removeStale(tracefs.root(), INSTANCE_PREFIX, PROC));
                List<String> others = tracefs.blockEventUsers();
                if (!others.isEmpty()) {
                    notes.add("block request events are also traced by " + String.join(", ", others)
                            + "; left as they are (this recording has its own instance)");
                }
                instance = TracefsInstance.create(tracefs.root(), INSTANCE_PREFIX + ProcessHandle.current().pid());
            }
            // At an exit mid-recording nothing can report a failure: an instance left behind is named
            // sbench-PID, and the next sbench with that pid refuses to start, naming the rmdir.
            cleanupHook = new Thread(this::cleanup, "sbench-record-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanupHook);
            for (String event : new String[] {TracefsInstance.BLOCK_RQ_ISSUE, TracefsInstance.BLOCK_RQ_COMPLETE}) {
                if (!instance.hasEvent(event)) {
                    throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "this kernel has no " + event + " event in "
                            + instance.dir().resolve("events"));
                }
            }
            requeueEvent = instance.hasEvent(TracefsInstance.BLOCK_RQ_REQUEUE);
            clock = instance.useClock(TracefsInstance.MONO_CLOCK);
            if (!TracefsInstance.MONO_CLOCK.equals(clock)) {
                notes.add("this kernel offers no mono trace clock; times are from the '" + clock + "' clock");
            }
            instance.setBufferKb(settings.bufferKb());
            input = openInput();
            reader = input.reader();
            marker = instance.open(instance.traceMarker(), StandardOpenOption.WRITE);
            thread = new Thread(this::record, "sbench-record");
            thread.setDaemon(true);
            thread.start();
            awaitThreadStart();
            raiseReaderPriority();
            String completeFilter = devices.completeFilter();
            instance.setFilter(TracefsInstance.BLOCK_RQ_COMPLETE, completeFilter);
            instance.setFilter(TracefsInstance.BLOCK_RQ_ISSUE, devices.issueFilter(selfTraffic.filterWriterThread() ? writerTid : 0));
            instance.enable(TracefsInstance.BLOCK_RQ_COMPLETE, true);
            if (requeueEvent) {
                instance.setFilter(TracefsInstance.BLOCK_RQ_REQUEUE, completeFilter);
                instance.enable(TracefsInstance.BLOCK_RQ_REQUEUE, true);
            }
            instance.enable(TracefsInstance.BLOCK_RQ_ISSUE, true);
            startNanoTime = System.nanoTime();
            deadlineNanoTime = startNanoTime + settings.durationNs();
            writeMarker(START);
            synchronized (markerLock) {
                state = State.RECORDING;
            }
        } catch (RuntimeException e) {
            cleanup().forEach(e::addSuppressed);
            synchronized (markerLock) {
                state = State.CLOSED;
            }
            throw e;
        }
    }

    /** The CPUs' binary pages where they can be read, else the text pipe, with a note saying why. */
    private EventInput openInput() {
        List<String> why = new ArrayList<>();
        EventInput raw = null;
        if (settings.textEvents()) {
            why.add("asked for");
        } else if (!TracefsInstance.MONO_CLOCK.equals(clock)) {
            // Merging the CPUs' pages holds events back by the time now, which only the mono clock tells.
            why.add("the binary pages are merged on the mono clock");
        } else {
            raw = RawEventPipes.open(instance, this::onMarker, why);
        }
        if (raw != null) {
            return raw;
        }
        notes.add("events read as text from " + instance.tracePipe() + " (1 us resolution): " + String.join("; ", why));
        return new TextEventPipe(instance, this::onMarker);
    }

    private State stateNow() {
        synchronized (markerLock) {
            return state;
        }
    }

    private Map<String, String> headerMetadata() {
        Map<String, String> m = new LinkedHashMap<>();
        String file = settings.out().getFileName().toString();
        m.put(TraceInfo.NAME, file.endsWith(".sbt") ? file.substring(0, file.length() - ".sbt".length()) : file);
        if (!devices.multiStream()) {
            m.put(TraceInfo.CAPACITY, Long.toString(devices.devices().get(0).diskBytes()));
        }
        m.put("record.tool", "sbench record " + settings.toolVersion());
        m.put("record.host", procText("sys/kernel/hostname"));
        m.put("record.kernel", procText("sys/kernel/osrelease"));
        m.put("record.start", Instant.now().toString());
        m.put("record.bufferKb", Integer.toString(settings.bufferKb()));
        m.put("record.offsets", "bytes from the start of the whole disk");
        for (RecordedDevice d : devices.devices()) {
            String key = "device." + d.stream() + ".";
            m.put(key + "path", d.path());
            m.put(key + "disk", "/dev/" + d.diskName() + " (" + d.diskMajorMinor() + ")");
            m.put(key + "capacity", Long.toString(d.diskBytes()));
            if (d.partition()) {
                m.put(key + "partition", d.name());
                m.put(key + "partitionStartBytes", Long.toString(d.startBytes()));
                m.put(key + "partitionEndBytes", Long.toString(d.endBytes()));
            }
        }
        return m;
    }

    private String clockDescription() {
        return clock + (TracefsInstance.MONO_CLOCK.equals(clock) ? "" : " (mono not offered by this kernel)") + ", "
                + input.describe();
    }

    private static String procText(String relative) {
        try {
            return Files.readString(PROC.resolve(relative), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private void awaitThreadStart() {
        try {
            if (!threadReady.await(THREAD_START_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "the recording thread did not start");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SbenchException(ErrorKind.INTERRUPTED, "interrupted while starting to record", e);
        }
        if (failure != null) {
            throw rethrowable(failure);
        }
    }

    /** The recording thread: reads the event stream until the end marker, writing each paired IO. */
    private void record() {
        try {
            writerTid = currentTid();
        } catch (RuntimeException e) {
            failure = e;
            threadReady.countDown();
            threadEnded.countDown();
            return;
        }
        threadReady.countDown();
        IoRecord r = new IoRecord();
        try {
            while (reader.next(r)) {
                output.accept(r);
                pendingIssues = reader.pendingIssues();
                if (output.diskFull()) {
                    // Read on to the end marker, counting what is left out.
                    requestStop();
                }
            }
        } catch (Throwable t) {
            failure = t;
            requestStop();
        } finally {
            threadEnded.countDown();
        }
    }

    private void raiseReaderPriority() {
        long r = ThreadCalls.setNice(writerTid, READER_NICE);
        if (r < 0) {
            notes.add("the recording thread keeps its priority (nice " + READER_NICE + " refused: " + Errno.describe((int) r)
                    + "): on a busy machine it may fall behind sooner");
        }
    }

    /** This thread's kernel task id, from {@code /proc/thread-self -> PID/task/TID}. */
    private static int currentTid() {
        try {
            Path link = Files.readSymbolicLink(PROC.resolve("thread-self"));
            return Integer.parseInt(link.getFileName().toString());
        } catch (IOException | NumberFormatException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot tell the recording thread's id from "
                    + PROC.resolve("thread-self") + ": " + e.getMessage(), e);
        }
    }

    /** A marker read from the stream (on the recording thread); true at the end marker. */
    private boolean onMarker(long timeNs, String text) {
        if (!text.startsWith(markerPrefix)) {
            return false;
        }
        String body = text.substring(markerPrefix.length()).stripTrailing();
        if (body.startsWith(MARK)) {
            output.phase(timeNs, body.substring(MARK.length()));
        } else if (body.equals(START)) {
            startKernelNs = timeNs;
        } else if (body.equals(DRAIN)) {
            drainKernelNs = timeNs;
            pendingIssues = reader.pendingIssues();
            drainSeen = true;
        } else if (body.equals(END)) {
            return true;
        }
        return false;
    }

    /**
     * Inserts a phase mark named {@code name} now (control characters become spaces, the name is
     * cut at {@value #MAX_MARK_CHARS} characters; blank: {@code mark N}). Thread-safe.
     *
     * @return the name stored, or null when not recording (not started yet, or stopping)
     */
    public String mark(String name) {
        synchronized (markerLock) {
            if (state != State.RECORDING) {
                return null;
            }
            String clean = markName(name, marksWritten + 1);
            writeMarker(MARK + clean);
            marksWritten++;
            return clean;
        }
    }

    /**
     * {@code name} as a mark is stored: one line, trimmed, at most {@link #MAX_MARK_CHARS} chars,
     * cut between characters (an emoji is two chars: half of one would be stored as '?'); blank:
     * {@code mark N}.
     */
    static String markName(String name, int number) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (b.length() + Character.charCount(c) > MAX_MARK_CHARS) {
                break;
            }
            b.appendCodePoint(Character.isISOControl(c) ? ' ' : c);
            i += Character.charCount(c);
        }
        String s = b.toString().strip();
        return s.isEmpty() ? "mark " + number : s;
    }

    private void writeMarker(String body) {
        synchronized (markerLock) {
            try {
                TracefsInstance.mark(marker, markerPrefix + body);
            } catch (IOException e) {
                throw SbenchException.ioFailure("write", instance.traceMarker(), e);
            }
        }
    }

    /** Asks the recording to stop; {@link #awaitStop} then returns true. Thread-safe, cheap (a signal handler's call). */
    public void requestStop() {
        stopAsked = true;
        StopWait w = stopWait;
        if (w != null) {
            w.wake();
        }
    }

    /**
     * Waits up to {@code timeoutNs} for a reason to stop: {@link #requestStop}, the end of the
     * configured duration, a failure of the recording thread, a full disk where the trace is written
     * ({@link RecordResult#diskFull()}), or a recorded device going away (a
     * disk removed, a loop device detached or attached anew: its number may become another
     * device's; a note says which, {@link RecordResult#notes()}). The devices are looked at on
     * each call and at each kernel uevent during it ({@link StopWait}); the thread sleeps otherwise.
     *
     * @return true when {@link #finish} should be called now
     */
    public boolean awaitStop(long timeoutNs) throws InterruptedException {
        long began = System.nanoTime();
        while (!deviceGone()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long now = System.nanoTime();
            long untilDeadline = settings.durationNs() == RecordSettings.UNTIL_STOPPED ? Long.MAX_VALUE : deadlineNanoTime - now;
            if (stopAsked || untilDeadline <= 0) {
                return true;
            }
            long left = timeoutNs - (now - began);
            if (left <= 0) {
                return false;
            }
            stopWait.await(Math.min(left, untilDeadline));
        }
        return true;
    }

    private boolean deviceGone() {
        if (gone == null) {
            gone = presence.gone().orElse(null);
            if (gone != null) {
                notes.add("stopped: " + gone.path() + " went away (removed, or a loop device detached or attached anew);"
                        + " its number may now be another device's");
            }
        }
        return gone != null;
    }

    /** Time since the events were switched on, ns; 0 before {@link #start()} switched them on. */
    public long elapsedNs() {
        return stateNow() == State.NEW ? 0 : System.nanoTime() - startNanoTime;
    }

    /** Counters so far and the events lost so far (read from the instance). */
    public RecordStatus status() {
        if (stateNow() != State.RECORDING) {
            throw new IllegalStateException("not recording");
        }
        return new RecordStatus(elapsedNs(), output.ios(), output.bytesRead(), output.bytesWritten(), lostEventsSoFar(),
                marksWritten());
    }

    /** A failed read of the loss counters is unknown, not an error: no reason to end a recording or drop its trace. */
    private long lostEventsSoFar() {
        try {
            return instance.lostEvents();
        } catch (SbenchException e) {
            return RecordStatus.UNKNOWN;
        }
    }

    private int marksWritten() {
        synchronized (markerLock) {
            return marksWritten;
        }
    }

    /** The devices being recorded, one line each. */
    public List<String> describeDevices() {
        List<String> lines = new ArrayList<>();
        for (RecordedDevice d : devices.devices()) {
            lines.add(d.describe());
        }
        return lines;
    }

    /** Things worth telling about the tracing setup found (other tracers, a mount made), one line each. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** How the recorder's own writes are kept out of the trace, for the user. */
    public String describeSelfTraffic() {
        return selfTraffic.describe(writerTid);
    }

    /**
     * Stops recording (drain, end: see the class comment), completes the trace file and removes
     * the instance. Once the trace is written, what cannot be cleaned up is told in
     * {@link RecordResult#notes()} rather than thrown.
     *
     * <p>If the event stream stalls before its end marker, the trace is written with what was read
     * and marked incomplete ({@link RecordResult#stalled()}).
     *
     * @throws SbenchException when the recording thread failed (the output is then deleted), or
     *         its reading could not be stopped after a stall
     */
    public RecordResult finish() {
        synchronized (markerLock) {
            if (state != State.RECORDING) {
                throw new IllegalStateException("not recording");
            }
            state = State.FINISHED;
        }
        try {
            if (failure == null) {
                stopEvents();
            }
            boolean stalled = !awaitThreadEnd();
            if (failure != null && !stalled) {
                throw rethrowable(failure);
            }
            return complete(stalled);
        } catch (RuntimeException e) {
            cleanup().forEach(e::addSuppressed);
            throw e;
        }
    }

    private void stopEvents() {
        instance.enable(TracefsInstance.BLOCK_RQ_ISSUE, false);
        sleep(SETTLE_MS);
        writeMarker(DRAIN);
        long deadline = System.nanoTime() + DRAIN_TIMEOUT_NS;
        while (!(drainSeen && pendingIssues == 0) && System.nanoTime() < deadline && threadEnded.getCount() > 0) {
            sleep(DRAIN_POLL_MS);
        }
        instance.enable(TracefsInstance.BLOCK_RQ_COMPLETE, false);
        if (requeueEvent) {
            instance.enable(TracefsInstance.BLOCK_RQ_REQUEUE, false);
        }
        sleep(SETTLE_MS);
        writeMarker(END);
    }

    /**
     * Waits for the recording thread to read up to the end marker. With a large ring buffer it may
     * be minutes of events behind, so it is given up on only when it stops reading: progress is
     * the bytes read, as the IOs written can stand still for long behind an issue whose
     * completion was lost. A stalled stream is closed, which ends the thread's read.
     *
     * @return true when the thread read to the end (or failed); false when the stream stalled and
     *         the thread ended with what it had read
     * @throws SbenchException when the thread does not end even after its stream is closed
     */
    private boolean awaitThreadEnd() {
        try {
            long stallNs = TimeUnit.MILLISECONDS.toNanos(END_TIMEOUT_MS);
            if (ProgressWait.await(threadEnded, input::bytesRead, PROGRESS_POLL_NS, stallNs)) {
                return true;
            }
            input.stop();
            if (!threadEnded.await(END_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "the event stream of " + input.name()
                        + " stalled for " + END_TIMEOUT_MS / 1000 + " s before its end marker, and its reader did not stop");
            }
            // The end marker may have been read just before the close.
            return failure == null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SbenchException(ErrorKind.INTERRUPTED, "interrupted while ending the recording", e);
        }
    }

    private RecordResult complete(boolean stalled) {
        // Unknown (a counter that cannot be read) is not 0: the trace is kept, marked incomplete unless loss is allowed.
        long lost = lostEventsSoFar();
        boolean complete = !stalled && !output.diskFull() && (lost == 0 || settings.allowLoss());
        // After a stall the issues read but not handed out are left out too.
        long incompleteIos = reader.lostIssues() + reader.pendingIssues();
        // Issues were recorded from the start marker until just before the drain marker.
        long durationNs = startKernelNs != IoRecord.NO_TIME && drainKernelNs != IoRecord.NO_TIME ? drainKernelNs - startKernelNs
                : System.nanoTime() - startNanoTime;
        String self = selfTraffic.describe(writerTid);
        Map<String, String> late = new LinkedHashMap<>();
        late.put("record.clock", clockDescription());
        late.put("record.durationNs", Long.toString(durationNs));
        late.put("record.selfTraffic", self);
        late.put(IncompleteRecording.EVENTS_LOST, lost == RecordStatus.UNKNOWN ? "unknown" : Long.toString(lost));
        late.put(IncompleteRecording.INCOMPLETE_IOS, Long.toString(incompleteIos));
        late.put(RecordingWriter.REORDERED, Long.toString(output.reordered()));
        late.put("record.badLines", Long.toString(reader.badLines()));
        RequestAccounts.Counts requests = reader.requestAccounts().counts();
        late.putAll(requests.metadata());
        late.put(IncompleteRecording.STALLED, Boolean.toString(stalled));
        late.put(IncompleteRecording.DISK_FULL, Boolean.toString(output.diskFull()));
        late.putAll(output.howRoomRanOut());
        late.put(IncompleteRecording.COMPLETE, Boolean.toString(complete));
        output.finish(startKernelNs, late);
        // Finishing can cut the trace back to fit (btrfs): what it holds is known from here on, and its metadata says so.
        DiskFull diskFull = output.diskFull() ? new DiskFull(output.spanNs(), output.lostToFullDisk(), output.quotaExceeded(),
                output.tempDirFull(), output.lostMarks()) : null;
        complete &= diskFull == null;
        // The trace is good from here on: a leftover instance or mount is worth telling, not failing for.
        for (RuntimeException e : cleanup()) {
            notes.add("not cleaned up: " + e.getMessage());
        }
        return new RecordResult(settings.out(), durationNs, output.ios(), output.reads(), output.writes(), output.trims(),
                output.flushes(), output.bytesRead(), output.bytesWritten(), lost, incompleteIos, output.reordered(),
                reader.badLines(), requests, output.phases(), stalled, diskFull, complete, describeDevices(), self, clockDescription(),
                settings.bufferKb(), List.copyOf(notes));
    }

    /**
     * Releases everything in reverse order of setup, each step even when an earlier one failed;
     * the output is deleted unless finished. Runs once; later calls find nothing to do.
     *
     * @return the steps' failures, in order
     */
    private synchronized List<RuntimeException> cleanup() {
        if (cleanedUp) {
            return List.of();
        }
        cleanedUp = true;
        List<RuntimeException> failures = new ArrayList<>();
        run(failures, this::closeMarker);
        if (input != null) {
            run(failures, input::stop);
        }
        if (thread != null) {
            run(failures, () -> joinQuietly(thread));
        }
        if (input != null) {
            run(failures, input::release);
        }
        if (instance != null) {
            run(failures, instance::remove);
        }
        if (tracefs != null) {
            run(failures, () -> tracefs.release().ifPresent(notes::add));
        }
        if (output != null) {
            run(failures, output::close);
        }
        if (stopWait != null) {
            run(failures, stopWait::close);
        }
        if (cleanupHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanupHook);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook is running or about to, and finds the work done.
            }
        }
        return failures;
    }

    private static void run(List<RuntimeException> failures, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    private void closeMarker() {
        if (marker != null) {
            try {
                marker.close();
            } catch (IOException e) {
                throw SbenchException.ioFailure("close", instance.traceMarker(), e);
            }
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(END_TIMEOUT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SbenchException(ErrorKind.INTERRUPTED, "interrupted while stopping the recording", e);
        }
    }

    /** The recording thread's failure, to rethrow: as it was if unchecked (a bug stays a bug for the CLI). */
    private static RuntimeException rethrowable(Throwable t) {
        if (t instanceof RuntimeException) {
            return (RuntimeException) t;
        }
        return new IllegalStateException("the recording thread failed: " + t, t);
    }

    /** Abandons a recording that was not finished: everything is removed, the output deleted. Idempotent. */
    @Override
    public void close() {
        synchronized (markerLock) {
            if (state == State.NEW || state == State.CLOSED) {
                state = State.CLOSED;
                return;
            }
            state = State.CLOSED;
        }
        List<RuntimeException> failures = cleanup();
        if (!failures.isEmpty()) {
            RuntimeException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

}
