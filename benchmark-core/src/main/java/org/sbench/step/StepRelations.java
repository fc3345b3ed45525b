package org.sbench.step;

import java.util.List;
import java.util.Objects;
import org.sbench.result.RecordWalk;

/**
 * What in a step record read back breaks a relation its writer always keeps between its figures, or between its state-log
 * entry and the entry before it: each figure alone may be in range ({@link StepShape}) and the whole still be no record a step
 * wrote (a steady state reached at a round after the last, sweep points out of order, bytes since the last purge that are not
 * the sum of the steps' since). Reports, compare and a resumed run take these figures as the step's, so such a record is
 * refused at its line, named at the part.
 *
 * <p>Relations a real bundle can break are not checked: the step's and the state log's times are the wall clock's, which
 * may step back between them; sweep points may share an offset (where the target's blocks are larger than a point), and a
 * sweep stopped or failing an IO leaves out the points it did not finish, so their numbers need not be 1 to n.
 */
final class StepRelations {
    private StepRelations() {
    }

    /**
     * The first relation {@code step} breaks, or with its state-log entry {@code state} (null where none) and the entry
     * before it, {@code before} (null for the first step), in words; or null.
     */
    static String problem(StepResult step, Bundle.StateEvent state, Bundle.StateEvent before) {
        return RecordWalk.firstOf(stop(step), parts(step), purge(step), sweep(step.sweep()), steadyState(step.steadyState()),
                state == null ? null : state(step, state, before));
    }

    private static String stop(StepResult step) {
        if (step.complete() == (step.stopReason() == null)) {
            return null;
        }
        return step.complete() ? "stopReason '" + step.stopReason() + "' with complete true, expected none (a complete step did not stop)"
                : "complete false without a stopReason, expected one (why it stopped)";
    }

    private static String parts(StepResult step) {
        String found = part(step.kind(), PurgeStep.KIND, step.purge() != null);
        return found != null ? found : part(step.kind(), SweepStep.KIND, step.sweep() != null);
    }

    /** A part named {@code kind} ({@code purge}) that a step holds exactly when it is of that kind. */
    private static String part(String stepKind, String kind, boolean holds) {
        if (holds == stepKind.equals(kind)) {
            return null;
        }
        return holds ? kind + " in a step of kind " + stepKind + ", expected none (a " + kind + " step's only)"
                : "kind " + kind + " without a " + kind + ", expected one (what it did)";
    }

    private static String purge(StepResult step) {
        StepResult.PurgeSummary p = step.purge();
        if (p == null) {
            return null;
        }
        if (p.lengthBytes() == 0 && p.chunks() != 0) {
            return "purge.chunks " + p.chunks() + ", expected 0 (it erased no bytes)";
        }
        if (p.lengthBytes() > 0 && (p.chunks() == 0 || p.chunks() > p.lengthBytes())) {
            return "purge.chunks " + p.chunks() + ", expected 1 to its lengthBytes " + p.lengthBytes() + " (requests of a byte or more)";
        }
        if (step.bytesWritten() != 0 && step.bytesWritten() != p.lengthBytes()) {
            return "bytesWritten " + step.bytesWritten() + ", expected 0 or the purge's lengthBytes " + p.lengthBytes()
                    + " (a zeroing purge writes what it erases)";
        }
        return null;
    }

    private static String sweep(List<StepResult.SweepPoint> points) {
        for (int i = 0; points != null && i < points.size(); i++) {
            StepResult.SweepPoint p = points.get(i);
            String at = "sweep[" + i + "].";
            if (i == 0) {
                if (p.point() < 1) {
                    return at + "point " + p.point() + ", expected 1 or more";
                }
                if (p.lengthBytes() == 0) {
                    return at + "lengthBytes 0, expected more than 0";
                }
                continue;
            }
            StepResult.SweepPoint last = points.get(i - 1);
            String lastOne = "sweep[" + (i - 1) + "]'s ";
            if (p.point() <= last.point()) {
                return at + "point " + p.point() + ", expected more than " + lastOne + last.point() + " (points in order)";
            }
            if (p.offsetBytes() < last.offsetBytes()) {
                return at + "offsetBytes " + p.offsetBytes() + ", expected " + lastOne + last.offsetBytes() + " or more (points in"
                        + " order from the first byte to the last)";
            }
            if (p.lengthBytes() != last.lengthBytes()) {
                return at + "lengthBytes " + p.lengthBytes() + ", expected " + lastOne + last.lengthBytes() + " (as many bytes at"
                        + " every point)";
            }
        }
        return null;
    }

    /** A verdict's figures are those {@link SteadyState#check} gives of its window, which holds its last rounds. */
    private static String steadyState(SteadyState.Verdict v) {
        if (v == null) {
            return null;
        }
        if (v.rounds() > SteadyState.MAX_ROUNDS) {
            return "steadyState.rounds " + v.rounds() + ", expected at most " + SteadyState.MAX_ROUNDS + " (rounds stop there)";
        }
        int size = Math.min(v.rounds(), SteadyState.WINDOW);
        if (v.window().size() != size) {
            return "steadyState.window of " + v.window().size() + " values, expected " + size + " (the last " + SteadyState.WINDOW
                    + " of its " + v.rounds() + " rounds)";
        }
        SteadyState.Verdict of = SteadyState.check(v.tracked(), v.window());
        String figure = figure("mean", v.mean(), of.mean());
        figure = figure != null ? figure : figure("range", v.range(), of.range());
        figure = figure != null ? figure : figure("slopeExcursion", v.slopeExcursion(), of.slopeExcursion());
        if (figure != null) {
            return figure;
        }
        if (v.reached() != of.reached()) {
            return "steadyState.reached " + v.reached() + ", expected " + of.reached() + " (as its window's figures say)";
        }
        int round = v.reached() ? v.rounds() : 0;
        if (v.round() != round) {
            return "steadyState.round " + v.round() + ", expected " + round + (v.reached() ? " (its rounds: reached at the last)"
                    : " (not reached)");
        }
        return null;
    }

    private static String figure(String name, double value, double ofWindow) {
        return Double.compare(value, ofWindow) == 0 ? null
                : "steadyState." + name + " " + json(value) + ", expected " + json(ofWindow) + " (its window's)";
    }

    /** {@code value} as JSON holds it: NaN is null. */
    private static String json(double value) {
        return Double.isNaN(value) ? "null" : Double.toString(value);
    }

    private static String state(StepResult step, Bundle.StateEvent state, Bundle.StateEvent before) {
        if (state.bytesWritten() != step.bytesWritten()) {
            return "state.bytesWritten " + state.bytesWritten() + ", expected the step's bytesWritten " + step.bytesWritten();
        }
        Long since = BundleLog.sincePurge(before, step);
        if (!Objects.equals(state.bytesWrittenSincePurge(), since)) {
            return "state.bytesWrittenSincePurge " + state.bytesWrittenSincePurge() + ", expected " + (since == null
                    ? "none (no purge before it)" : since + " (the bytesWritten of the steps from the last purge on, this one's included)");
        }
        return null;
    }
}
