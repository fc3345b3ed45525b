// Reader of Linux tracefs text (trace, trace_pipe) block_rq_issue / block_rq_complete events.
package org.sbench.trace.format.tracefs;

import java.util.EnumSet;
import java.util.function.LongFunction;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.blockevents.BlockEventFields;
import org.sbench.trace.format.blockevents.BlockEventLineReader;
import org.sbench.trace.format.blockevents.BlockEventPairing;
import org.sbench.trace.format.blockevents.CompletionMatcher;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the block request events of the kernel's text trace ({@code /sys/kernel/tracing/trace}
 * or {@code trace_pipe}, also {@code trace-cmd report} and {@code perf script} output), whose
 * payloads are printed by {@code include/trace/events/block.h}:
 * <pre>
 * TASK-PID [CPU] [FLAGS] SECONDS: block_rq_issue: MAJ,MIN RWBS BYTES (CMD) SECTOR + NR_SECTORS [IOPRIO] [COMM]
 * TASK-PID [CPU] [FLAGS] SECONDS: block_rq_complete: MAJ,MIN RWBS (CMD) SECTOR + NR_SECTORS [IOPRIO] [ERROR]
 *  kworker/0:1H-123  [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 1234 + 8 be,0,4 [kworker/0:1H]
 *       &lt;idle&gt;-0     [000] ..s1.  1234.568000: block_rq_complete: 8,0 W () 1234 + 8 be,0,4 [0]
 * </pre>
 * <ul>
 * <li>One IO is a {@code block_rq_issue} paired with the {@code block_rq_complete} of the same
 *     device, sector and op ({@link CompletionMatcher}); records are delivered in issue order.</li>
 * <li>The prefix is found from the event name backwards: the field before it is the timestamp,
 *     seconds with a fraction (microseconds in tracefs, nanoseconds from {@code trace-cmd -t})
 *     and a colon, delivered in ns. A timestamp of whole digits alone is a trace_clock that
 *     counts ({@code uptime} jiffies, {@code counter}, {@code x86-tsc} cycles), not seconds: refused. The task name may hold spaces and the flags column
 *     ({@code d..1.}, 4 or 5 characters, absent without irq-info) may be missing: neither is
 *     read, nor is the CPU, which the latency format ({@code trace-cmd report -l}) writes without
 *     brackets and with the flags after it ({@code 2d..1.}). The event may also be named
 *     {@code block:block_rq_issue:} (perf).</li>
 * <li>{@code MAJ,MIN}: the device; {@code stream = (maj << 20) | min} ({@link BlockEventFields}).</li>
 * <li>{@code RWBS}: the op ({@link BlockEventFields#op}); {@code N} (passthrough, write-zeroes,
 *     zone commands) is left out and counted ({@link #requestAccounts()}: at its issue, with
 *     {@code NR_SECTORS * 512} bytes; once when requeued and issued again).</li>
 * <li>{@code BYTES}: checked to be a number, not used (older kernels print 0 for file-system
 *     requests); the length is {@code NR_SECTORS * 512}.</li>
 * <li>{@code (CMD)}: empty on current kernels; older kernels print a passthrough command's
 *     bytes there, and such requests are left out and counted as other requests of 0 bytes. A complete without it (oldest kernels) is read.</li>
 * <li>{@code SECTOR}: 512-byte units. Flushes print {@code 18446744073709551615 + 0} (older
 *     kernels) or {@code 0 + 0}: a FLUSH with offset and length 0. Current kernels print a
 *     flush's issue as {@code 0 + 0} and its completion as {@code 18446744073709551615 + 0}, so
 *     flushes pair by device alone ({@link CompletionMatcher}); the completion that follows a
 *     flush, of the write that asked for it ({@code WS () 0 + 0}), moves no data and is passed over.</li>
 * <li>The ioprio triple ({@code be,0,4}, kernels since 6.x) and anything else between the size
 *     and the bracketed name is ignored. {@code [COMM]} on an issue becomes {@code process}; on a
 *     complete it is the error code ({@code [-5]}: EIO), and an IO that failed is kept and counted
 *     by error ({@link #requestAccounts()}).</li>
 * </ul>
 * Skipped without complaint: header lines starting with {@code #}, the preamble of
 * {@code trace-cmd report} ({@code CPU 3 is empty}, {@code cpus=4}), every other event (other
 * {@code block_*} events, scheduler events…), {@code block_rq_requeue} after cancelling the
 * issue it re-queues, blank lines, and a complete with no waiting issue (issued before tracing
 * began). A line saying the ring buffer lost events ({@code CPU:2 [LOST 5 EVENTS]} from the
 * kernel, {@code CPU:2 [5 EVENTS DROPPED]} from {@code trace-cmd report}) is no IO, but a read,
 * write or trim waiting across it is given up when its sector is issued again
 * ({@link CompletionMatcher#eventsLost}), so that it does not take that later request's completion. An issue still waiting at the
 * end of the trace, or when 262,144 later issues wait behind it (a capture of issue events only;
 * a lost completion), is an IO without a completion time; a {@link #live} reader drops it
 * instead and counts it in {@link #skippedRecords()}: a recording drains every request before it
 * ends, so an issue left without its completion there means the ring buffer lost events, which
 * the recorder reports. A file with lines but none of these (another format's, read with
 * {@code --from tracefs}) is refused.
 *
 * <p>A live reader ({@link #live}) also hands the {@code trace_marker} lines of the stream to a
 * {@link MarkerSink}, which may end the input there:
 * <pre>
 * TASK-PID [CPU] [FLAGS] SECONDS: tracing_mark_write: TEXT
 *             java-4242  [001] ...1.  1234.570000: tracing_mark_write: sbench-mark 5f3a boot done
 * </pre>
 * (the marker line's time is read as an event's is; TEXT is the rest of the line after one space).
 */
public final class TracefsReader extends BlockEventLineReader implements TracefsLiveReader {
    private static final String ISSUE_LAYOUT =
            "TASK-PID [CPU] SECONDS: block_rq_issue: MAJ,MIN RWBS BYTES (CMD) SECTOR + NR_SECTORS [COMM]";
    private static final String COMPLETE_LAYOUT =
            "TASK-PID [CPU] SECONDS: block_rq_complete: MAJ,MIN RWBS (CMD) SECTOR + NR_SECTORS [ERROR]";
    private static final String ISSUE = "block_rq_issue:";
    private static final String COMPLETE = "block_rq_complete:";
    private static final String REQUEUE = "block_rq_requeue:";
    private static final String MARKER = "tracing_mark_write:";
    private static final String PERF_PREFIX = "block:";
    private static final int SHORTEST_EVENT = ISSUE.length();
    private static final int LONGEST_EVENT = PERF_PREFIX.length() + COMPLETE.length();
    /** Task, CPU and timestamp come before the event name at least. */
    private static final int MIN_EVENT_FIELD = 2;
    private static final int NS_DIGITS = 9;
    private static final long NS_PER_SECOND = 1_000_000_000L;
    private static final long MAX_SECONDS = Long.MAX_VALUE / NS_PER_SECOND - 1;
    private static final String TIMESTAMP = "a timestamp in seconds followed by ':'";
    private static final String COUNTED_TIMESTAMP = "a timestamp in seconds with a fraction followed by ':' (a trace_clock"
            + " that counts, uptime, counter or x86-tsc, prints none: capture with trace_clock local)";
    private static final long[] FRACTION_SCALE = {
        1_000_000_000L, 100_000_000L, 10_000_000L, 1_000_000L, 100_000L, 10_000L, 1_000L, 100L, 10L, 1L,
    };
    /** The first line of the header the kernel writes atop {@code trace}; other formats' comments start with '#' too. */
    private static final String HEADER_START = "# tracer:";
    private static final String NOT_A_TRACE = "no line is a kernel trace's (a header from '" + HEADER_START
            + "', or an event 'TASK-PID [CPU] SECONDS: EVENT: ...'): not a tracefs trace";
    private static final TraceInfo INFO = TraceInfo.of(TracefsFormat.NAME,
            EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS))
            .withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);

    /** Receives the {@code trace_marker} lines of a live stream; called on the reading thread. */
    @FunctionalInterface
    public interface MarkerSink {
        /**
         * A marker written at {@code timeNs} (the events' clock) with {@code text}.
         *
         * @return true to end the input after this line ({@link BlockEventLineReader#endInput})
         */
        boolean marker(long timeNs, String text);
    }

    private final MarkerSink markers;
    /** The event of the current line, set from {@link #eventField} on. */
    private final TracefsEvent event = new TracefsEvent();
    /** The field of the current line's timestamp, for {@link #earlier}. */
    private int timeField;
    private final LongFunction<SbenchException> earlier =
            issueNs -> fields.error(timeField, BlockEventPairing.earlierThanIssue(issueNs));

    TracefsReader(TraceInput input, ReadOptions options) {
        this(input, options, null);
    }

    private TracefsReader(TraceInput input, ReadOptions options, MarkerSink markers) {
        super(input, options, INFO, markers == null, NOT_A_TRACE);
        this.markers = markers;
    }

    /**
     * A reader of a live event stream such as an instance's {@code trace_pipe}, read as it is
     * produced, whose marker lines go to {@code markers}; the input ends when the stream does or
     * when {@code markers} says so.
     */
    public static TracefsReader live(TraceInput input, ReadOptions options, MarkerSink markers) {
        return new TracefsReader(input, options, java.util.Objects.requireNonNull(markers, "markers"));
    }

    @Override
    protected boolean parseLine(int n) {
        if (fields.charAt(0, 0) == '#') {
            return false;
        }
        int eventField = eventField(n);
        if (eventField < 0) {
            if (isLossLine(n)) {
                event.kind = TracefsEvent.Kind.LOST;
                deliver();
                return true;
            }
            return false;
        }
        if (event.kind == TracefsEvent.Kind.MARKER) {
            marker(eventField);
            return true;
        }
        boolean issue = event.kind == TracefsEvent.Kind.ISSUE;
        String layout = issue ? ISSUE_LAYOUT : COMPLETE_LAYOUT;
        if (eventField < MIN_EVENT_FIELD) {
            throw cursor.error(layout);
        }
        int dev = eventField + 1;
        int rwbs = eventField + 2;
        int cmd = rwbs + 1;
        if (issue) {
            fields.require(cmd + 1, layout);
            fields.unsignedAt(cmd, "a byte count");
            cmd++;
        }
        fields.require(cmd + 1, layout);
        int sectorField = cmd;
        if (fields.length(cmd) > 0 && fields.charAt(cmd, 0) == '(') {
            if (fields.length(cmd) != 2 || fields.charAt(cmd, 1) != ')') {
                // A passthrough command's bytes (older kernels): a request of another kind, of no bytes.
                event.op = null;
                event.lengthBytes = 0;
                deliver();
                return true;
            }
            sectorField = cmd + 1;
        }
        int plus = sectorField + 1;
        int sectors = sectorField + 2;
        fields.require(sectors + 1, layout);
        if (fields.length(plus) != 1 || fields.charAt(plus, 0) != '+') {
            throw fields.error(plus, "'+' between sector and sector count");
        }
        timeField = eventField - 1;
        event.timeNs = timestampNs(timeField);
        event.device = BlockEventFields.device(fields, dev);
        event.sector = BlockEventFields.sector(fields, sectorField);
        event.sectors = fields.unsignedAt(sectors, "a sector count");
        event.op = BlockEventFields.op(fields, rwbs, event.sectors);
        if (event.op == null) {
            event.lengthBytes = BlockEventFields.spanBytes(fields, sectors, event.sectors);
        } else if (issue) {
            event.offsetBytes = BlockEventFields.offsetBytes(fields, sectorField, event.op, event.sector);
            event.lengthBytes = BlockEventFields.lengthBytes(fields, sectors, event.op, event.sectors);
            event.process = names().bracketed(fields, sectorField);
        } else if (event.kind == TracefsEvent.Kind.COMPLETE) {
            event.errno = BlockEventFields.errno(fields, n - 1);
        }
        deliver();
        return true;
    }

    private void deliver() {
        if (event.deliver(pairing(), markers, earlier)) {
            endInput();
        }
    }

    @Override
    protected boolean isOwnLine() {
        String line = cursor.line();
        return line.startsWith(HEADER_START) || TracefsFormat.eventName(line) != null || TracefsFormat.isReportPreamble(line);
    }

    /** {@code CPU:N [LOST ...} (the kernel) or {@code CPU:N [... DROPPED]} (trace-cmd). */
    private boolean isLossLine(int n) {
        if (n < 2 || fields.length(0) < 5 || fields.charAt(0, 0) != 'C' || fields.charAt(0, 1) != 'P'
                || fields.charAt(0, 2) != 'U' || fields.charAt(0, 3) != ':') {
            return false;
        }
        return fields.equalsIgnoreCase(1, "[LOST") || fields.equalsIgnoreCase(n - 1, "DROPPED]");
    }

    /** A marker line of a live stream: its time and text to the sink. */
    private void marker(int eventField) {
        if (eventField < MIN_EVENT_FIELD) {
            throw cursor.error("TASK-PID [CPU] SECONDS: tracing_mark_write: TEXT");
        }
        event.timeNs = timestampNs(eventField - 1);
        String line = cursor.line();
        int at = line.indexOf(MARKER) + MARKER.length();
        event.text = at < line.length() ? line.substring(at + 1) : "";
        deliver();
    }

    /**
     * Index of the field naming a block request event (or, for a live reader, a marker), setting
     * the {@link #event}'s kind; -1 for other lines.
     */
    private int eventField(int n) {
        for (int i = 0; i < n; i++) {
            int len = fields.length(i);
            if (markers != null && len == MARKER.length() && fields.charAt(i, 0) == 't' && fields.equalsIgnoreCase(i, MARKER)) {
                event.kind = TracefsEvent.Kind.MARKER;
                return i;
            }
            if (len < SHORTEST_EVENT || len > LONGEST_EVENT || fields.charAt(i, 0) != 'b'
                    || fields.charAt(i, len - 1) != ':') {
                continue;
            }
            if (is(i, ISSUE)) {
                event.kind = TracefsEvent.Kind.ISSUE;
                return i;
            }
            if (is(i, COMPLETE)) {
                event.kind = TracefsEvent.Kind.COMPLETE;
                return i;
            }
            if (is(i, REQUEUE)) {
                event.kind = TracefsEvent.Kind.REQUEUE;
                return i;
            }
        }
        return -1;
    }

    private boolean is(int i, String event) {
        int len = fields.length(i);
        if (len == event.length()) {
            return fields.equalsIgnoreCase(i, event);
        }
        if (len != PERF_PREFIX.length() + event.length()) {
            return false;
        }
        for (int p = 0; p < len; p++) {
            char expected = p < PERF_PREFIX.length() ? PERF_PREFIX.charAt(p) : event.charAt(p - PERF_PREFIX.length());
            if (fields.charAt(i, p) != expected) {
                return false;
            }
        }
        return true;
    }

    /**
     * Field {@code i} as {@code SECONDS.FRACTION:} in ns; digits past the ninth decimal are dropped.
     * Whole digits alone are the count of a trace_clock that does not keep time, refused.
     */
    private long timestampNs(int i) {
        int len = fields.length(i);
        if (len < 2 || fields.charAt(i, len - 1) != ':') {
            throw fields.error(i, TIMESTAMP);
        }
        long seconds = 0;
        long fraction = 0;
        int fractionDigits = 0;
        boolean dot = false;
        boolean digit = false;
        for (int p = 0; p < len - 1; p++) {
            char c = fields.charAt(i, p);
            if (c == '.' && !dot) {
                dot = true;
                continue;
            }
            if (c < '0' || c > '9') {
                throw fields.error(i, TIMESTAMP);
            }
            digit = true;
            if (!dot) {
                seconds = Math.min(seconds * 10 + (c - '0'), MAX_SECONDS + 1);
            } else if (fractionDigits < NS_DIGITS) {
                fraction = fraction * 10 + (c - '0');
                fractionDigits++;
            }
        }
        if (digit && !dot) {
            throw fields.error(i, COUNTED_TIMESTAMP);
        }
        if (!digit || seconds > MAX_SECONDS) {
            throw fields.error(i, TIMESTAMP);
        }
        return seconds * NS_PER_SECOND + fraction * FRACTION_SCALE[fractionDigits];
    }
}
