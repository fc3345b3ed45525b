package org.sbench.step;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.sbench.SbenchException;
import org.sbench.generate.RandomTraceReader;
import org.sbench.replay.GeneratedSource;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.Replayer;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * Random writes that wear a drive down ({@code sbench torture}): IOs of {@code bs} at uniformly
 * random aligned offsets over the first {@code span} of the target, at a fixed depth, for
 * {@code duration}, as one run whose per-second series (IOPS, MB/s, mean and maximum latency) is the
 * degradation curve. With {@code until steady}, rounds of {@code round} each until the rounds' IOPS
 * reach SNIA PTS steady state ({@link SteadyState}), at most {@value SteadyState#MAX_ROUNDS} rounds;
 * each round draws other offsets and data (seed + round).
 */
public final class TortureStep implements Step {
    public static final String KIND = "torture";
    public static final long DEFAULT_BLOCK_BYTES = 4096;
    public static final int DEFAULT_QD = 32;
    public static final String DEFAULT_SPAN = "100%";
    /** The PTS IOPS test's round: one minute. */
    public static final long DEFAULT_ROUND_NS = 60_000_000_000L;
    /** {@code --until} takes this word: rounds until steady state. */
    public static final String UNTIL_STEADY = "steady";
    /** The value the steady-state check tracks. */
    static final String TRACKED = "iops";
    /** The names of its options, without dashes. */
    public static final List<String> OPTIONS = List.of("duration", "bs", "qd", "span", "until", "round", "data", "engine");

    private final long durationNs;
    private final Span span;
    private final long roundNs;
    private final StepIo io;

    /**
     * A torture, validated.
     *
     * @param durationNs the run's length; 0 with {@code roundNs} above 0 (rounds until steady state)
     * @param roundNs    a round's length with {@code until steady}, else 0
     */
    private TortureStep(long durationNs, Span span, long roundNs, StepIo io) {
        if (roundNs > 0 && durationNs > 0) {
            throw SbenchException.usage("--duration goes without --until steady: rounds of --round run until steady state, at most "
                    + SteadyState.MAX_ROUNDS);
        }
        if (roundNs == 0 && durationNs <= 0) {
            throw SbenchException.usage("torture needs --duration D (e.g. 20m), or --until steady");
        }
        this.durationNs = durationNs;
        this.span = span;
        this.roundNs = roundNs;
        this.io = io;
    }

    /** A torture from options as users write them ({@code duration: 20m, bs: 4K, qd: 32, span: 100%}, or {@code until: steady, round: 1m}). */
    public static TortureStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        boolean untilSteady = o.has("until") && o.word("until", UNTIL_STEADY, List.of(UNTIL_STEADY)).equals(UNTIL_STEADY);
        if (o.has("round") && !untilSteady) {
            throw SbenchException.usage("--round goes with --until steady");
        }
        long roundNs = untilSteady ? o.durationNs("round", DEFAULT_ROUND_NS) : 0;
        if (untilSteady && roundNs <= 0) {
            throw SbenchException.usage("--round must be above 0, found " + o.text("round", ""));
        }
        return new TortureStep(o.durationNs("duration", 0), Span.of("span", o.text("span", DEFAULT_SPAN)), roundNs,
                StepIo.of(o, "", DEFAULT_BLOCK_BYTES, DEFAULT_QD));
    }

    boolean untilSteady() {
        return roundNs > 0;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        String length = untilSteady() ? "rounds of " + StepOptions.durationWord(roundNs) + " until steady"
                : StepOptions.durationWord(durationNs);
        return "torture " + length + ", " + StepOptions.sizeWord(io.blockBytes()) + " random writes at QD " + io.qd() + " over "
                + span.word();
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        if (untilSteady()) {
            m.put("until", UNTIL_STEADY);
            m.put("round", StepOptions.durationWord(roundNs));
        } else {
            m.put("duration", StepOptions.durationWord(durationNs));
        }
        m.put("span", span.word());
        io.putOptions(m, true);
        return m;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        regionBytes(target);
    }

    /** The bytes the IOs go to on {@code target}, checked. */
    private long regionBytes(Target target) {
        io.checkFits(target);
        return span.bytes(target.capacityBytes(), io);
    }

    @Override
    public StepResult run(StepContext context) {
        long regionBytes = regionBytes(context.target());
        try (StepRuns runs = new StepRuns(context, this)) {
            if (!untilSteady()) {
                runs.runFor("torture", "torture " + StepOptions.durationWord(durationNs), durationNs, source(regionBytes, 0, context.seed()),
                        io.settings(context.seed()));
                runs.flushWrites("the torture");
                return runs.result(0, null, null, null);
            }
            SteadyState.Verdict verdict = untilSteady(round -> {
                if (!runs.goOn()) {
                    return Double.NaN;
                }
                ReplayResult r = runs.runFor("round-" + round, "round " + round + " (at most " + SteadyState.MAX_ROUNDS + ")", roundNs,
                        source(regionBytes, round, context.seed() + round), io.settings(context.seed() + round));
                // A partial round is no round of the window.
                return r.complete() ? r.summary().iops() : Double.NaN;
            });
            runs.flushWrites("the torture");
            return runs.result(0, null, null, verdict);
        }
    }

    /**
     * Runs rounds 1, 2, ... until the IOPS they return are in steady state or {@value SteadyState#MAX_ROUNDS}
     * rounds ran; a round that returns NaN (stopped, or cut short) ends them. The verdict of the rounds
     * that ran to their end.
     */
    static SteadyState.Verdict untilSteady(IntToDoubleFunction round) {
        List<Double> iops = new ArrayList<>();
        SteadyState.Verdict verdict = SteadyState.check(TRACKED, iops);
        for (int r = 1; SteadyState.goOn(verdict); r++) {
            double value = round.applyAsDouble(r);
            if (Double.isNaN(value)) {
                break;
            }
            iops.add(value);
            verdict = SteadyState.check(TRACKED, iops);
        }
        return verdict;
    }

    private GeneratedSource source(long regionBytes, int round, long seed) {
        String name = untilSteady() ? "torture round " + round : "torture";
        // Rounds are defined alike (seeds aside), so that compare takes them as one trace.
        int blockBytes = io.blockBytes();
        String definition = "torture: random " + blockBytes + " B writes at QD " + io.qd() + " over the first " + span.word()
                + " of the target, for " + StepOptions.durationWord(untilSteady() ? roundNs : durationNs);
        return new GeneratedSource(name, KIND, definition, () -> new RandomTraceReader(name, Op.WRITE, regionBytes, blockBytes,
                Long.MAX_VALUE, seed), Replayer.UNBOUNDED, regionBytes, blockBytes);
    }
}
