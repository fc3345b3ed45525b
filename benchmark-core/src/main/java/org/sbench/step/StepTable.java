// A step's result as the terminal shows it: one row per run, and what is particular to the step's kind.
package org.sbench.step;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.sbench.result.ReplayResult;
import org.sbench.result.SecondsSpan;
import org.sbench.result.TableResultWriter;
import org.sbench.result.TextTable;
import org.sbench.target.StripedTarget;

/**
 * Prints a {@link StepResult} for the terminal: what ran on which target and how long it took; a row
 * per run (fill pass, torture round, idle probe) with IOs, MB, busy time, MB/s, IOPS and the p99 and
 * maximum service time; for a torture run without rounds its curve in at most {@value #CURVE_ROWS}
 * slices of its per-second series; on a striped target each run's members (their own IOs, MB, busy
 * time, MB/s, depth); a sweep's points; a purge's range; the steady-state verdict. A run that read
 * never-written extents of a file is marked, and said above the table, as replay's table says it.
 * MB = 10^6 bytes; MB/s and IOPS over busy time.
 */
public final class StepTable {
    static final int CURVE_ROWS = 20;
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final double BYTES_PER_GB = 1e9;
    private static final double PERCENT = 100;
    /** The mark of a run that read never-written extents of a file, whose line above the table says more. */
    static final String UNWRITTEN = "UNWRITTEN";

    /** Writes {@code r}, a step run on {@code target} (as the user named it). */
    public void write(StepResult r, String target, PrintWriter out) {
        out.println(String.format(Locale.ROOT, "%-8s %s", "step", r.label()));
        out.println(String.format(Locale.ROOT, "%-8s %s%s", "target", target, engine(r.results())));
        out.println(String.format(Locale.ROOT, "%-8s %s, %s s, %s MB %s", "run", r.startedAt(), f3(r.durationNs() / NS_PER_S),
                f1(r.bytesWritten() / BYTES_PER_MB), r.bytesToZero() > 0 ? StepResult.TO_ZERO : "written"));
        if (!r.complete()) {
            out.println("INCOMPLETE: stopped (" + r.stopReason() + ")");
        }
        for (StepResult.NamedRun run : r.runs()) {
            if (run.result().readsUnwritten()) {
                out.println(TableResultWriter.unwritten(run.result(), r.runs().size() == 1 ? null : run.name()));
            }
        }
        if (r.purge() != null) {
            out.println(purge(r.purge()));
        }
        if (!r.runs().isEmpty()) {
            out.println();
            runs(r).print(out, "");
        }
        ReplayResult first = r.runs().isEmpty() ? null : r.runs().get(0).result();
        if (first != null && first.stripe() != null) {
            out.println();
            out.println(String.format(Locale.ROOT, "%-8s %s", "stripe", first.target().device().get(StripedTarget.KEY_STRIPE)));
            members(r).print(out, "");
        }
        if (r.kind().equals(TortureStep.KIND) && r.steadyState() == null && r.runs().size() == 1) {
            out.println();
            curve(r.runs().get(0).result()).print(out, "");
        }
        if (r.sweep() != null) {
            out.println();
            sweep(r.sweep()).print(out, "");
        }
        if (r.steadyState() != null) {
            out.println();
            out.println(steady(r.steadyState()));
        }
        out.flush();
    }

    private static String engine(List<ReplayResult> runs) {
        return runs.isEmpty() ? "" : ", engine " + runs.get(0).settings().engine();
    }

    private static String purge(StepResult.PurgeSummary p) {
        return String.format(Locale.ROOT, "%-8s %s of %,d bytes from byte %,d in %,d chunk%s%s", "purged", p.method(), p.lengthBytes(),
                p.offsetBytes(), p.chunks(), p.chunks() == 1 ? "" : "s", p.note() == null ? "" : "; " + p.note());
    }

    private static TextTable runs(StepResult r) {
        TextTable t = new TextTable("run", "IOs", "MB", "busy s", "MB/s", "IOPS", "p99 us", "max us", "");
        for (StepResult.NamedRun run : r.runs()) {
            ReplayResult x = run.result();
            ReplayResult.Summary s = x.summary();
            ReplayResult.Latency l = s.latency().get("all");
            String mark = (x.complete() ? "" : "stopped (" + x.stopReason() + ")") + (x.readsUnwritten() ? (x.complete() ? "" : ", ")
                    + UNWRITTEN : "");
            boolean none = s.ios() == 0;
            t.row(run.name(), String.format(Locale.ROOT, "%,d", s.ios()), f1((s.bytesRead() + s.bytesWritten()) / BYTES_PER_MB),
                    none ? "-" : f3(s.busyNs() / NS_PER_S), none ? "-" : f1(s.mbps()), none ? "-" : f0(s.iops()),
                    none ? "-" : f1(l.p99Us()), none ? "-" : f1(l.maxUs()), mark);
        }
        return t;
    }

    /** A striped target's members in each run: their own IOs, MB, busy time, MB/s and depth. */
    private static TextTable members(StepResult r) {
        TextTable t = new TextTable("run", "member", "IOs", "MB", "busy s", "MB/s", "QD avg", "path");
        for (StepResult.NamedRun run : r.runs()) {
            List<ReplayResult.Member> members = run.result().stripe() == null ? List.of() : run.result().stripe().members();
            for (int m = 0; m < members.size(); m++) {
                ReplayResult.Member x = members.get(m);
                boolean none = x.ios() == 0;
                t.row(run.name(), Integer.toString(m), String.format(Locale.ROOT, "%,d", x.ios()),
                        f1((x.bytesRead() + x.bytesWritten()) / BYTES_PER_MB), none ? "-" : f3(x.busyNs() / NS_PER_S),
                        none ? "-" : f1(x.mbps()), none ? "-" : String.format(Locale.ROOT, "%.2f", x.qd().avg()), x.path());
            }
        }
        return t;
    }

    /**
     * The run's per-second series in at most {@link #CURVE_ROWS} slices of whole seconds: IOPS and MB/s
     * over the time each slice covers, mean and maximum latency. A short last second (the IOs in flight
     * when a time limit ended the run, completing just after it) counts with the second before it
     * ({@link SecondsSpan}).
     */
    static TextTable curve(ReplayResult r) {
        List<ReplayResult.Second> series = r.timeSeries();
        List<SecondsSpan> spans = SecondsSpan.of(r);
        TextTable t = new TextTable("seconds", "IOPS", "MB/s", "mean us", "max us");
        int per = Math.max(1, (spans.size() + CURVE_ROWS - 1) / CURVE_ROWS);
        for (int from = 0; from < spans.size(); from += per) {
            SecondsSpan slice = spans.get(from);
            for (int i = from + 1; i < Math.min(from + per, spans.size()); i++) {
                slice = slice.join(spans.get(i));
            }
            double ios = slice.sum(series, s -> s.readIops() + s.writeIops());
            double serviceUs = slice.sum(series, s -> s.meanUs() * (s.readIops() + s.writeIops()));
            double maxUs = 0;
            for (int i = slice.from(); i < slice.to(); i++) {
                maxUs = Math.max(maxUs, series.get(i).maxUs());
            }
            String seconds = slice.to() - slice.from() == 1 ? Integer.toString(slice.from()) : slice.from() + "-" + (slice.to() - 1);
            t.row(seconds, f0(slice.rate(series, s -> s.readIops() + s.writeIops())),
                    f1(slice.rate(series, s -> s.readMbps() + s.writeMbps())), f1(ios == 0 ? 0 : serviceUs / ios), f1(maxUs));
        }
        return t;
    }

    private static TextTable sweep(List<StepResult.SweepPoint> points) {
        TextTable t = new TextTable("point", "offset GB", "MB", "MB/s", "p99 us");
        for (StepResult.SweepPoint p : points) {
            t.row(Integer.toString(p.point()), f3(p.offsetBytes() / BYTES_PER_GB), f1(p.lengthBytes() / BYTES_PER_MB), f1(p.mbps()),
                    f1(p.p99Us()));
        }
        return t;
    }

    static String steady(SteadyState.Verdict v) {
        String window = Double.isNaN(v.mean()) ? "fewer than " + SteadyState.WINDOW + " rounds"
                : String.format(Locale.ROOT, "last %d rounds: mean %s, range %.1f%% (at most %.0f%%), slope excursion %.1f%% (at most"
                        + " %.0f%%)", SteadyState.WINDOW, f1(v.mean()), PERCENT * v.range() / v.mean(), PERCENT * SteadyState.RANGE_SHARE,
                        PERCENT * v.slopeExcursion() / v.mean(), PERCENT * SteadyState.SLOPE_SHARE);
        return v.reached() ? "steady state (" + v.tracked() + ") reached at round " + v.round() + "; " + window
                : "steady state (" + v.tracked() + ") not reached in " + v.rounds() + " rounds; " + window;
    }

    private static String f0(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
