package org.sbench.result;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/** The summary a drive review prints for one replay: rates, busy time, latency, size classes, fidelity. */
public final class TableResultWriter {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;

    public void write(ReplayResult r, PrintWriter out) {
        ReplayResult.Settings s = r.settings();
        out.println("trace    " + r.trace().name() + " (" + r.trace().format() + ", " + count(r.trace().records()) + " IOs)");
        out.println("target   " + r.target().path() + " (" + r.target().kind() + ", " + mb(r.target().capacity()) + " MB"
                + deviceModel(r.target().device()) + ")");
        out.println("settings " + s.mode() + modeDetail(s) + ", data " + s.data() + ", engine " + s.engine()
                + (s.engineNote() == null ? "" : " (" + s.engineNote() + ")") + (s.readOnly() ? ", read-only" : ""));
        if (!r.complete()) {
            out.println("INCOMPLETE: stopped (" + r.stopReason() + ") after " + count(r.fidelity().issued()) + " IOs");
        }
        out.println();
        ReplayResult.Summary m = r.summary();
        TextTable rates = new TextTable("", "IOs", "MB", "busy s", "MB/s", "IOPS");
        rates.row("read", count(m.reads()), mb(m.bytesRead()), sec(m.readBusyNs()), f1(m.readMbps()), f0(perSec(m.reads(), m.readBusyNs())));
        rates.row("write", count(m.writes()), mb(m.bytesWritten()), sec(m.writeBusyNs()), f1(m.writeMbps()),
                f0(perSec(m.writes(), m.writeBusyNs())));
        rates.row("all", count(m.ios()), mb(m.bytesRead() + m.bytesWritten()), sec(m.busyNs()), f1(m.mbps()), f0(m.iops()));
        rates.print(out, "");
        out.println("disk busy " + sec(m.busyNs()) + " s of " + sec(m.wallNs()) + " s wall (wall includes replayed idle)");
        out.println();
        TextTable lat = new TextTable("latency us", "mean", "p50", "p90", "p99", "p99.9", "max", ">10ms");
        for (Map.Entry<String, ReplayResult.Latency> e : m.latency().entrySet()) {
            ReplayResult.Latency l = e.getValue();
            lat.row(e.getKey(), f1(l.meanUs()), f1(l.p50Us()), f1(l.p90Us()), f1(l.p99Us()), f1(l.p999Us()), f1(l.maxUs()),
                    f1(l.over10msPct()) + "%");
        }
        lat.print(out, "");
        out.println();
        TextTable sizes = new TextTable("size", "op", "IOs", "% IOs", "MB", "busy s", "MB/s", "p99 us");
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            if (c.count() > 0) {
                sizes.row(c.sizeClass(), c.op(), count(c.count()), f1(c.pct()), mb(c.bytes()), sec(c.busyNs()), f1(c.mbps()),
                        f1(c.latency().p99Us()));
            }
        }
        sizes.print(out, "");
        out.println();
        if (r.phases() != null) {
            TextTable phases = new TextTable("phase", "IOs", "MB", "wall s", "busy s", "MB/s");
            for (ReplayResult.PhaseResult p : r.phases()) {
                phases.row(p.name(), count(p.ios()), mb(p.bytesRead() + p.bytesWritten()), sec(p.wallNs()), sec(p.busyNs()), f1(p.mbps()));
            }
            phases.print(out, "");
            out.println();
        }
        ReplayResult.Fidelity f = r.fidelity();
        out.println("fidelity issued " + count(f.issued()) + " of " + count(f.inTrace()) + " trace records, out of order "
                + f.outOfOrder() + (f.qdRecorded() == null ? "" : ", QD recorded avg " + f2(f.qdRecorded().avg()))
                + ", replayed avg " + f2(f.qdReplayed().avg()) + (f.qdTvd() == null ? "" : ", distance " + f3(f.qdTvd()))
                + (f.latenessUs() == null ? "" : ", lateness p50 " + f1(f.latenessUs().p50()) + " us p99 "
                + f1(f.latenessUs().p99()) + " us max " + f1(f.latenessUs().max()) + " us"));
        ReplayResult.Mapping mp = r.mapping();
        out.println("mapping  widened " + count(mp.widened()) + ", refitted " + count(mp.refitted()) + ", other streams "
                + count(mp.otherStreams()) + ", writes skipped " + count(mp.skippedWrites()) + ", would split "
                + count(mp.wouldSplit()) + (mp.bufferMemory() == null ? "" : "; buffers: " + mp.bufferMemory()));
        out.println("errors   " + (m.errors() == 0 ? "none" : count(m.errors()) + " " + r.errors()));
        out.flush();
    }

    private static String deviceModel(Map<String, String> device) {
        String model = device == null ? null : device.get("model");
        return model == null ? "" : ", " + model;
    }

    private static String modeDetail(ReplayResult.Settings s) {
        switch (s.mode()) {
            case "fixed-qd": return " QD " + s.qd();
            case "timed": return " speed " + s.speed();
            default: return ", max idle " + f1(s.maxIdleNs() / 1e6) + " ms";
        }
    }

    private static double perSec(long n, long ns) {
        return ns == 0 ? 0 : n * NS_PER_S / ns;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String mb(long bytes) {
        return f1(bytes / BYTES_PER_MB);
    }

    private static String sec(long ns) {
        return String.format(Locale.ROOT, "%.3f", ns / NS_PER_S);
    }

    private static String f0(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
