package org.sbench.step;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.generate.SequentialTraceReader;
import org.sbench.replay.GeneratedSource;
import org.sbench.replay.ReplayControl;
import org.sbench.target.NullTarget;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * Sequential preconditioning ({@code sbench fill}): {@code passes} passes of sequential writes of
 * {@code bs} at a fixed depth over the first {@code percent} of the target, each pass a run with its
 * MB/s per second; SNIA PTS workload-independent preconditioning is the default, 2 x the capacity in
 * 128 KiB writes. The region is the share rounded down to whole IOs of {@code bs}. Each pass writes
 * fresh data of the pattern (its own seed), and the drive's cache is flushed after the last.
 */
public final class FillStep implements Step {
    public static final String KIND = "fill";
    public static final double DEFAULT_PERCENT = 100;
    public static final int DEFAULT_PASSES = 2;
    public static final long DEFAULT_BLOCK_BYTES = 128 * 1024;
    /** The depth of the fill's writes, our choice: the same as torture's, deep enough to keep a drive's channels busy. */
    public static final int DEFAULT_QD = 32;
    public static final int MAX_PASSES = 100;
    /** The names of its options, without dashes. */
    public static final List<String> OPTIONS = List.of("percent", "passes", "bs", "data", "qd", "engine");

    private final double percent;
    private final int passes;
    private final StepIo io;

    /**
     * A fill, validated: a usage error naming the option for a share outside (0, 100], passes
     * outside 1 to {@value #MAX_PASSES}, an IO size that is no whole number of sectors up to 1 GiB, a
     * depth outside 1 to 1024, a data pattern or engine sbench does not know.
     */
    private FillStep(double percent, int passes, StepIo io) {
        StepOptions.checkPercent("percent", percent, StepOptions.percentWord(percent));
        StepOptions.checkRange("passes", passes, 1, MAX_PASSES);
        this.percent = percent;
        this.passes = passes;
        this.io = io;
    }

    /** A fill from options as users write them ({@code percent: 100, passes: 2, bs: 128K, data: random, qd: 32, engine: auto}). */
    public static FillStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        double percent = o.percent("percent", DEFAULT_PERCENT);
        if (o.has("percent")) {
            StepOptions.checkPercent("percent", percent, o.written("percent", null));
        }
        return new FillStep(percent, o.integer("passes", DEFAULT_PASSES, 1, MAX_PASSES),
                StepIo.of(o, "", DEFAULT_BLOCK_BYTES, DEFAULT_QD));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "fill " + passes + " x " + StepOptions.percentWord(percent) + ", " + StepOptions.sizeWord(io.blockBytes()) + " at QD "
                + io.qd();
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("percent", StepOptions.percentWord(percent));
        m.put("passes", Integer.toString(passes));
        io.putOptions(m, true);
        return m;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        regionBytes(target);
    }

    /** The bytes each pass writes on {@code target}, checked. */
    private long regionBytes(Target target) {
        NullTarget.checkSizedFor(target, "a fill", KIND);
        io.checkFits(target);
        return new Span("percent", percent, 0).bytes(target.capacityBytes(), io);
    }

    @Override
    public StepResult run(StepContext context) {
        Target target = context.target();
        int blockBytes = io.blockBytes();
        long regionBytes = regionBytes(target);
        long count = SequentialTraceReader.sweep(regionBytes, blockBytes);
        try (StepRuns runs = new StepRuns(context, this)) {
            for (int pass = 1; pass <= passes && runs.goOn(); pass++) {
                String name = "fill pass " + pass;
                GeneratedSource source = new GeneratedSource(name, KIND, definition(), () -> new SequentialTraceReader(name, Op.WRITE,
                        regionBytes, blockBytes, count), count, regionBytes, blockBytes);
                runs.run("pass-" + pass, "pass " + pass + " of " + passes, source, io.settings(context.seed() + pass));
            }
            runs.flushWrites("the fill");
            return runs.result(0, null, null, null);
        }
    }

    /** What each pass writes, relative to the target, so that fills of drives of other sizes compare. */
    private String definition() {
        return "fill pass: sequential " + io.blockBytes() + " B writes at QD " + io.qd() + " over the first "
                + StepOptions.percentWord(percent) + " of the target";
    }
}
