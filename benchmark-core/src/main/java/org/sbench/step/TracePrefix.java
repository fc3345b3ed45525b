package org.sbench.step;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.Replayer;
import org.sbench.replay.StreamLayout;
import org.sbench.replay.TraceSource;
import org.sbench.result.ReplayResult;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.Progress;
import org.sbench.trace.TraceReader;

/**
 * The first IOs of a trace, for a replay shortened by a scenario's {@code --scale}: a workload of its
 * own, so its identity says so (name "NAME (first N IOs)", SHA-256 of the trace's hash and N, N
 * records) and {@code compare} never ranks it against the whole trace. Capacity, largest IO and
 * depth are the whole trace's (upper bounds of the prefix's).
 */
final class TracePrefix implements TraceSource {
    /** How many records the count of writes reads between looks for a stop. */
    private static final int STOP_CHECK_RECORDS = 4096;

    private final TraceSource trace;
    private final long ios;

    private TracePrefix(TraceSource trace, long ios) {
        this.trace = trace;
        this.ios = ios;
    }

    /** The first {@code share} (0 to 1) of {@code trace}'s IOs, at least one; {@code trace} itself for a share of 1. */
    static TraceSource of(TraceSource trace, double share) {
        long planned = trace.plannedIos();
        if (share >= 1 || planned == Replayer.UNBOUNDED) {
            return trace;
        }
        return new TracePrefix(trace, Math.max(1, (long) Math.ceil(share * planned)));
    }

    @Override
    public TraceReader open(ReplayMode mode, ReplayControl control) {
        return new Prefix(trace.open(mode, control), ios);
    }

    @Override
    public ReplayResult.TraceIdentity identity(Replayer.Outcome outcome) {
        ReplayResult.TraceIdentity whole = trace.identity(outcome);
        return new ReplayResult.TraceIdentity(whole.name() + " (first " + ios + " IOs)", whole.path(), whole.format(),
                sha256(whole.sha256() + " first " + ios + " IOs"), ios);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }

    @Override
    public long plannedIos() {
        return ios;
    }

    /**
     * The share's writes and trims: read from its records, as the whole trace's counts say nothing of
     * how many fall in its first share, unless the trace has none or nothing else. A stop heard while
     * it reads (every {@value #STOP_CHECK_RECORDS} records) abandons the count, before the run's first IO.
     */
    @Override
    public long writesAndTrims(ReplayMode mode, ReplayControl control) {
        long whole = trace.writesAndTrims(mode, control);
        if (whole == 0 || whole == Replayer.UNBOUNDED) {
            return whole;
        }
        if (whole == trace.plannedIos()) {
            return ios;
        }
        Progress counting = control.abandoning(Progress.NONE, "counting the writes of the first " + ios + " IOs of the trace");
        long found = 0;
        try (TraceReader reader = open(mode, control)) {
            IoRecord r = new IoRecord();
            for (long read = 1; reader.next(r); read++) {
                if (r.op == Op.WRITE || r.op == Op.TRIM) {
                    found++;
                }
                if (read % STOP_CHECK_RECORDS == 0) {
                    counting.at(read, ios);
                }
            }
        }
        return found;
    }

    @Override
    public long neededBytes() {
        return trace.neededBytes();
    }

    @Override
    public long largestIoBytes() {
        return trace.largestIoBytes();
    }

    @Override
    public int recordedMaxQd() {
        return trace.recordedMaxQd();
    }

    @Override
    public boolean recordedQdKnown() {
        return trace.recordedQdKnown();
    }

    @Override
    public StreamLayout layout() {
        return trace.layout();
    }

    /** A reader that ends after {@code limit} records. */
    private static final class Prefix extends ForwardingTraceReader {
        private final long limit;
        private long read;

        Prefix(TraceReader reader, long limit) {
            super(reader);
            this.limit = limit;
        }

        @Override
        public boolean next(IoRecord into) {
            if (read >= limit || !in.next(into)) {
                return false;
            }
            read++;
            return true;
        }
    }
}
