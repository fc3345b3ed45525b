// The recording's live status on stderr: elapsed, IOs, read and write MB/s, events lost.
package org.sbench.cli;

import java.util.Locale;
import org.sbench.record.RecordStatus;

/**
 * The recording's status on a {@link ProgressLine} (whose clock is the recording's): rewritten in
 * place on a terminal each second, elsewhere one line every 10 s, none with {@code --progress none}. Rates are
 * over the interval since the previous line, so they show what the device is doing now. Not
 * thread-safe.
 */
final class RecordStatusLine {
    private static final double NS_PER_S = 1e9;
    /** The least time between two lines. */
    private static final long INTERVAL_NS = 1_000_000_000L;
    private static final double MB = 1e6;
    private static final long SECONDS_PER_HOUR = 3600;
    private static final long SECONDS_PER_MINUTE = 60;
    private static final String FIELDS = "  ";

    private final ProgressLine line;
    private RecordStatus previous = new RecordStatus(0, 0, 0, 0, 0, 0);

    RecordStatusLine(ProgressLine line) {
        this.line = line;
    }

    /** Whether a line is due; asked before taking a status, which reads the kernel's counters. */
    boolean due() {
        return line.due();
    }

    /**
     * How long to wait for the next line, ns: until it is {@link #due()}, but a second after the last one at the
     * soonest (a terminal's line could be rewritten four times a second); {@link Long#MAX_VALUE} when none will be.
     */
    long untilDueNs() {
        long due = line.untilDueNs();
        return due == Long.MAX_VALUE ? due : Math.max(due, previous.elapsedNs() + INTERVAL_NS - line.now());
    }

    void show(RecordStatus s) {
        line.show(format(s, previous));
        previous = s;
    }

    /** Ends a line left open on a terminal, before other output. */
    void end() {
        line.end();
    }

    /** "2:01:02  5,000 IOs  read 4.0 MB/s  write 2.0 MB/s  events lost 12  marks 2"; on a narrow terminal the rates go first, then the IOs. */
    static Status format(RecordStatus now, RecordStatus before) {
        double s = Math.max((now.elapsedNs() - before.elapsedNs()) / NS_PER_S, 1e-9);
        long total = now.elapsedNs() / 1_000_000_000L;
        Status status = new Status("", FIELDS)
                .add(String.format(Locale.ROOT, "%d:%02d:%02d", total / SECONDS_PER_HOUR, total / SECONDS_PER_MINUTE % SECONDS_PER_MINUTE,
                        total % SECONDS_PER_MINUTE))
                .add(Status.Kind.COUNT, String.format(Locale.ROOT, "%,d IOs", now.ios()))
                .add(Status.Kind.RATE, String.format(Locale.ROOT, "read %.1f MB/s", (now.bytesRead() - before.bytesRead()) / MB / s))
                .add(Status.Kind.RATE, String.format(Locale.ROOT, "write %.1f MB/s", (now.bytesWritten() - before.bytesWritten()) / MB / s))
                .add("events lost " + (now.eventsLost() == RecordStatus.UNKNOWN ? "unknown" : String.format(Locale.ROOT, "%,d", now.eventsLost())));
        return now.marks() > 0 ? status.add("marks " + now.marks()) : status;
    }
}
