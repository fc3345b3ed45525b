package org.sbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.step.StepListener;

/**
 * A step's progress on stderr: its notes always (what a purge destroys, a method the device lacks);
 * on a terminal (or with {@code --progress}) a line per run as it starts and ends, the run's progress
 * line rewritten in place, and the progress of work that is no IO run (a purge, an idle wait).
 */
final class StepProgress implements StepListener {
    private static final double NS_PER_S = 1e9;
    private static final double PERCENT = 100;

    private final PrintWriter err;
    private final boolean shown;
    /** A progress line is on the terminal without its newline: a line that follows must end it first. */
    private boolean lineOpen;

    StepProgress(PrintWriter err, boolean shown) {
        this.err = err;
        this.shown = shown;
    }

    @Override
    public void note(String line) {
        endLine();
        err.println(line);
        err.flush();
    }

    @Override
    public ReplayListener run(String what) {
        if (!shown) {
            return ReplayListener.NONE;
        }
        endLine();
        err.println(what);
        err.flush();
        ProgressLine planned = new ProgressLine(err);
        return (done, total, elapsedNs, bytes) -> {
            if (total >= 0) {
                planned.progress(done, total, elapsedNs, bytes);
                lineOpen = done < total;
            } else {
                // A run that a time limit ends: no total to count towards.
                double s = Math.max(elapsedNs / NS_PER_S, 1e-9);
                err.print(String.format(Locale.ROOT, "\r%,d IOs  %,.0f IOPS  %.1f MB/s  %.1f s   ", done, done / s, bytes / 1e6 / s, s));
                err.flush();
                lineOpen = true;
            }
        };
    }

    @Override
    public void runDone(String what, ReplayResult r) {
        if (shown) {
            err.println(String.format(Locale.ROOT, "\r%s: %.1f MB/s, %,.0f IOPS, p99 %.1f us%s", what, r.summary().mbps(),
                    r.summary().iops(), r.summary().latency().get("all").p99Us(), r.complete() ? "" : ", stopped (" + r.stopReason() + ")"));
            err.flush();
            lineOpen = false;
        }
    }

    @Override
    public void progress(String what, long done, long total, long elapsedNs) {
        if (shown) {
            err.print(String.format(Locale.ROOT, "\r%s %5.1f%%  %.1f s   ", what, total == 0 ? PERCENT : PERCENT * done / total,
                    elapsedNs / NS_PER_S));
            lineOpen = true;
            if (done >= total) {
                endLine();
            }
            err.flush();
        }
    }

    private void endLine() {
        if (lineOpen) {
            err.println();
            lineOpen = false;
        }
    }
}
