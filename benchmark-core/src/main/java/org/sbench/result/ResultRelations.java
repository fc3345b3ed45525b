package org.sbench.result;

import java.util.List;
import java.util.Map;

/**
 * What in a result read back breaks a relation its writer ({@link ReplayResults#build}) always keeps between its figures:
 * each figure alone may be in range ({@link ResultShape}) and the whole still be no result a run wrote (percentiles out of
 * order, size classes that do not add up to the reads and writes, a busy time longer than the run, a rate its counts and
 * busy time do not give). Reports and comparisons
 * print these figures side by side, so such a result is refused whole, named at the part.
 *
 * <p>The run ends once every IO it issued completed, so each IO issued is counted once, as succeeded or failed, and busy
 * times are those of finished IOs. Relations a real result can break are not checked: a phase's IOs and bytes are at most
 * the run's, not a share of their sum (IOs before the first phase marker are in none); phases overlap in time, so their
 * busy times may add up to more than the run's, as reads' and writes' may (docs/definitions.md), each at most the run's (the
 * union of a part of its IOs' intervals); a size class or a phase
 * of failed IOs only is busy without IOs; HdrHistogram's mean is of its buckets' middle values, so it is held against the
 * maximum only, with room for the rounding of its sum.
 */
final class ResultRelations {
    /** Room for the rounding of a mean, a sum of doubles, against the maximum it is the mean of. */
    private static final double MEAN_ROOM = 1e-9;
    private static final double PERCENT = 100;
    /**
     * Room for a stored rate against the one its counts and busy time give ({@link ReplayResults#perSecond},
     * {@link ReplayResults#mbps}, the writer's formula since the first result): JSON gives a double back exactly, so a rate
     * read back is the one written, and the room is for bytes read and written added here as doubles, where the writer adds
     * them as a long (apart past 2^53 bytes only, by an ulp or two); a rate edited by a part in 10^9 is the same in any table.
     */
    private static final double RATE_ROOM = 1e-9;
    private static final String IOPS = "ios per second of busyNs";
    private static final String MBPS = "MB of bytesRead + bytesWritten per second of busyNs, MB = 10^6 bytes";

    private ResultRelations() {
    }

    /** The first relation between the figures of the part {@code r} at {@code path} that it breaks, in words; or null. */
    static String of(Record r, String path) {
        String at = path + ".";
        if (r instanceof ReplayResult.Latency l) {
            return latency(l, at);
        }
        if (r instanceof ReplayResult.Lateness l) {
            return RecordWalk.firstOf(atMost(at, "p50", l.p50(), "p99", l.p99(), "percentiles in order"),
                    atMost(at, "p99", l.p99(), "max", l.max(), "percentiles in order"));
        }
        if (r instanceof ReplayResult.Summary s) {
            return summary(s, at);
        }
        if (r instanceof ReplayResult.SizeClassResult c) {
            return RecordWalk.firstOf(count(at + "latency.count", c.latency().count(), at + "count", c.count()),
                    c.count() == 0 && c.bytes() != 0 ? at + "bytes " + c.bytes() + ", expected 0 (count is 0)" : null,
                    share(at + "pct", c.pct()), mbps(at + "mbps", c.mbps(), c.bytes(), c.busyNs(), "MB of bytes per second of busyNs, MB"
                    + " = 10^6 bytes"));
        }
        if (r instanceof ReplayResult.PhaseResult p) {
            return RecordWalk.firstOf(atMost(at, "busyNs", p.busyNs(), "wallNs", p.wallNs(), "busy within its time"),
                    p.latency() == null ? null : count(at + "latency.count", p.latency().count(), at + "ios", p.ios()),
                    mbps(at + "mbps", p.mbps(), (double) p.bytesRead() + p.bytesWritten(), p.busyNs(), MBPS));
        }
        if (r instanceof ReplayResult.Member m) {
            return RecordWalk.firstOf(opsAddUp(at, m.ios(), m.reads(), m.writes(), m.trims(), m.flushes()), count(at + "latency.count", m.latency().count(), at + "ios", m.ios()),
                    iops(at, m.iops(), m.ios(), m.busyNs()), mbps(at + "mbps", m.mbps(), (double) m.bytesRead() + m.bytesWritten(),
                    m.busyNs(), MBPS));
        }
        if (r instanceof ReplayResult.QdRow q) {
            return share(at + "pct", q.pct());
        }
        if (r instanceof ReplayResult.Second s) {
            return meanAtMostMax(at, s.meanUs(), s.maxUs());
        }
        return null;
    }

    /** The first relation between the parts of {@code r} (each found sound alone) that it breaks, in words; or null. */
    static String across(ReplayResult r) {
        ReplayResult.Summary s = r.summary();
        return RecordWalk.firstOf(sizeClasses(r.sizeClasses(), "read", s.reads(), s.bytesRead(), s.readBusyNs()),
                sizeClasses(r.sizeClasses(), "write", s.writes(), s.bytesWritten(), s.writeBusyNs()),
                phases(r.phases(), s), timeSeries(r.timeSeries()), fidelity(r.fidelity(), s), errors(r), stripe(r.stripe(), s));
    }

    private static String latency(ReplayResult.Latency l, String at) {
        if (l.count() == 0) {
            return l.meanUs() == 0 && l.p50Us() == 0 && l.p90Us() == 0 && l.p99Us() == 0 && l.p999Us() == 0 && l.maxUs() == 0
                    && l.over10msPct() == 0 ? null : at + "count 0 with service times, expected all 0 (no IOs)";
        }
        return RecordWalk.firstOf(meanAtMostMax(at, l.meanUs(), l.maxUs()),
                atMost(at, "p50Us", l.p50Us(), "p90Us", l.p90Us(), "percentiles in order"),
                atMost(at, "p90Us", l.p90Us(), "p99Us", l.p99Us(), "percentiles in order"),
                atMost(at, "p99Us", l.p99Us(), "p999Us", l.p999Us(), "percentiles in order"),
                atMost(at, "p999Us", l.p999Us(), "maxUs", l.maxUs(), "percentiles in order"),
                share(at + "over10msPct", l.over10msPct()));
    }

    private static String summary(ReplayResult.Summary s, String at) {
        String ops = opsAddUp(at, s.ios(), s.reads(), s.writes(), s.trims(), s.flushes());
        if (ops != null) {
            return ops;
        }
        Map<String, ReplayResult.Latency> latency = s.latency();
        return RecordWalk.firstOf(atMost(at, "readBusyNs", s.readBusyNs(), "busyNs", s.busyNs(), "reads' busy time is a part of it"),
                atMost(at, "writeBusyNs", s.writeBusyNs(), "busyNs", s.busyNs(), "writes' busy time is a part of it"),
                atMost(at, "busyNs", s.busyNs(), "wallNs", s.wallNs(), "busy within the run's time"),
                s.reads() == 0 && s.bytesRead() != 0 ? at + "bytesRead " + s.bytesRead() + ", expected 0 (reads is 0)" : null,
                s.writes() == 0 && s.bytesWritten() != 0 ? at + "bytesWritten " + s.bytesWritten() + ", expected 0 (writes is 0)" : null,
                count(at + "latency.read.count", latency.get("read").count(), at + "reads", s.reads()),
                count(at + "latency.write.count", latency.get("write").count(), at + "writes", s.writes()),
                count(at + "latency.all.count", latency.get("all").count(), at + "ios", s.ios()),
                iops(at, s.iops(), s.ios(), s.busyNs()), mbps(at + "mbps", s.mbps(), (double) s.bytesRead() + s.bytesWritten(),
                s.busyNs(), MBPS), mbps(at + "readMbps", s.readMbps(), s.bytesRead(), s.readBusyNs(), "MB of bytesRead per second of"
                + " readBusyNs, MB = 10^6 bytes"), mbps(at + "writeMbps", s.writeMbps(), s.bytesWritten(), s.writeBusyNs(),
                "MB of bytesWritten per second of writeBusyNs, MB = 10^6 bytes"));
    }

    /** {@code ios} against the counts of each op, which add up to it. */
    private static String opsAddUp(String at, long ios, long reads, long writes, long trims, long flushes) {
        long ops = sum(reads, writes, trims, flushes);
        return ios == ops ? null : at + "ios " + ios + ", expected reads + writes + trims + flushes " + total(ops);
    }

    private static String iops(String at, double iops, long ios, long busyNs) {
        return rate(at + "iops", iops, ReplayResults.perSecond(ios, busyNs), IOPS);
    }

    private static String mbps(String name, double mbps, double bytes, long busyNs, String of) {
        return rate(name, mbps, ReplayResults.mbps(bytes, busyNs), of);
    }

    /** {@code value}, a rate read back, against {@code expected}, the one the figures it is {@code of} give (0 over no time). */
    private static String rate(String name, double value, double expected, String of) {
        return Math.abs(value - expected) <= RATE_ROOM * Math.abs(expected) ? null : name + " " + number(value) + ", expected "
                + number(expected) + " (" + of + ")";
    }

    /** The rows of {@code op}, whose IOs are all the run's of that op, against the summary's figures of it. */
    private static String sizeClasses(List<ReplayResult.SizeClassResult> rows, String op, long ios, long bytes, long busyNs) {
        long count = 0;
        long sumBytes = 0;
        for (int i = 0; i < rows.size(); i++) {
            ReplayResult.SizeClassResult c = rows.get(i);
            if (!op.equals(c.op())) {
                continue;
            }
            if (c.busyNs() > busyNs) {
                return "sizeClasses[" + i + "].busyNs " + c.busyNs() + ", expected summary." + op + "BusyNs " + busyNs
                        + " or less (its IOs' busy time is a part of it)";
            }
            count = sum(count, c.count());
            sumBytes = sum(sumBytes, c.bytes());
        }
        String summary = op.equals("read") ? "reads" : "writes";
        String ofOp = "sizeClasses of op " + op + " add up to ";
        if (count != ios) {
            return ofOp + total(count) + " IOs, expected summary." + summary + " " + ios;
        }
        String bytesOf = "bytes" + (op.equals("read") ? "Read" : "Written");
        return sumBytes == bytes ? null : ofOp + total(sumBytes) + " bytes, expected summary." + bytesOf
                + " " + bytes;
    }

    private static String phases(List<ReplayResult.PhaseResult> phases, ReplayResult.Summary s) {
        if (phases == null) {
            return null;
        }
        long ios = 0;
        long read = 0;
        long written = 0;
        for (int i = 0; i < phases.size(); i++) {
            ReplayResult.PhaseResult p = phases.get(i);
            String within = RecordWalk.firstOf(p.wallNs() <= s.wallNs() ? null : "phases[" + i + "].wallNs " + p.wallNs()
                    + ", expected summary.wallNs " + s.wallNs() + " or less (a phase is a part of the run)",
                    busyWithinRun("phases[" + i + "]", p.busyNs(), s, "its IOs' busy time is a part of the run's"));
            if (within != null) {
                return within;
            }
            ios = sum(ios, p.ios());
            read = sum(read, p.bytesRead());
            written = sum(written, p.bytesWritten());
        }
        return RecordWalk.firstOf(phasesAtMost("ios", ios, "ios", s.ios()), phasesAtMost("bytesRead", read, "bytesRead", s.bytesRead()),
                phasesAtMost("bytesWritten", written, "bytesWritten", s.bytesWritten()));
    }

    private static String busyWithinRun(String part, long busyNs, ReplayResult.Summary s, String why) {
        return busyNs <= s.busyNs() ? null : part + ".busyNs " + busyNs + ", expected summary.busyNs " + s.busyNs() + " or less ("
                + why + ")";
    }

    private static String phasesAtMost(String figure, long sum, String of, long run) {
        return sum >= 0 && sum <= run ? null : "phases' " + figure + " add up to " + total(sum)
                + ", expected summary." + of + " " + run + " or less (each phase's are a part of the run's)";
    }

    /**
     * The members of a striped target against the array ({@link StripeResults}): a trace IO is done when its last member IO
     * is, and failed when one of them did, so each member is busy within the array's busy time, and the member IOs of the
     * trace IOs that succeeded, each the part of one on one member, moved their bytes; those of a failed one may have moved
     * some of its bytes.
     */
    private static String stripe(ReplayResult.Stripe stripe, ReplayResult.Summary s) {
        if (stripe == null) {
            return null;
        }
        long read = 0;
        long written = 0;
        long errors = 0;
        for (int i = 0; i < stripe.members().size(); i++) {
            ReplayResult.Member m = stripe.members().get(i);
            String busy = busyWithinRun("stripe.members[" + i + "]", m.busyNs(), s, "a member IO runs within its trace IO");
            if (busy != null) {
                return busy;
            }
            read = sum(read, m.bytesRead());
            written = sum(written, m.bytesWritten());
            errors = sum(errors, m.errors());
        }
        if ((errors == 0) != (s.errors() == 0)) {
            return "stripe.members' errors add up to " + total(errors) + " with summary.errors " + s.errors()
                    + ", expected both 0 or neither (a trace IO fails where a member IO of it does)";
        }
        return RecordWalk.firstOf(membersMoved("bytesRead", read, s.bytesRead(), s.errors()),
                membersMoved("bytesWritten", written, s.bytesWritten(), s.errors()));
    }

    private static String membersMoved(String figure, long sum, long run, long errors) {
        boolean sound = errors == 0 ? sum == run : sum < 0 || sum >= run;
        return sound ? null : "stripe.members' " + figure + " add up to " + total(sum) + ", expected summary."
                + figure + " " + run + (errors == 0 ? " (each trace IO's bytes moved by its member IOs)" : " or more (each trace IO's"
                + " bytes moved by its member IOs, and some of failed ones')");
    }

    private static String timeSeries(List<ReplayResult.Second> series) {
        for (int i = 0; i < series.size(); i++) {
            ReplayResult.Second s = series.get(i);
            if (s.second() != i) {
                return "timeSeries[" + i + "].second " + s.second() + ", expected " + i + " (the seconds in order from 0)";
            }
            if (s.seconds() != null && i < series.size() - 1) {
                return "timeSeries[" + i + "].seconds " + number(s.seconds()) + ", expected none (only the last second may be a part of one)";
            }
        }
        return null;
    }

    private static String fidelity(ReplayResult.Fidelity f, ReplayResult.Summary s) {
        long done = sum(s.ios(), s.errors());
        if (done != f.issued()) {
            return "fidelity.issued " + f.issued() + ", expected summary.ios + errors " + total(done)
                    + " (every IO issued completed, or failed)";
        }
        if (f.qdReplayed().ios() != f.issued()) {
            return "fidelity.qdReplayed counts " + f.qdReplayed().ios() + " IOs, expected fidelity.issued " + f.issued()
                    + " (the depth each IO issued saw)";
        }
        if (f.qdRecorded() != null && f.qdRecorded().ios() > f.issued()) {
            return "fidelity.qdRecorded counts " + f.qdRecorded().ios() + " IOs, expected fidelity.issued " + f.issued()
                    + " or less (of the IOs issued, those with a recorded depth)";
        }
        return f.outOfOrder() <= f.issued() ? null : "fidelity.outOfOrder " + f.outOfOrder() + ", expected fidelity.issued "
                + f.issued() + " or less (of the IOs issued)";
    }

    private static String errors(ReplayResult r) {
        long errors = r.summary().errors();
        if (r.firstError() != null && errors == 0) {
            return "firstError with summary.errors 0, expected none (no IO failed)";
        }
        if (r.errors() == null) {
            return null;
        }
        long n = 0;
        for (Map<String, Long> byErrno : r.errors().values()) {
            for (long e : byErrno.values()) {
                n = sum(n, e);
            }
        }
        return n == errors ? null : "errors add up to " + total(n) + ", expected summary.errors " + errors;
    }

    private static String meanAtMostMax(String at, double meanUs, double maxUs) {
        return meanUs > maxUs * (1 + MEAN_ROOM) ? at + "meanUs " + number(meanUs) + ", expected maxUs " + number(maxUs)
                + " or less (a mean of what it is the most of)" : null;
    }

    private static String atMost(String at, String name, double value, String than, double bound, String why) {
        return value <= bound ? null : at + name + " " + number(value) + ", expected " + than + " " + number(bound) + " or less ("
                + why + ")";
    }

    /** {@code value} as a count where it is one ({@code 2000000000}, not {@code 2.0E9}). */
    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e18 ? Long.toString((long) value) : Double.toString(value);
    }

    private static String count(String name, long value, String of, long expected) {
        return value == expected ? null : name + " " + value + ", expected " + of + " " + expected + " (one service time per IO)";
    }

    private static String share(String name, double pct) {
        return pct <= PERCENT ? null : name + " " + number(pct) + ", expected 100 or less (a share)";
    }

    /** A sum by {@link #sum}, in words: "more than 2^63" past it. */
    private static String total(long sum) {
        return sum < 0 ? "more than 2^63" : Long.toString(sum);
    }

    /** {@code a + b + ...} of counts (not negative), or -1 past 2^63. */
    private static long sum(long... counts) {
        long n = 0;
        for (long c : counts) {
            if (n < 0 || c > Long.MAX_VALUE - n) {
                return -1;
            }
            n += c;
        }
        return n;
    }
}
