package org.sbench.cli;

import java.util.Locale;
import org.sbench.trace.Progress;
import org.sbench.trace.units.Units;

/** A task that reports bytes read of a file, or IOs generated of a trace, as a progress line: "reading x: 12.3 of 45.6 MB (27.0%), ...". */
final class TaskProgress implements Progress {
    private static final double BYTES_PER_MB = 1e6;

    /** What the task counts. */
    enum Unit { BYTES, IOS }

    private final ProgressLine line;
    private final String what;
    private final Unit unit;
    /** When the task first reported, and how much was done by then: its rate and ETA count from there. */
    private long startNs = Long.MIN_VALUE;
    private long startDone;

    /** {@code what}: the task in words, e.g. "reading hm_1.csv.gz". */
    TaskProgress(ProgressLine line, String what, Unit unit) {
        this.line = line;
        this.what = what;
        this.unit = unit;
    }

    @Override
    public void at(long done, long total) {
        boolean first = startNs == Long.MIN_VALUE;
        if (first) {
            startNs = line.now();
            startDone = done;
        }
        if (total > 0 && done >= total) {
            line.last(status(done, total, line.now() - startNs));
        } else if (!first && line.due()) {
            line.show(status(done, total, line.now() - startNs));
        }
    }

    /** The status at {@code done} of {@code total}, {@code elapsedNs} after the first report (whose done this counts from). */
    Status status(long done, long total, long elapsedNs) {
        Status s = new Status(what);
        long since = done - startDone;
        if (unit == Unit.BYTES) {
            s.amount(done, total, "MB read", b -> String.format(Locale.ROOT, "%.1f", b / BYTES_PER_MB))
                    .add(Status.Kind.RATE, String.format(Locale.ROOT, "%.1f MB/s", ProgressLine.rate(since / BYTES_PER_MB, elapsedNs)));
        } else {
            s.amount(done, total, "IOs", Units::count).add(Status.Kind.RATE, String.format(Locale.ROOT, "%,.0f IOs/s", ProgressLine.rate(since, elapsedNs)));
        }
        return s.time(since, total - startDone, elapsedNs);
    }
}
