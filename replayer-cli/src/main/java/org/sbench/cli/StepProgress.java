package org.sbench.cli;

import java.util.Locale;
import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.step.StepListener;

/**
 * A step's progress on stderr, for step commands and scenarios: its notes always (what a purge
 * destroys, a method the device lacks); as {@code --progress} says, a line naming each run as it
 * starts, the run's progress line, a line with its result, and the progress of work that is no IO
 * run (a purge's chunks, an idle wait).
 */
final class StepProgress implements StepListener {
    private static final double PERCENT = 100;

    private final ProgressLine line;

    StepProgress(ProgressLine line) {
        this.line = line;
    }

    @Override
    public void note(String text) {
        line.note(text);
    }

    @Override
    public ReplayListener run(String what) {
        if (!line.shows()) {
            return ReplayListener.NONE;
        }
        line.note(what);
        return ReplayProgress.ofPass(line, what, 0);
    }

    @Override
    public void runDone(String what, ReplayResult r) {
        if (line.shows()) {
            line.note(String.format(Locale.ROOT, "%s: %.1f MB/s, %,.0f IOPS, p99 %.1f us%s", what, r.summary().mbps(),
                    r.summary().iops(), r.summary().latency().get("all").p99Us(), r.complete() ? "" : ", stopped (" + r.stopReason() + ")"));
        }
    }

    @Override
    public void progress(String what, long done, long total, long elapsedNs) {
        String status = String.format(Locale.ROOT, "%s %.1f%%, ", what, total == 0 ? PERCENT : PERCENT * done / total)
                + ProgressLine.time(done, total, elapsedNs);
        if (done >= total) {
            line.last(status);
            // What follows (the next run's line, the step's table on stdout) starts on a line of its own.
            line.end();
        } else {
            line.show(status);
        }
    }
}
