package org.sbench.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * A generated trace of an LBA sweep: at each point, {@code pointBytes} from the point's offset, in
 * sequential IOs of {@code ioBytes} (the last of a point shorter when they do not divide). Each point
 * is a phase of the trace: a marker {@code point-N} (N from 1) at time N − 1 ns, and the point's IOs
 * issued at that time, so that a replay's per-phase numbers are the points' numbers. Meant for
 * fixed-qd replay, which ignores issue times. Allocates nothing per record.
 */
public final class SweepTraceReader implements TraceReader {
    private final TraceInfo info;
    private final Op op;
    private final long[] pointOffsets;
    private final long pointBytes;
    private final int ioBytes;
    private int point;
    private long doneInPoint;

    /**
     * @param pointOffsets where each point begins, in order
     * @param pointBytes   bytes read or written at each point (at least 1)
     * @param ioBytes      the length of each IO
     */
    public SweepTraceReader(String name, Op op, long[] pointOffsets, long pointBytes, int ioBytes) {
        if (pointBytes < 1 || ioBytes < 1) {
            throw new IllegalArgumentException("point " + pointBytes + " B, IO " + ioBytes + " B");
        }
        List<PhaseMarker> phases = new ArrayList<>(pointOffsets.length);
        for (int i = 0; i < pointOffsets.length; i++) {
            phases.add(new PhaseMarker(phaseName(i), i));
        }
        this.info = new TraceInfo(BlockTraceReader.FORMAT, Set.of(), Map.of(TraceInfo.NAME, name), phases);
        this.op = op;
        this.pointOffsets = pointOffsets.clone();
        this.pointBytes = pointBytes;
        this.ioBytes = ioBytes;
    }

    /** The phase name of point {@code index} (0-based): {@code point-1} for the first. */
    public static String phaseName(int index) {
        return "point-" + (index + 1);
    }

    /** The IOs of a sweep of {@code points} points. */
    public static long ios(int points, long pointBytes, int ioBytes) {
        return points * ((pointBytes + ioBytes - 1) / ioBytes);
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (point == pointOffsets.length) {
            return false;
        }
        into.clear();
        into.op = op;
        into.issueNs = point;
        into.offsetBytes = pointOffsets[point] + doneInPoint;
        into.lengthBytes = Math.min(ioBytes, pointBytes - doneInPoint);
        doneInPoint += into.lengthBytes;
        if (doneInPoint == pointBytes) {
            point++;
            doneInPoint = 0;
        }
        return true;
    }

    @Override
    public boolean inIssueOrder() {
        return true;
    }

    @Override
    public void close() {
    }
}
