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
    private static final double BYTES_PER_MB = 1e6;

    private final ProgressLine line;

    StepProgress(ProgressLine line) {
        this.line = line;
    }

    @Override
    public void note(String text) {
        line.note(text);
    }

    @Override
    public ReplayListener run(String what, long timeLimitNs) {
        return line.shows() ? ReplayProgress.ofPass(line, what, timeLimitNs) : ReplayListener.NONE;
    }

    @Override
    public void runStarts(String what) {
        if (line.shows()) {
            line.note(what);
        }
    }

    @Override
    public void runDone(String what, ReplayResult r) {
        if (line.shows()) {
            line.note(String.format(Locale.ROOT, "%s: %.1f MB/s, %,.0f IOPS, p99 %.1f us%s", what, r.summary().mbps(),
                    r.summary().iops(), r.summary().latency().get("all").p99Us(), r.complete() ? "" : ", stopped (" + r.stopReason() + ")"));
        }
    }

    /**
     * "purge trim: 1024.0 of 4096.0 MB (25.0%), 512.0 MB/s, elapsed 0:02, ETA 0:06", or for a wait
     * "idle: 1:00 of 5:00 idle (20.0%), elapsed 1:00, ETA 4:00".
     */
    @Override
    public void progress(String what, Work work, long done, long total, long elapsedNs) {
        Status status = new Status(what);
        if (work == Work.BYTES) {
            status.amount(done, total, "MB", b -> String.format(Locale.ROOT, "%.1f", b / BYTES_PER_MB))
                    .add(Status.Kind.RATE, String.format(Locale.ROOT, "%.1f MB/s", ProgressLine.rate(done / BYTES_PER_MB, elapsedNs)));
        } else {
            status.amount(done, total, "idle", ProgressLine::clock);
        }
        status.time(done, total, elapsedNs);
        if (done >= total) {
            line.last(status);
            // What follows (the next run's line, the step's table on stdout) starts on a line of its own.
            line.end();
        } else {
            line.show(status);
        }
    }
}
