package org.sbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.sbench.replay.ReplayListener;

/** The replay's progress on stderr, rewritten in place: IOs done/total, %, IOPS, MB/s, ETA. */
final class ProgressLine implements ReplayListener {
    private static final double NS_PER_S = 1e9;
    private final PrintWriter err;

    ProgressLine(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
        double s = Math.max(elapsedNs / NS_PER_S, 1e-9);
        String pct = totalIos > 0 ? String.format(Locale.ROOT, " %5.1f%%", 100.0 * doneIos / totalIos) : "";
        String eta = totalIos > 0 && doneIos > 0
                ? String.format(Locale.ROOT, " ETA %.0f s", s * (totalIos - doneIos) / doneIos) : "";
        err.print(String.format(Locale.ROOT, "\r%,d/%,d IOs%s  %,.0f IOPS  %.1f MB/s%s   ", doneIos, totalIos, pct,
                doneIos / s, bytes / 1e6 / s, eta));
        if (totalIos > 0 && doneIos >= totalIos) {
            err.println();
        }
        err.flush();
    }
}
