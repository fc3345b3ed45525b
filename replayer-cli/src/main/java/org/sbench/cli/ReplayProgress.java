package org.sbench.cli;

import java.util.Locale;
import org.sbench.replay.ReplayListener;
import org.sbench.trace.Progress;
import org.sbench.trace.units.Units;

/**
 * A replay as a progress line: first its plan (the trace read once for statistics and hashed, as
 * {@link Progress}), then the replay: "replay: 12,345 of 100,000 IOs (12.3%), 45,678 IOPS,
 * 123.4 MB/s over wall time, elapsed 0:12, ETA 1:25". Rates are over the time since the first
 * submit (wall time), which is what a running replay knows; the result's are over busy time.
 */
final class ReplayProgress implements ReplayListener, Progress {
    private static final double BYTES_PER_MB = 1e6;
    private final ProgressLine line;
    private final TaskProgress planning;
    private final String what;
    private final long limitNs;
    private final Whole whole;
    private boolean replaying;

    /** The task a run is part of (a suite of passes), shown after the run's own status. */
    @FunctionalInterface
    interface Whole {
        /** Adds to {@code run} the task's status with this run {@code runFraction} (0 to 1) done: "suite: run 5 of 40, elapsed 0:27, ETA 3:10". */
        void status(Status run, double runFraction);
    }

    private ReplayProgress(ProgressLine line, String what, TaskProgress planning, long limitNs, Whole whole) {
        this.line = line;
        this.what = what;
        this.planning = planning;
        this.limitNs = limitNs;
        this.whole = whole;
    }

    /** The replay of the trace file {@code trace}, planned first. */
    static ReplayProgress ofTrace(ProgressLine line, String trace) {
        return new ReplayProgress(line, "replay", new TaskProgress(line, "planning " + trace + " (statistics and SHA-256)",
                TaskProgress.Unit.BYTES), 0, null);
    }

    /** A replay of generated IOs called {@code what}, which ends at a time limit {@code limitNs} after its start (0: at its end). */
    static ReplayProgress ofPass(ProgressLine line, String what, long limitNs) {
        return new ReplayProgress(line, what, null, limitNs, null);
    }

    /** As {@link #ofPass(ProgressLine, String, long)}, one run of {@code whole}, whose status follows the run's. */
    static ReplayProgress ofPass(ProgressLine line, String what, long limitNs, Whole whole) {
        return new ReplayProgress(line, what, null, limitNs, whole);
    }

    /** How much of this run is done, 0 to 1: by IOs when their total is known, else by its time limit. */
    private double fraction(long doneIos, long totalIos, long elapsedNs) {
        if (totalIos > 0) {
            return Math.min(1.0, (double) doneIos / totalIos);
        }
        return limitNs > 0 ? Math.min(1.0, (double) elapsedNs / limitNs) : 0;
    }

    @Override
    public void at(long done, long total) {
        if (!replaying && planning != null) {
            planning.at(done, total);
        }
    }

    @Override
    public void started(long startNs) {
        replaying = true;
    }

    @Override
    public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
        if (line.due() || totalIos > 0 && doneIos >= totalIos) {
            Status s = status(doneIos, totalIos, elapsedNs, bytes);
            if (totalIos > 0 && doneIos >= totalIos) {
                line.last(s);
            } else {
                line.show(s);
            }
        }
    }

    Status status(long doneIos, long totalIos, long elapsedNs, long bytes) {
        Status s = new Status(what).amount(doneIos, totalIos, "IOs", Units::count)
                .add(Status.Kind.RATE, String.format(Locale.ROOT, "%,.0f IOPS", ProgressLine.rate(doneIos, elapsedNs)))
                .add(Status.Kind.RATE, String.format(Locale.ROOT, "%.1f MB/s over wall time", ProgressLine.rate(bytes / BYTES_PER_MB, elapsedNs)));
        if (totalIos <= 0 && limitNs > 0) {
            s.timeOf(elapsedNs, limitNs);
        } else {
            s.time(doneIos, totalIos, elapsedNs);
        }
        if (whole != null) {
            whole.status(s, fraction(doneIos, totalIos, elapsedNs));
        }
        return s;
    }
}
