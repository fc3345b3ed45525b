package org.sbench.result;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sbench.replay.ReplayMode;
import org.sbench.target.StripedTarget;
import org.sbench.trace.units.Units;

/**
 * The summary a drive review prints for one replay: rates, busy time, latency, size classes,
 * fidelity. The same tables feed the HTML report ({@link HtmlReportWriter}).
 */
public final class TableResultWriter {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final double NS_PER_MS = 1e6;
    private static final int SHA256_SHOWN = 12;

    public void write(ReplayResult r, PrintWriter out) {
        for (String[] line : identity(r)) {
            out.println(String.format(Locale.ROOT, "%-8s %s", line[0], line[1]));
        }
        if (!r.complete()) {
            out.println(incomplete(r));
        }
        if (r.fidelity().skippedRecords() > 0) {
            out.println(skipped(r));
        }
        if (r.readsUnwritten()) {
            out.println(unwritten(r));
        }
        if (r.summary().errors() > 0) {
            out.println(failed(r));
        }
        out.println();
        ReplayResult.Summary m = r.summary();
        rates(r).print(out, "");
        out.println("disk busy " + sec(m.busyNs()) + " s of " + sec(m.wallNs()) + " s wall (wall includes replayed idle)");
        out.println();
        if (r.stripe() != null) {
            out.println("stripe   " + StripeTables.geometry(r));
            StripeTables.members(r).print(out, "");
            StripeTables.depths(r).print(out, "");
            out.println();
        }
        latency(r).print(out, "");
        out.println();
        sizes(r).print(out, "");
        out.println();
        if (r.phases() != null) {
            phases(r).print(out, "");
            out.println();
        }
        out.println("fidelity " + fidelity(r));
        out.println("mapping  " + mapping(r));
        out.println("errors   " + errors(r));
        out.flush();
    }

    /** The lines naming what ran: trace, target, settings, run (label, text). */
    static List<String[]> identity(ReplayResult r) {
        ReplayResult.Settings s = r.settings();
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"trace", r.trace().name() + " (" + r.trace().format() + ", " + count(r.trace().records())
                + " IOs, sha256 " + shortSha(r.trace().sha256()) + ")"});
        lines.add(new String[] {"target", target(r.target())});
        lines.add(new String[] {"settings", s.mode() + modeDetail(s) + streams(r) + ", data " + s.data() + ", engine " + s.engine()
                + (s.engineNote() == null ? "" : " (" + s.engineNote() + ")") + (s.reap() == null ? "" : ", reap " + s.reap())
                + (s.readOnly() ? ", read-only" : "")});
        if (s.discards() != null && r.summary() != null && r.summary().trims() > 0) {
            lines.add(new String[] {"trims", s.discards()});
        }
        if (r.startedAt() != null && r.host() != null) {
            lines.add(new String[] {"run", r.startedAt() + ", sbench " + r.sbenchVersion() + ", kernel " + r.host().kernel()
                    + ", " + r.host().cpu() + " (" + r.host().cores() + " cores)"});
        }
        return lines;
    }

    /**
     * What the run replayed of a trace of several streams, named as inspect names them: ", stream
     * 8:16", ", streams all (8:0, 8:16)"; empty for a trace of one stream.
     */
    static String streams(ReplayResult r) {
        ReplayResult.Mapping m = r.mapping();
        if (m == null || m.streamLayout() == null) {
            String one = r.settings().streamWords();
            return one == null ? "" : ", stream " + one;
        }
        List<String> names = new ArrayList<>();
        if (m.streams() != null) {
            m.streams().forEach(p -> names.add(p.name()));
        }
        return ", streams all" + (names.isEmpty() ? "" : " (" + String.join(", ", names) + ")");
    }

    /**
     * "/dev/sdb (block device, 500107.9 MB, model ...)"; the null target, which has no path, is just "null (4295.0 MB)";
     * a stripe says its geometry: "stripe:64K:A,B (RAID 0 stripe, 128.0 MB usable: 2 x 64.0 MB striped, 64 KiB)".
     */
    private static String target(ReplayResult.TargetIdentity t) {
        String kind = t.path() == null ? "" : TargetWords.kind(t.kind()) + ", ";
        String stripe = t.device() == null ? null : t.device().get(StripedTarget.KEY_STRIPE);
        return t.name() + " (" + kind + mb(t.capacity()) + " MB" + (stripe == null ? "" : " usable: " + stripe) + device(t.device()) + ")";
    }

    static String incomplete(ReplayResult r) {
        ReplayResult.Fidelity f = r.fidelity();
        return "INCOMPLETE: stopped (" + r.stopReason() + ") after "
                + (f.inTrace() > 0 ? f.issuedOfPlanned(TableResultWriter::count) : count(f.issued())) + " IOs";
    }

    /**
     * The warning of a result whose trace file had bad records that were skipped ({@code --skip-bad}):
     * the run replayed the trace without them.
     */
    static String skipped(ReplayResult r) {
        ReplayResult.Fidelity f = r.fidelity();
        return "SKIPPED: " + badRecords(f.skippedRecords()) + " of the trace file (--skip-bad), not replayed; the trace's "
                + count(f.inTrace()) + " IOs are those left";
    }

    /** The IO errors, said before the numbers, which leave the failed IOs out. */
    static String failed(ReplayResult r) {
        return "ERRORS: " + failures(r) + "; IOs, MB and latencies leave them out (their time counts as busy)";
    }

    /** "6,455 IOs failed (write: ENOSPC 6,455)". */
    static String failures(ReplayResult r) {
        long n = r.summary().errors();
        return count(n) + (n == 1 ? " IO failed " : " IOs failed ") + IoErrorSummary.byOp(r, TableResultWriter::count);
    }

    /** "1 bad record", "2 bad records". */
    public static String badRecords(long n) {
        return count(n) + (n == 1 ? " bad record" : " bad records");
    }

    /** The warning of a result whose reads went to never-written extents of a file ({@link ReplayResult#readsUnwritten()}). */
    public static String unwritten(ReplayResult r) {
        return unwritten(r, null);
    }

    /**
     * {@link #unwritten(ReplayResult)} of {@code r}, one run of several, named by {@code run} ("step 2, probe-1"): the
     * tables of steps and scenarios mark their runs as replay's table does.
     */
    public static String unwritten(ReplayResult r, String run) {
        ReplayResult.Unwritten u = r.target().unwritten();
        return "UNWRITTEN" + (run == null ? "" : " (" + run + ")") + ": " + Units.bytes(u.bytes()) + " of the " + Units.bytes(u.rangeBytes())
                + " this run could read of " + r.target().path()
                + " held no data when it began; the filesystem answers such reads without device IO, so read rates are not the"
                + " drive's (write the file first, or replay onto a block device)";
    }

    /** IOs, MB, busy time, MB/s and IOPS for reads, writes and all. */
    static TextTable rates(ReplayResult r) {
        ReplayResult.Summary m = r.summary();
        TextTable rates = new TextTable("", "IOs", "MB", "busy s", "MB/s", "IOPS");
        opRow(rates, "read", m.reads(), m.bytesRead(), m.readBusyNs(), m.readMbps(), Metric.READ_IOPS.of(r));
        opRow(rates, "write", m.writes(), m.bytesWritten(), m.writeBusyNs(), m.writeMbps(), Metric.WRITE_IOPS.of(r));
        // Trims and flushes count in all (IOs, busy time); they move no data and have no rates of their own.
        if (m.trims() > 0) {
            rates.row("trim", count(m.trims()), "-", "-", "-", "-");
        }
        if (m.flushes() > 0) {
            rates.row("flush", count(m.flushes()), "-", "-", "-", "-");
        }
        opRow(rates, "all", m.ios(), m.bytesRead() + m.bytesWritten(), m.busyNs(), m.mbps(), m.iops());
        return rates;
    }

    /**
     * One op's row; without IOs it has no busy time and so no rates ("-", as its latency), where
     * 0 MB/s and 0 IOPS would read as measured.
     */
    private static void opRow(TextTable rates, String op, long ios, long bytes, long busyNs, double mbps, double iops) {
        if (ios == 0) {
            rates.row(op, count(0), mb(bytes), "-", "-", "-");
        } else {
            rates.row(op, count(ios), mb(bytes), sec(busyNs), f1(mbps), f0(iops));
        }
    }

    /** Service-time statistics per op, in µs. */
    static TextTable latency(ReplayResult r) {
        TextTable lat = new TextTable("latency us", "mean", "p50", "p90", "p99", "p99.9", "max", ">10ms");
        for (Map.Entry<String, ReplayResult.Latency> e : r.summary().latency().entrySet()) {
            ReplayResult.Latency l = e.getValue();
            if (Metric.ios(r, e.getKey()) == 0) {
                lat.row(e.getKey(), "-", "-", "-", "-", "-", "-", "-");
            } else {
                lat.row(e.getKey(), f1(l.meanUs()), f1(l.p50Us()), f1(l.p90Us()), f1(l.p99Us()), f1(l.p999Us()), f1(l.maxUs()),
                        f1(l.over10msPct()) + "%");
            }
        }
        return lat;
    }

    /** The size classes that have IOs, per op. */
    static TextTable sizes(ReplayResult r) {
        TextTable sizes = new TextTable("size", "op", "IOs", "% IOs", "MB", "busy s", "MB/s", "p99 us");
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            if (c.count() > 0) {
                sizes.row(c.sizeClass(), c.op(), count(c.count()), f1(c.pct()), mb(c.bytes()), sec(c.busyNs()), f1(c.mbps()),
                        f1(c.latency().p99Us()));
            }
        }
        return sizes;
    }

    /**
     * Each phase of the trace: IOs, MB, wall and busy time, MB/s, p99 service time; first the IOs and
     * MB of those issued before the first mark, which belong to no phase, when there are any.
     */
    static TextTable phases(ReplayResult r) {
        TextTable phases = new TextTable("phase", "IOs", "MB", "wall s", "busy s", "MB/s", "p99 us");
        long ios = r.summary().ios();
        long bytes = r.summary().bytesRead() + r.summary().bytesWritten();
        for (ReplayResult.PhaseResult p : r.phases()) {
            ios -= p.ios();
            bytes -= p.bytesRead() + p.bytesWritten();
        }
        if (ios > 0) {
            phases.row("(before the first mark)", count(ios), mb(bytes), "-", "-", "-", "-");
        }
        for (ReplayResult.PhaseResult p : r.phases()) {
            if (p.ios() == 0) {
                // A phase without IOs (never reached: the run was stopped before it) measured nothing.
                phases.row(p.name(), "0", "-", "-", "-", "-", "-");
            } else {
                phases.row(p.name(), count(p.ios()), mb(p.bytesRead() + p.bytesWritten()), sec(p.wallNs()), sec(p.busyNs()),
                        f1(p.mbps()), p.latency() == null ? "-" : f1(p.latency().p99Us()));
            }
        }
        return phases;
    }

    static String fidelity(ReplayResult r) {
        ReplayResult.Fidelity f = r.fidelity();
        return "issued " + count(f.issued()) + " of " + count(f.inTrace()) + " trace records"
                + (f.skippedRecords() == 0 ? "" : " (" + badRecords(f.skippedRecords()) + " skipped)") + ", out of order "
                + f.outOfOrder() + (f.qdRecorded() == null ? "" : ", QD recorded avg " + f2(f.qdRecorded().avg()) + recordedCoverage(r))
                + ", replayed avg " + f2(f.qdReplayed().avg()) + (f.qdTvd() == null ? "" : ", distance " + f3(f.qdTvd()))
                + (f.latenessUs() == null ? "" : ", lateness " + lateness(f.latenessUs())) + inFlight(r);
    }

    /**
     * How many of the replayed IOs the recorded depth covers, when not all (those whose completion
     * was not traced have none), and the depth they went at; empty when it covers all.
     */
    static String recordedCoverage(ReplayResult r) {
        long recorded = r.fidelity().qdRecorded().ios();
        long replayed = r.fidelity().qdReplayed().ios();
        if (recorded >= replayed) {
            return "";
        }
        Integer fallback = r.settings().qdFallback();
        return " over " + count(recorded) + " of " + count(replayed) + " IOs (" + count(replayed - recorded) + " without a recorded"
                + " depth" + (fallback == null ? "" : ", replayed at --qd-fallback " + fallback) + ")";
    }

    /** The in-flight cap when IOs waited at it, and what the sync engine does to order; empty otherwise. */
    private static String inFlight(ReplayResult r) {
        String held = RunFacts.heldBack(r);
        String order = RunFacts.syncOrder(r);
        return (held == null ? "" : "; " + held) + (order == null ? "" : "; " + order);
    }

    static String lateness(ReplayResult.Lateness l) {
        String s = "p50 " + f1(l.p50()) + " us p99 " + f1(l.p99()) + " us max " + f1(l.max()) + " us";
        if (l.behindFlush() == null || l.behindFlush() == 0) {
            return s;
        }
        return s + " (" + count(l.behindFlush()) + (l.behindFlush() == 1 ? " IO" : " IOs")
                + " fell due during a flush or trim, which the replay waits for"
                + (l.others() == null ? "" : "; the others " + lateness(l.others())) + ")";
    }

    static String mapping(ReplayResult r) {
        ReplayResult.Mapping mp = r.mapping();
        if (mp == null) {
            return "not recorded";
        }
        return "widened " + count(mp.widened()) + ", refitted " + count(mp.refitted()) + ", other streams "
                + count(mp.otherStreams()) + ", writes skipped " + count(mp.skippedWrites()) + ", would split "
                + count(mp.wouldSplit()) + (mp.splitIos() == 0 ? "" : "; " + split(r))
                + (mp.streamLayout() == null ? "" : "; stream@offset " + mp.streamLayout())
                + (mp.bufferMemory() == null ? "" : "; buffers: " + mp.bufferMemory());
    }

    /** {@code 5 reads and writes split by sbench into 40 device IOs}: what the run cut, member IOs on a stripe. */
    static String split(ReplayResult r) {
        ReplayResult.Mapping mp = r.mapping();
        return count(mp.splitIos()) + (mp.splitIos() == 1 ? " read or write" : " reads and writes") + " split by sbench into "
                + count(mp.splitParts()) + (r.stripe() == null ? " device IOs" : " member IOs");
    }

    static String errors(ReplayResult r) {
        return r.summary().errors() == 0 ? "none" : count(r.summary().errors()) + " " + IoErrorSummary.byOp(r, TableResultWriter::count);
    }

    /** The first 12 hex digits, enough to tell traces apart at a glance. */
    static String shortSha(String sha256) {
        return sha256 == null || sha256.length() <= SHA256_SHOWN ? String.valueOf(sha256) : sha256.substring(0, SHA256_SHOWN);
    }

    static String device(Map<String, String> device) {
        if (device == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        append(b, "", device.get("model"));
        append(b, "fw ", device.get("firmware"));
        append(b, "serial ", device.get("serial"));
        return b.toString();
    }

    private static void append(StringBuilder b, String prefix, String value) {
        if (value != null && !value.isEmpty()) {
            b.append(", ").append(prefix).append(value);
        }
    }

    static String modeDetail(ReplayResult.Settings s) {
        switch (s.mode()) {
            case "fixed-qd": return " QD " + s.qd();
            case "timed": return " speed " + s.speed();
            default: return ", max idle " + idleCap(s);
        }
    }

    /** The recorded-qd idle cap: "25.0 ms", "0.0 ms" (no idle), or "none" (idle kept in full). */
    static String idleCap(ReplayResult.Settings s) {
        return s.maxIdleNs() == ReplayMode.RecordedQd.NO_IDLE_CAP ? "none (idle kept in full)" : f1(s.maxIdleNs() / NS_PER_MS) + " ms";
    }

    /** {@code n} with its thousands grouped, as every table and page writes counts and bytes: 1,073,741,824. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String mb(long bytes) {
        return f1(bytes / BYTES_PER_MB);
    }

    static String sec(long ns) {
        return String.format(Locale.ROOT, "%.3f", ns / NS_PER_S);
    }

    static String f0(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
