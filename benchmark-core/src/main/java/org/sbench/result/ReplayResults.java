package org.sbench.result;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.sbench.ErrnoNames;
import org.sbench.metrics.MetricsRecorder;
import org.sbench.metrics.IoGroup;
import org.sbench.metrics.QdHistogram;
import org.sbench.metrics.TimeSeries;
import org.sbench.replay.Replayer;
import org.sbench.trace.Op;
import org.sbench.trace.stats.QdBucket;
import org.sbench.trace.stats.SizeClass;

/** Derives a {@link ReplayResult} from a finished run's {@link MetricsRecorder}: the numbers are computed here, once. */
public final class ReplayResults {
    private static final double NS_PER_US = 1e3;
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final double PERCENT = 100.0;
    private static final long SECOND_NS = 1_000_000_000L;

    private ReplayResults() {
    }

    /** Everything about a run that the metrics do not know. */
    public record Context(String sbenchVersion, String startedAt, ReplayResult.Settings settings,
                          ReplayResult.TraceIdentity trace, ReplayResult.TargetIdentity target, ReplayResult.Host host,
                          ReplayResult.Mapping mapping, boolean timed, List<String> phaseNames, int inFlightCap) {
    }

    public static ReplayResult build(Context c, Replayer.Outcome outcome, MetricsRecorder m) {
        return new ReplayResult(ReplayResult.FORMAT, outcome.complete(), outcome.stopReason(), c.sbenchVersion(), c.startedAt(),
                c.settings(), c.trace(), c.target(), c.host(), summary(m), sizeClasses(m), timeSeries(m), histograms(m),
                fidelity(m, outcome, c), c.mapping(), errors(m), phases(m, c.phaseNames()), firstError(m), null);
    }

    private static ReplayResult.Summary summary(MetricsRecorder m) {
        IoGroup all = m.all();
        IoGroup r = m.op(Op.READ);
        IoGroup w = m.op(Op.WRITE);
        Map<String, ReplayResult.Latency> latency = new LinkedHashMap<>();
        latency.put("read", latency(r));
        latency.put("write", latency(w));
        latency.put("all", latency(all));
        return new ReplayResult.Summary(all.ios(), r.ios(), w.ios(), m.op(Op.TRIM).ios(), m.op(Op.FLUSH).ios(), r.bytes(),
                w.bytes(), all.busyNs(), r.busyNs(), w.busyNs(), m.wallNs(), perSecond(all.ios(), all.busyNs()),
                mbps(all.bytes(), all.busyNs()), mbps(r.bytes(), r.busyNs()), mbps(w.bytes(), w.busyNs()), m.totalErrors(),
                latency);
    }

    static ReplayResult.Latency latency(IoGroup o) {
        Histogram h = o.latency();
        if (h.getTotalCount() == 0) {
            return new ReplayResult.Latency(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new ReplayResult.Latency(h.getTotalCount(), h.getMean() / NS_PER_US, us(h, 50), us(h, 90), us(h, 99),
                us(h, 99.9), h.getMaxValue() / NS_PER_US, PERCENT * o.slowIos() / h.getTotalCount());
    }

    private static double us(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / NS_PER_US;
    }

    private static List<ReplayResult.SizeClassResult> sizeClasses(MetricsRecorder m) {
        long total = m.all().ios();
        List<ReplayResult.SizeClassResult> out = new ArrayList<>();
        for (SizeClass c : SizeClass.values()) {
            for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                IoGroup o = m.sizeClass(c, op);
                out.add(new ReplayResult.SizeClassResult(c.label(), opName(op), o.ios(), total == 0 ? 0 : PERCENT * o.ios() / total,
                        o.bytes(), o.busyNs(), mbps(o.bytes(), o.busyNs()), latency(o)));
            }
        }
        return out;
    }

    private static List<ReplayResult.Second> timeSeries(MetricsRecorder m) {
        TimeSeries t = m.timeSeries();
        t.coverWallTime(m.wallNs());
        List<ReplayResult.Second> out = new ArrayList<>(t.seconds());
        for (int s = 0; s < t.seconds(); s++) {
            out.add(new ReplayResult.Second(s, null, t.readIos(s), t.writeIos(s), mbps(t.readBytes(s), SECOND_NS),
                    mbps(t.writeBytes(s), SECOND_NS), t.meanServiceNs(s) / NS_PER_US, t.maxServiceNs(s) / NS_PER_US));
        }
        return ReplayResult.Second.lastOverItsLength(out, m.wallNs());
    }

    private static Map<String, String> histograms(MetricsRecorder m) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("read", encode(m.op(Op.READ).latency()));
        out.put("write", encode(m.op(Op.WRITE).latency()));
        out.put("all", encode(m.all().latency()));
        return out;
    }

    /** HdrHistogram's compressed encoding in Base64; {@code Histogram.decodeFromCompressedByteBuffer} reads it back. */
    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }

    private static ReplayResult.Fidelity fidelity(MetricsRecorder m, Replayer.Outcome outcome, Context c) {
        QdHistogram recorded = m.qdRecorded();
        ReplayResult.Lateness lateness = null;
        if (c.timed() && m.lateness().getTotalCount() > 0) {
            Histogram all = m.lateness();
            Histogram others = m.latenessNotBehindSync();
            long behind = all.getTotalCount() - others.getTotalCount();
            lateness = lateness(all, behind, behind == 0 || others.getTotalCount() == 0 ? null : lateness(others, null, null));
        }
        return new ReplayResult.Fidelity(m.issued(), outcome.inTrace(), m.outOfOrder(),
                recorded.total() == 0 ? null : distribution(recorded), distribution(m.qdReplayed()),
                recorded.total() == 0 ? null : m.qdDistance(), lateness, c.inFlightCap(),
                m.heldAtCapCount(), outcome.skippedRecords(),
                outcome.planned() == Replayer.UNBOUNDED || outcome.planned() == outcome.inTrace() ? null : outcome.planned());
    }

    private static ReplayResult.Lateness lateness(Histogram ns, Long behindFlush, ReplayResult.Lateness others) {
        return new ReplayResult.Lateness(us(ns, 50), us(ns, 99), ns.getMaxValue() / NS_PER_US, behindFlush, others);
    }

    static ReplayResult.QdDistribution distribution(QdHistogram h) {
        long[] buckets = h.buckets();
        List<ReplayResult.QdRow> rows = new ArrayList<>();
        for (QdBucket b : QdBucket.values()) {
            long n = buckets[b.ordinal()];
            rows.add(new ReplayResult.QdRow(b.label(), n, h.total() == 0 ? 0 : PERCENT * n / h.total()));
        }
        return new ReplayResult.QdDistribution(rows, h.average());
    }

    private static List<ReplayResult.PhaseResult> phases(MetricsRecorder m, List<String> names) {
        if (names.isEmpty()) {
            return null;
        }
        List<ReplayResult.PhaseResult> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            IoGroup p = m.phase(i);
            out.add(new ReplayResult.PhaseResult(names.get(i), p.ios(), p.bytesRead(), p.bytesWritten(), p.wallNs(), p.busyNs(),
                    mbps(p.bytes(), p.busyNs()), latency(p)));
        }
        return out;
    }

    private static Map<String, Map<String, Long>> errors(MetricsRecorder m) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (Op op : Op.values()) {
            if (m.errors(op) == 0) {
                continue;
            }
            Map<String, Long> byErrno = new LinkedHashMap<>();
            for (int errno = 0; errno <= MetricsRecorder.MAX_ERRNO; errno++) {
                long n = m.errors(op, errno);
                if (n > 0) {
                    byErrno.put(errorName(errno), n);
                }
            }
            out.put(opName(op), byErrno);
        }
        return out;
    }

    private static ReplayResult.FirstError firstError(MetricsRecorder m) {
        MetricsRecorder.FailedIo f = m.firstFailure();
        return f == null ? null : new ReplayResult.FirstError(opName(f.op()), f.offsetBytes(), f.lengthBytes(), errorName(f.errno()));
    }

    private static String errorName(int errno) {
        return errno == 0 ? "short transfer" : ErrnoNames.of(errno);
    }

    static String opName(Op op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    /** {@code count} per second of {@code ns}; 0 when no time passed. */
    static double perSecond(long count, long ns) {
        return ns == 0 ? 0 : count * NS_PER_S / ns;
    }

    /** MB (10^6 bytes) of {@code bytes} per second of {@code ns}; 0 when no time passed. */
    static double mbps(double bytes, long ns) {
        return ns == 0 ? 0 : bytes / BYTES_PER_MB * NS_PER_S / ns;
    }
}
