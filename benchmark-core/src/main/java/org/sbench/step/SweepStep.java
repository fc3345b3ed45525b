package org.sbench.step;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.generate.SweepTraceReader;
import org.sbench.replay.GeneratedSource;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * An LBA sweep ({@code sbench sweep}, the HD Tune / zcav picture): MB/s against position over the
 * whole target, at {@code points} points spread evenly from the first byte to the last (point 1 at
 * offset 0, the last ending at the capacity), {@code per-point} bytes at each in sequential IOs of
 * {@code bs} at a fixed depth. One run, whose trace has a phase per point, each from an empty queue, so the per-phase
 * numbers (busy time, MB/s over it, latency) are the points' alone. Writes ({@code op write}) destroy data.
 */
public final class SweepStep implements Step {
    public static final String KIND = "sweep";
    public static final int DEFAULT_POINTS = 200;
    /** Each point's phase keeps a latency histogram (about 270 KB): a thousand points is the most. */
    public static final int MAX_POINTS = 1000;
    public static final long DEFAULT_BLOCK_BYTES = 1 << 20;
    /** 64 MiB a point: about 0.1 s at 500 MB/s, long enough to average over a drive's caches and zones. */
    public static final long DEFAULT_POINT_BYTES = 64L << 20;
    public static final int DEFAULT_QD = 1;
    /** {@code --per-point auto} (the default): {@link #DEFAULT_POINT_BYTES}, or as much as fits; {@code auto:SIZE}: SIZE, or as much as fits. */
    public static final String AUTO = "auto";
    private static final String AUTO_PREFIX = AUTO + ":";
    /** The names of its options, without dashes. */
    public static final List<String> OPTIONS = List.of("op", "points", "bs", "per-point", "qd", "data", "engine");
    private static final List<String> OPS = List.of("read", "write");

    private final Op op;
    private final int points;
    /** 0: as much as fits, up to {@link #autoBytes}. */
    private final long perPointBytes;
    private final long autoBytes;
    /** {@code per-point} as the user wrote it, for refusals to quote. */
    private final String perPointTyped;
    private final StepIo io;

    /**
     * A sweep, validated (usage errors naming the option).
     *
     * @param op            {@link Op#READ} or {@link Op#WRITE}
     * @param pointBytes    bytes at each point, or 0 for {@link #AUTO}
     * @param perPointTyped {@code per-point} as the user wrote it
     */
    private SweepStep(Op op, int points, long pointBytes, long autoBytes, String perPointTyped, StepIo io) {
        StepOptions.checkRange("points", points, 1, MAX_POINTS);
        this.perPointBytes = pointBytes;
        this.autoBytes = autoBytes;
        this.perPointTyped = perPointTyped;
        for (long bytes : new long[] {pointBytes, autoBytes}) {
            if (bytes != 0) {
                StepOptions.checkIoSize("per-point", bytes, Long.MAX_VALUE / MAX_POINTS, this.perPointTyped);
            }
        }
        if (pointBytes % io.blockBytes() != 0) {
            // Its last IO would be what is left of the point, not --bs.
            throw SbenchException.usage("--per-point " + this.perPointTyped + " is no whole number of " + io.bsQuoted()
                    + " IOs; give a multiple of --bs");
        }
        this.op = op;
        this.points = points;
        this.io = io;
    }

    /** A sweep from options as users write them ({@code op: read, points: 200, bs: 1M, per-point: 64M, qd: 1}). */
    public static SweepStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        Op op = o.word("op", "read", OPS).equals("read") ? Op.READ : Op.WRITE;
        String perPoint = spelledOut(o.text("per-point", AUTO));
        boolean auto = perPoint.startsWith(AUTO_PREFIX);
        long bytes = StepOptions.bytes("per-point", auto ? perPoint.substring(AUTO_PREFIX.length()) : perPoint);
        if (bytes == 0) {
            // 0 stands for auto inside; written, it was taken for auto without a word.
            throw SbenchException.usage("--per-point must be above 0, or auto, found '" + o.text("per-point", AUTO) + "'");
        }
        return new SweepStep(op, o.integer("points", DEFAULT_POINTS, 1, MAX_POINTS), auto ? 0 : bytes, auto ? bytes : DEFAULT_POINT_BYTES,
                o.text("per-point", AUTO).strip(),
                StepIo.of(o, "", DEFAULT_BLOCK_BYTES, DEFAULT_QD));
    }

    /** A {@code per-point} word with what {@code auto} stands for written out: {@code auto:64M}. */
    public static String spelledOut(String perPoint) {
        return perPoint.strip().equals(AUTO) ? AUTO_PREFIX + StepOptions.sizeWord(DEFAULT_POINT_BYTES) : perPoint;
    }

    /** The {@code per-point} word of this sweep: a size, {@code auto}, or {@code auto:SIZE} for an auto size other than 64 MiB. */
    private String perPointWord() {
        if (perPointBytes != 0) {
            return StepOptions.sizeWord(perPointBytes);
        }
        return autoBytes == DEFAULT_POINT_BYTES ? AUTO : AUTO_PREFIX + StepOptions.sizeWord(autoBytes);
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "sweep " + opWord() + ", " + pointsWord() + (perPointBytes != 0 ? " of " + StepOptions.sizeWord(perPointBytes)
                : autoBytes != DEFAULT_POINT_BYTES ? " of at most " + StepOptions.sizeWord(autoBytes) : "")
                + ", " + StepOptions.sizeWord(io.blockBytes()) + " at QD " + io.qd();
    }

    private String pointsWord() {
        return points + (points == 1 ? " point" : " points");
    }

    private String opWord() {
        return op.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("op", opWord());
        m.put("points", Integer.toString(points));
        m.put("per-point", perPointWord());
        io.putOptions(m, writes());
        return m;
    }

    @Override
    public boolean writes() {
        return op == Op.WRITE;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        pointBytes(target);
    }

    @Override
    public StepResult run(StepContext context) {
        Target target = context.target();
        int blockBytes = io.blockBytes();
        long capacity = target.capacityBytes();
        long pointBytes = pointBytes(target);
        // Points begin on physical blocks, so that a write sweep does no read-modify-write at a point's edges.
        long[] offsets = offsets(capacity, points, pointBytes, Math.max(target.logicalBlockSize(), target.physicalBlockSize()));
        String name = "sweep " + opWord();
        long ios = SweepTraceReader.ios(points, pointBytes, blockBytes);
        // What is issued: a point smaller than --bs is one IO of its size. Deeper than 1, the drain between points is said:
        // such sweeps overlapped the points until 2026-12-06, and do not compare with those.
        String definition = "sweep: " + pointsWord() + " from the first byte to the last, " + pointBytes + " B at each in sequential "
                + Math.min(blockBytes, pointBytes) + " B " + opWord() + "s at QD " + io.qd()
                + (io.qd() > 1 ? ", each point from an empty queue" : "");
        GeneratedSource source = new GeneratedSource(name, KIND, definition, () -> new SweepTraceReader(name, op, offsets, pointBytes,
                blockBytes), ios, capacity, Math.min(blockBytes, pointBytes));
        try (StepRuns runs = new StepRuns(context, this)) {
            ReplaySettings settings = io.settings(context.seed()).withMode(new ReplayMode.FixedQd(io.qd(), true));
            ReplayResult r = runs.run("sweep", name + " (" + pointsWord() + ")", source, settings);
            runs.flushWrites("the sweep");
            return runs.result(0, null, sweepPoints(r, offsets, pointBytes), null);
        }
    }

    /**
     * The bytes of each point on {@code target}: as given, or by default 64 MiB (the auto size, at least one {@code --bs} IO)
     * or what fits, in whole {@code --bs} IOs (which are whole logical blocks) so that every IO of the sweep is {@code --bs};
     * where not one fits (a tiny target), one IO of what fits in whole logical blocks.
     */
    private long pointBytes(Target target) {
        io.checkFits(target);
        long capacity = target.capacityBytes();
        int bs = io.blockBytes();
        int block = target.logicalBlockSize();
        if (perPointBytes == 0) {
            long fits = Math.min(Math.max(autoBytes, bs), capacity / points);
            fits = fits >= bs ? fits / bs * bs : fits / block * block;
            if (fits == 0) {
                throw SbenchException.usage("--points " + points + " do not fit in " + target.path() + " (" + capacity
                        + " bytes) at one logical block (" + block + " bytes) each; give fewer points");
            }
            return fits;
        }
        StepOptions.checkAligned("per-point", perPointBytes, target, perPointTyped);
        if (perPointBytes > capacity / points) {
            throw SbenchException.usage("--points " + points + " of --per-point " + perPointTyped
                    + " do not fit in " + target.path() + " (" + capacity + " bytes); give fewer points or a smaller --per-point");
        }
        return perPointBytes;
    }

    /**
     * Where each point begins: point i (from 0) at i / (points − 1) of the way from 0 to
     * {@code capacity − pointBytes}, rounded down to {@code alignBytes}, so that the first begins at
     * offset 0 and the last ends at (or within an alignment of) the capacity.
     */
    static long[] offsets(long capacity, int points, long pointBytes, int alignBytes) {
        long[] out = new long[points];
        BigInteger room = BigInteger.valueOf(capacity - pointBytes);
        for (int i = 1; i < points; i++) {
            long at = room.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(points - 1)).longValueExact();
            out[i] = at / alignBytes * alignBytes;
        }
        return out;
    }

    /** The points whose IOs all completed, from the run's phases. */
    private static List<StepResult.SweepPoint> sweepPoints(ReplayResult r, long[] offsets, long pointBytes) {
        List<StepResult.SweepPoint> out = new ArrayList<>();
        for (int i = 0; i < offsets.length; i++) {
            ReplayResult.PhaseResult p = r.phases().get(i);
            if (p.bytesRead() + p.bytesWritten() == pointBytes) {
                out.add(new StepResult.SweepPoint(i + 1, offsets[i], pointBytes, p.mbps(), p.latency().p99Us()));
            }
        }
        return out;
    }
}
