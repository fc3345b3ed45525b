package org.sbench.cdm;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sbench.replay.ReplayControl;
import org.sbench.result.ReplayResult;
import org.sbench.step.OptionWords;
import org.sbench.step.Step;
import org.sbench.step.StepContext;
import org.sbench.step.StepOptions;
import org.sbench.step.StepResult;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/**
 * The synthetic suite as a step: {@link CdmSuite#onTarget} on the scenario's opened target, with the
 * options {@code sbench cdm} takes (without dashes): {@code preset}, {@code size}, {@code passes},
 * {@code duration}, {@code data} (random, zero or both). Its runs are the best pass of each test, op
 * and data pattern, named as {@code cdm --out} names their files; the bytes it wrote count every pass
 * and the fills. The engine is the target's ({@code --engine} of the command).
 */
public record CdmStep(CdmSettings settings, Map<String, String> options) implements Step {
    public static final String KIND = "cdm";
    static final List<String> OPTIONS = List.of("preset", "size", "passes", "duration", "data");
    private static final String JSON = ".json";

    /** The step from its options as written; a usage error naming the option that is wrong. */
    public static CdmStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        CdmPreset preset = preset(options);
        String data = o.word("data", "random");
        long sizeBytes = o.bytes("size", preset.defaultSizeBytes());
        if (o.has("size")) {
            CdmSettings.checkSize(sizeBytes, o.text("size", null));
        }
        CdmSettings s = CdmSettings.of(preset).withSizeBytes(sizeBytes)
                .withPasses(o.integer("passes", CdmSettings.DEFAULT_PASSES, 1, CdmSettings.MAX_PASSES))
                .withDurationNs(o.durationNs("duration", preset.defaultDurationNs()))
                .withData(CdmSettings.dataPatterns(data));
        return new CdmStep(s, o.asWritten());
    }

    /** The test region used when {@code size} is not written: the preset's the options name, as a word. */
    public static String defaultSize(Map<String, String> options) {
        return OptionWords.size(preset(options).defaultSizeBytes());
    }

    /** The time limit of each pass used when {@code duration} is not written (0: one sweep), as a word. */
    public static String defaultDuration(Map<String, String> options) {
        return OptionWords.duration(preset(options).defaultDurationNs());
    }

    private static CdmPreset preset(Map<String, String> options) {
        return CdmPreset.of(options.getOrDefault("preset", CdmPreset.V8.word()));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "cdm " + settings.preset().word() + ", " + CdmGrid.mib(settings.sizeBytes()) + ", " + settings.passes()
                + (settings.passes() == 1 ? " pass" : " passes") + (settings.timed() ? " of " + CdmGrid.duration(settings.durationNs()) : "")
                + (settings.data().size() > 1 ? ", random and 0x00 data" : "");
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        String size = options.get("size");
        CdmSuite.checkFits(target, settings, size == null ? null : size.strip());
    }

    @Override
    public StepResult run(StepContext context) {
        String startedAt = Instant.now().toString();
        long startNs = context.clock().nanoTime();
        Counting listener = new Counting(context);
        CdmResults results = CdmSuite.onTarget(context.target(), settings.withSeed(context.seed()), context.clock(), listener, context.control(),
                context.sbenchVersion(), context.engines());
        Step.checkBegun(this, listener.begun, context.control());
        List<StepResult.NamedRun> runs = new ArrayList<>();
        for (CdmResults.Entry e : results.entries()) {
            String file = e.fileName(settings.preset());
            runs.add(new StepResult.NamedRun(file.substring(0, file.length() - JSON.length()), null, e.best()));
        }
        return new StepResult(KIND, label(), options, startedAt, context.clock().nanoTime() - startNs, results.complete(),
                results.stopReason(), listener.bytesWritten, runs, null, null, null);
    }

    /**
     * Tells the step's listener what the suite does, counts the bytes every pass and fill wrote, and whether any issued an
     * IO: the step began ({@link Step#checkBegun}).
     */
    private static final class Counting implements CdmListener {
        private final StepContext context;
        private long bytesWritten;
        private boolean begun;

        Counting(StepContext context) {
            this.context = context;
        }

        @Override
        public void filling(String data, long regionBytes) {
            context.listener().note("filling the test region with " + CdmGrid.label(data)
                    + " data: one sequential write pass, not measured");
        }

        @Override
        public void filled(String data, ReplayResult result) {
            count(result);
        }

        @Override
        public void passDone(CdmTest test, Op op, String data, int pass, int passes, ReplayResult result) {
            count(result);
            context.listener().runDone(test.label() + " " + op.name().toLowerCase(java.util.Locale.ROOT) + " "
                    + CdmGrid.label(data) + (pass < 1 ? " warm-up" : " pass " + pass + "/" + passes), result);
        }

        private void count(ReplayResult result) {
            bytesWritten += result.summary().bytesWritten();
            begun |= result.fidelity().issued() > 0;
        }
    }
}
