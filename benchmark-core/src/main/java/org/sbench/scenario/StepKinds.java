package org.sbench.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.cdm.CdmStep;
import org.sbench.step.FillStep;
import org.sbench.step.IdleStep;
import org.sbench.step.PurgeStep;
import org.sbench.step.SweepStep;
import org.sbench.step.TortureStep;
import org.sbench.step.Step;

/**
 * The step kinds a scenario file can name: the kind word, the factory that makes a step from its
 * options as written ({@code Map<String, String> -> Step}, the step class's {@code of}), and the
 * options {@code --scale} shortens. Immutable: {@link #with} returns a copy with one kind more, so
 * that {@link #standard()} is one line per kind and tests add kinds of their own.
 */
public final class StepKinds {
    /** Makes a step of one kind from its options as written; a usage error naming a bad option. */
    @FunctionalInterface
    public interface Factory {
        Step of(Map<String, String> options);
    }

    /** A kind: its word, its factory, and the options {@code --scale} shortens. */
    public record Kind(String word, Factory factory, List<ScaledOption> scaled) {
    }

    private final Map<String, Kind> kinds;

    private StepKinds(Map<String, Kind> kinds) {
        this.kinds = kinds;
    }

    /** No kinds. */
    public static StepKinds none() {
        return new StepKinds(Map.of());
    }

    /** The kinds of this build, in the order {@code sbench scenarios} lists them. */
    public static StepKinds standard() {
        return none()
                .with(ReplayOptions.KIND, ReplayOptions::step, ScaledOption.share(ReplayOptions.FIRST, "100"))
                .with(CdmStep.KIND, CdmStep::of, ScaledOption.duration("duration", CdmStep::defaultDuration),
                        ScaledOption.size("size", CdmStep::defaultSize))
                .with(PurgeStep.KIND, PurgeStep::of)
                // A fill's share stays: a scaled run is on the first F of the target (ScenarioSession), which it fills.
                .with(FillStep.KIND, FillStep::of)
                .with(TortureStep.KIND, TortureStep::of, ScaledOption.duration("duration", written()),
                        ScaledOption.duration("round", o -> o.containsKey("until") ? "1m" : null))
                .with(SweepStep.KIND, SweepStep::of, ScaledOption.size("per-point", SweepStep.AUTO, SweepStep::spelledOut))
                .with(IdleStep.KIND, IdleStep::of, ScaledOption.duration("duration", written()),
                        ScaledOption.duration("probe", IdleStep::defaultProbe), ScaledOption.duration("probe-duration", "5s"));
    }

    /** No default to scale: the option is scaled only where a scenario writes it. */
    private static java.util.function.Function<Map<String, String>, String> written() {
        return o -> null;
    }

    /** These kinds and {@code word}, made by {@code factory}, with {@code scaled} shortened by {@code --scale}. */
    public StepKinds with(String word, Factory factory, ScaledOption... scaled) {
        Map<String, Kind> more = new LinkedHashMap<>(kinds);
        if (more.put(word, new Kind(word, factory, List.of(scaled))) != null) {
            throw new IllegalArgumentException("step kind '" + word + "' registered twice");
        }
        return new StepKinds(Collections.unmodifiableMap(more));
    }

    /** The kind {@code word} names, or null. */
    public Kind kind(String word) {
        return kinds.get(word);
    }

    public List<String> words() {
        return List.copyOf(kinds.keySet());
    }

    /** Of {@code wanted}, the kinds not registered here, in order. */
    public List<String> missing(Iterable<String> wanted) {
        List<String> out = new ArrayList<>();
        for (String w : wanted) {
            if (!kinds.containsKey(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** What {@code --scale} shortens in steps of {@code used} kinds, kind by kind: {@code cdm duration (duration)}, ... */
    public List<String> scaledOptions(java.util.Set<String> used) {
        List<String> out = new ArrayList<>();
        for (Kind k : kinds.values()) {
            if (!used.contains(k.word())) {
                continue;
            }
            if (!k.scaled().isEmpty()) {
                out.add(k.word() + " " + k.scaled().stream().map(ScaledOption::name).collect(java.util.stream.Collectors.joining(", ")));
            }
        }
        return out;
    }
}
