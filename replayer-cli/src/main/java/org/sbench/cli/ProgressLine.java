package org.sbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.sbench.result.DisplayWidth;

/**
 * The progress of a long command on stderr: on a terminal one line rewritten in place ({@code \r}),
 * the first {@link #LIVE_FIRST_NS} after the line was made and then at most
 * {@link #LIVE_INTERVAL_NS} apart, so that a command done within a second prints none; elsewhere
 * (a log, CI) one line every {@link #LINES_INTERVAL_NS}; or nothing. The callers ask
 * {@link #due()} before they build a status, so that a status is formatted only when it is shown.
 * One task at a time; a line left open when the JVM exits (a signal before the command took the stop
 * signals, as while a bundled workload is made) is ended by a shutdown hook, so that the shell's
 * prompt does not land on it, and nothing is shown after.
 */
final class ProgressLine {
    static final long LIVE_FIRST_NS = 1_000_000_000L;
    static final long LIVE_INTERVAL_NS = 250_000_000L;
    static final long LINES_INTERVAL_NS = 10_000_000_000L;
    private static final double NS_PER_S = 1e9;
    private static final long SECONDS_PER_MINUTE = 60;
    private static final long SECONDS_PER_HOUR = 3600;

    /** How progress is shown. */
    enum Mode { LIVE, LINES, NONE }

    private final PrintWriter err;
    private final Mode mode;
    private final IntSupplier columns;
    private final LongSupplier clock;
    private long lastShownNs;
    private boolean shownAny;
    private boolean open;
    private int width;
    private boolean hooked;
    private boolean exiting;

    /**
     * {@code columns}: the terminal's width now (asked at each line shown: a terminal can be resized),
     * to which a line rewritten in place is fit ({@link Status#fit}: a longer one wraps, and
     * {@code \r} goes back to the start of its last row only); 0 when unknown, for no cut.
     */
    ProgressLine(PrintWriter err, Mode mode, IntSupplier columns, LongSupplier clock) {
        this.err = err;
        this.mode = mode;
        this.columns = columns;
        this.clock = clock;
        this.lastShownNs = clock.getAsLong();
    }

    /** The line's clock, in ns: when a task began, for its elapsed time. */
    long now() {
        return clock.getAsLong();
    }

    /** False for {@code --progress none}: nothing of the progress is printed. */
    boolean shows() {
        return mode != Mode.NONE;
    }

    /** True when a status would be shown now. */
    boolean due() {
        return untilDueNs() == 0;
    }

    /** How long until a status is {@link #due()}: 0 when it is now, {@link Long#MAX_VALUE} with {@code --progress none}. */
    long untilDueNs() {
        if (mode == Mode.NONE) {
            return Long.MAX_VALUE;
        }
        long interval = mode == Mode.LINES ? LINES_INTERVAL_NS : shownAny ? LIVE_INTERVAL_NS : LIVE_FIRST_NS;
        return Math.max(0, interval - (clock.getAsLong() - lastShownNs));
    }

    /** Shows {@code status} if one is {@link #due()}. */
    void show(Status status) {
        if (due()) {
            print(status);
        }
    }

    /** The last state of a task: on a terminal it replaces the line shown now, if any; elsewhere it is shown when due. */
    void last(Status status) {
        if (open) {
            print(status);
        } else {
            show(status);
        }
    }

    private synchronized void print(Status status) {
        if (exiting) {
            return;
        }
        lastShownNs = clock.getAsLong();
        shownAny = true;
        if (mode == Mode.LIVE) {
            // Spaces over what is left of a longer previous line, but not past the width: a terminal made
            // narrower since would wrap them onto a row of their own at each rewrite.
            int cols = columns.getAsInt();
            String shown = status.fit(cols);
            int wipe = cols > 0 ? Math.min(width, cols - 1) : width;
            int shownWidth = DisplayWidth.of(shown);
            err.print("\r" + shown + " ".repeat(Math.max(0, wipe - shownWidth)));
            width = shownWidth;
            open = true;
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(this::endAtExit, "sbench-progress-line"));
                hooked = true;
            }
        } else {
            err.println(status.text());
        }
        err.flush();
    }

    /** Ends a line left open on a terminal, before other output. */
    synchronized void end() {
        if (open) {
            err.println();
            err.flush();
            open = false;
            width = 0;
        }
    }

    private synchronized void endAtExit() {
        exiting = true;
        end();
    }

    /**
     * Prints {@code line} on a line of its own, whatever the mode (what the command is about to do);
     * from any thread (record's marks come from one of their own while the status line is shown).
     */
    synchronized void note(String line) {
        end();
        err.println(SbenchCommand.stderrText(line));
        err.flush();
    }

    /** A duration as a clock reads it: 0:07, 12:34, 1:02:03. */
    static String clock(long ns) {
        long s = Math.max(0, ns) / (long) NS_PER_S;
        long h = s / SECONDS_PER_HOUR;
        long m = s / SECONDS_PER_MINUTE % SECONDS_PER_MINUTE;
        long sec = s % SECONDS_PER_MINUTE;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec) : String.format(Locale.ROOT, "%d:%02d", m, sec);
    }

    /** Per second of {@code ns}; 0 before any time passed. */
    static double rate(double amount, long ns) {
        return ns <= 0 ? 0 : amount * NS_PER_S / ns;
    }
}
