package org.sbench.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.TracePlans;
import org.sbench.result.ReplayResult;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.BundleLog;
import org.sbench.step.SteadyState;
import org.sbench.step.Step;
import org.sbench.step.StepContext;
import org.sbench.step.StepListener;
import org.sbench.step.StepResult;
import org.sbench.target.Target;

/**
 * Runs a scenario's steps in order on one opened target, each recorded in the bundle as it ends.
 * Steps the bundle already holds finished are passed (their tracked values still count for steady
 * state), so a resumed run continues at the first step not finished. Each step runs under a control
 * of its own under the run's ({@link ReplayControl#child()}): a step's planned end stays its own,
 * and Ctrl-C or SIGTERM stops the step running then. That step stops issuing, its IOs in flight
 * complete, and it is recorded incomplete; no further step starts, and the bundle ends incomplete
 * with the reason. A stop that abandons what a step does before its first IO ends the run before that
 * step, which the bundle does not hold. A resumed run runs that step again from its start. A step that ends incomplete for
 * another reason (an IO error under on-error stop) ends the run the same way. Each step runs {@link Step#planned planned}
 * from {@code plans}, made before the target was opened: a replay reads its trace for its IOs alone, not for a plan again.
 */
final class ScenarioRunner {
    /** How far apart the seeds of two steps are: more than any step adds for its passes, rounds and probes. */
    private static final int SEED_SHIFT = 32;
    private final Scenario scenario;
    private final StepMaker maker;
    private final TracePlans plans;
    private final int plannedSteps;
    private final BundleLog log;
    private final Target target;
    private final IoEngines.Opener engines;
    private final NanoClock clock;
    private final ReplayControl control;
    private final StepListener stepListener;
    private final ScenarioListener listener;
    private final String sbenchVersion;

    ScenarioRunner(Scenario scenario, StepMaker maker, TracePlans plans, int plannedSteps, BundleLog log, Target target,
                   IoEngines.Opener engines, NanoClock clock, ReplayControl control, StepListener stepListener,
                   ScenarioListener listener, String sbenchVersion) {
        this.scenario = scenario;
        this.maker = maker;
        this.plans = plans;
        this.plannedSteps = plannedSteps;
        this.log = log;
        this.target = target;
        this.engines = engines;
        this.clock = clock;
        this.control = control;
        this.stepListener = stepListener;
        this.listener = listener;
        this.sbenchVersion = sbenchVersion;
    }

    ScenarioOutcome run() {
        if (log.cut() != null) {
            listener.cut(log.cut());
        }
        try (BundleDirectory.Records records = log.directory().records()) {
            return run(new RecordCursor(log.directory().dir().toString(), StreamSupport.stream(Spliterators.spliteratorUnknownSize(records,
                    Spliterator.ORDERED), false).map(Bundle.Record::step).iterator()));
        }
    }

    private ScenarioOutcome run(RecordCursor cursor) {
        ScenarioWalk walk = new ScenarioWalk(scenario);
        long errors = 0;
        int ran = 0;
        for (PlannedStep p = walk.next(); p != null; p = walk.next()) {
            RecordCursor.Match m = cursor.match(p);
            if (m.done()) {
                StepResult finished = m.finished();
                if (p.tracked()) {
                    walk.tracked(tracked(p), StepNumbers.of(runsOf(finished)).value(p.trackedMetric()));
                }
                listener.finishedBefore(p, finished);
                continue;
            }
            if (control.stopRequested()) {
                return end(false, control.stopReason() + " before step " + (p.ordinal() + 1), errors, ran);
            }
            Step step = maker.make(p);
            listener.starting(p, p.label(step.label()), plannedSteps);
            StepResult r;
            long seed = seed(p);
            try {
                r = maker.attributing(p, () -> step.planned(plans).run(new StepContext(target, engines, clock, control.child(),
                        stepListener, sbenchVersion, seed)));
            } catch (RuntimeException | OutOfMemoryError e) {
                if (e instanceof SbenchException s && s.kind() == ErrorKind.INTERRUPTED && control.stopRequested()) {
                    // The stop abandoned what the step does before its first IO: it did not begin.
                    return end(false, control.stopReason() + " before step " + (p.ordinal() + 1), errors, ran);
                }
                // Out of heap, the step's own objects are garbage by now: there is room to say so in the bundle.
                log.end(false, "step " + (p.ordinal() + 1) + " (" + p.label(step.label()) + ") failed: "
                        + (e instanceof OutOfMemoryError ? "out of memory (the Java heap is full)" : e.getMessage()));
                throw e;
            }
            StepNumbers numbers = StepNumbers.of(r.results());
            errors += numbers.errors();
            SteadyState.Verdict verdict = r.complete() && p.tracked()
                    ? walk.tracked(tracked(p), numbers.value(p.trackedMetric())) : r.steadyState();
            r = new StepResult(r.kind(), p.label(r.label()), r.options(), r.startedAt(), r.durationNs(), r.complete(), r.stopReason(),
                    r.bytesWritten(), r.runs(), r.purge(), r.sweep(), verdict);
            log.stepDone(r);
            ran++;
            listener.done(p, r, numbers);
            if (!r.complete()) {
                String why = control.stopRequested() ? control.stopReason() : r.stopReason();
                return end(false, why + " in step " + (p.ordinal() + 1) + " (" + r.label() + "), recorded incomplete", errors, ran);
            }
        }
        return end(true, null, errors, ran);
    }

    /**
     * The seed step {@code p} starts from: the first step's is a command's, each next one 2^32 on, past the passes,
     * rounds and probes a step adds. Every step began from a command's, so each round of a group wrote the offsets
     * and bytes of the round before. A resumed run plans its steps alike, so a step run again gets its seed again.
     */
    private static long seed(PlannedStep p) {
        return ReplaySettings.DEFAULT_SEED + ((long) p.ordinal() << SEED_SHIFT);
    }

    private ScenarioOutcome end(boolean complete, String reason, long errors, int ran) {
        log.end(complete, reason);
        return new ScenarioOutcome(complete, reason, errors, ran, log.directory().dir(), null);
    }

    /** What a steady-state group tracks, in words: {@code iops of torture}. */
    static String tracked(PlannedStep p) {
        return p.trackedMetric() + " of " + p.spec().kind();
    }

    private List<ReplayResult> runsOf(StepResult recorded) {
        List<ReplayResult> out = new ArrayList<>();
        for (StepResult.NamedRun run : recorded.runs()) {
            out.add(log.directory().readRun(run));
        }
        return out;
    }
}
