package org.sbench.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.TracePlans;
import org.sbench.step.Step;
import org.sbench.step.StepOptions;
import org.sbench.target.Target;

/**
 * Makes the step a planned step names: its options in its round ({@link PerRound}), shortened by the
 * scale ({@link ScaledOption}), given to its kind's factory. A usage error of a factory becomes a
 * bad-input error of the scenario file naming the line of the option it mentions (or of the step),
 * the round when it is not the first, and the option as the file writes it ({@code passes}, not
 * {@code --passes}): {@code my.yaml:7: passes takes a whole number, found 'x'}.
 */
final class StepMaker {
    /** An option named as the command line writes it; one after its command ({@code sbench run --size}) stays so. */
    private static final Pattern DASHED = Pattern.compile("(?<!sbench [a-z]{1,12} )--([a-z][a-z0-9-]*)");

    private final Scenario scenario;
    private final StepKinds kinds;
    private final double scale;

    /** Steps of {@code scenario} from {@code kinds}, with durations and sizes multiplied by {@code scale} (0 to 1). */
    StepMaker(Scenario scenario, StepKinds kinds, double scale) {
        this.scenario = scenario;
        this.kinds = kinds;
        this.scale = scale;
    }

    Step make(PlannedStep p) {
        Scenario.StepSpec spec = p.spec();
        StepKinds.Kind kind = kinds.kind(spec.kind());
        if (kind == null) {
            throw Doc.error(scenario.source(), spec.line(), "unknown step " + SbenchException.quoted(spec.kind())
                    + "; the steps are "
                    + String.join(", ", kinds.words()));
        }
        refuseEngine(spec);
        return attributing(p, () -> {
            Map<String, String> given = PerRound.at(spec, round(p));
            return Step.applying(kind.factory().of(scaled(kind, given)), given.keySet());
        });
    }

    /** A step of the plan as {@link #planned} made it, with the planned step it was first made for (for errors at its line). */
    record Planned(PlannedStep at, Step step) {
    }

    /**
     * The distinct steps of {@code plan}, each made once (a step repeated with the same options, a group's rounds, is one)
     * and {@link Step#planned planned} before the target is opened: a replay reads its trace here, once, so that whether it
     * sends discards is known when the target is opened and its fit is checked without reading it again. Replays of the
     * same trace read alike share one plan from {@code plans} (a round's {@code qd} or {@code speed} changes the step, not
     * its trace's plan), so memory holds a plan per trace, not per step.
     */
    List<Planned> planned(List<PlannedStep> plan, TracePlans plans) {
        Set<Map.Entry<String, Map<String, String>>> made = new HashSet<>();
        List<Planned> out = new ArrayList<>();
        for (PlannedStep p : plan) {
            Step step = make(p);
            if (made.add(Map.entry(step.kind(), step.options()))) {
                out.add(new Planned(p, attributing(p, () -> step.planned(plans))));
            }
        }
        return out;
    }

    /** Whether any of {@code planned} may send discards ({@link Step#sendsDiscards}, exact once planned). */
    static boolean sendsDiscards(List<Planned> planned) {
        return planned.stream().anyMatch(p -> p.step().sendsDiscards());
    }

    /**
     * Checks every step of {@code planned} against {@code target} ({@link Step#checkFits}), the region the steps run on: a
     * step that does not fit is refused at its line before any step runs.
     */
    void checkFits(List<Planned> planned, Target target, ReplayControl control) {
        for (Planned p : planned) {
            attributing(p.at(), () -> {
                p.step().checkFits(target, control);
                return p.step();
            });
        }
    }

    private static int round(PlannedStep p) {
        return Math.max(1, p.position().round());
    }

    /**
     * What {@code call} gives; its usage or bad-input error as an error of the scenario file at the
     * line it concerns. Also for running a step: what only the run finds (a device that refuses a
     * secure discard, which sysfs does not show) is the step's fault as written.
     */
    <T> T attributing(PlannedStep p, Supplier<T> call) {
        try {
            return call.get();
        } catch (SbenchException e) {
            if (e.kind() != ErrorKind.USAGE && e.kind() != ErrorKind.BAD_INPUT) {
                throw e;
            }
            throw attributed(p.spec(), round(p), e);
        } catch (IllegalArgumentException e) {
            // A factory that refuses a value this way still gets the line of the file.
            throw attributed(p.spec(), round(p), e);
        }
    }

    /**
     * A step's own engine would override {@code run --engine} while the bundle records the run's:
     * refused at its line, so that one bundle never mixes two engines.
     */
    private void refuseEngine(Scenario.StepSpec spec) {
        String engine = StepOptions.ENGINE;
        Integer line = spec.optionLines().containsKey(engine) ? spec.optionLines().get(engine) : spec.perRoundLines().get(engine);
        if (line != null) {
            throw Doc.error(scenario.source(), line, SbenchException.quoted(engine)
                    + " is no option of a scenario's step; every step runs on the"
                    + " engine 'sbench run --engine' names, which the bundle records");
        }
    }

    /** The plan at its longest, and whether any of its steps writes. */
    record Plan(List<PlannedStep> steps, boolean writes) {
    }

    /**
     * Makes every step of the plan at its longest but those of {@code skippedKinds}: the scenario's
     * errors before anything runs, a tracked step that issues no IO among them.
     */
    Plan check(List<String> skippedKinds) {
        List<PlannedStep> plan = ScenarioWalk.plan(scenario);
        boolean writes = false;
        for (PlannedStep p : plan) {
            if (!skippedKinds.contains(p.spec().kind())) {
                Step step = make(p);
                writes |= step.writes();
                refuseUntracked(p, step);
            }
        }
        return new Plan(plan, writes);
    }

    /**
     * A tracked step that issues no IO (a purge, an idle period without probes) measures nothing in any round: its group
     * would run all its rounds, never steady. Refused at the group's {@code track} line.
     */
    private void refuseUntracked(PlannedStep p, Step step) {
        if (p.tracked() && !step.issuesIo()) {
            Scenario.Track track = ((Scenario.Group) scenario.parts().get(p.position().part())).track();
            throw Doc.error(scenario.source(), track.line(), "track: step " + (track.step() + 1) + " of the group ("
                    + step.label() + ") issues no IO: no round of it has " + track.metric() + ", so the group would run all its rounds and"
                    + " never be steady; track a step that issues IO (e.g. torture.iops)");
        }
    }

    private Map<String, String> scaled(StepKinds.Kind kind, Map<String, String> options) {
        if (scale == 1) {
            return options;
        }
        Map<String, String> out = new LinkedHashMap<>(options);
        for (ScaledOption o : kind.scaled()) {
            String word = options.containsKey(o.name()) ? options.get(o.name()) : o.defaultWord().apply(options);
            if (word != null) {
                out.put(o.name(), o.scale(word, scale));
            }
        }
        return out;
    }

    private SbenchException attributed(Scenario.StepSpec spec, int round, RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String key = mentioned(message, spec);
        Integer line = null;
        if (key != null) {
            // A change that cannot apply is the per-round line's fault from round 1 on.
            boolean change = round > 1 || message.startsWith("per-round " + SbenchException.quoted(key));
            line = change && spec.perRoundLines().containsKey(key) ? spec.perRoundLines().get(key) : spec.optionLines().get(key);
        }
        String text = DASHED.matcher(message).replaceAll("$1");
        return new SbenchException(ErrorKind.BAD_INPUT, scenario.source() + ":" + (line == null ? spec.line() : line) + ": "
                + (round > 1 ? "round " + round + ": " : "") + text, e);
    }

    /** The option of {@code spec} that {@code message} names ({@code --qd}, {@code 'qd'}, or the bare word), longest first. */
    private static String mentioned(String message, Scenario.StepSpec spec) {
        List<String> keys = new ArrayList<>(spec.options().keySet());
        spec.perRound().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        keys.sort(Comparator.comparingInt(String::length).reversed());
        for (String form : new String[] {"--%s(?![A-Za-z0-9-])", "'%s'", "(?<![A-Za-z0-9-])%s(?![A-Za-z0-9-])"}) {
            for (String k : keys) {
                if (Pattern.compile(String.format(form, Pattern.quote(k))).matcher(message).find()) {
                    return k;
                }
            }
        }
        return null;
    }
}
