package org.sbench.step;

import java.lang.reflect.RecordComponent;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.sbench.result.RecordWalk;

/**
 * What in a step record read back (a line of {@code steps.jsonl}, or a step of a bundle of format 2) no step can have
 * written, found by the walk results are checked with: a part left out that is always written, an empty entry in a list
 * or map, a number that is NaN, infinite or beyond any measurement ({@value RecordWalk#LARGEST}), and a negative one.
 * Reports, compare and a resumed run show these figures (the step's time and bytes, a purge's range, a sweep's MB/s,
 * the steady-state verdict, the state log), so such a record is refused at its line, named at the part.
 *
 * <p>Only the drive's temperature may be negative, and only the steady-state figures may be NaN (null in JSON: before
 * a whole window, or a round without IO). The slope excursion is the size of the change across the window, so it is
 * never negative, as a mean, range or value of IOPS or MB/s is not.
 */
final class StepShape implements RecordWalk.Rules {
    /** The parts a step's writer leaves out where they do not apply; every other is always written. */
    private static final Map<Class<?>, Set<String>> MAY_LEAVE_OUT = Map.of(
            StepResult.class, Set.of("stopReason", "purge", "sweep", "steadyState"),
            StepResult.NamedRun.class, Set.of("file", "result"),
            StepResult.PurgeSummary.class, Set.of("note"),
            Bundle.StateEvent.class, Set.of("bytesWrittenSincePurge", "temperatureC", "health"));
    private static final RecordWalk WALK = new RecordWalk(new StepShape());

    private StepShape() {
    }

    /** The first such part of {@code step} or of {@code state}, its state-log entry (null where none), in words; or null. */
    static String problem(StepResult step, Bundle.StateEvent state) {
        String problem = WALK.problem(step, "");
        return problem != null || state == null ? problem : WALK.problem(state, "state");
    }

    @Override
    public boolean mayLeaveOut(Record r, RecordComponent c) {
        return MAY_LEAVE_OUT.getOrDefault(r.getClass(), Set.of()).contains(c.getName());
    }

    @Override
    public String describe(RecordWalk.Flaw flaw, String path, Object value) {
        return path + " " + value + switch (flaw) {
            case MISSING -> ", expected a value";
            case NOT_A_NUMBER -> ", expected a number";
            case BEYOND -> ", expected at most 1e21 either way (more than any run measures)";
            case NEGATIVE -> ", expected 0 or more";
        };
    }

    @Override
    public Set<RecordWalk.Flaw> allowed(Record r, RecordComponent c) {
        if (r instanceof SteadyState.Verdict) {
            return EnumSet.of(RecordWalk.Flaw.NOT_A_NUMBER);
        }
        boolean temperature = r instanceof Bundle.StateEvent && c.getName().equals("temperatureC");
        return temperature ? EnumSet.of(RecordWalk.Flaw.NEGATIVE) : EnumSet.noneOf(RecordWalk.Flaw.class);
    }
}
