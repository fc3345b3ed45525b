package org.sbench.step;

import java.util.Collection;
import java.util.Map;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.TracePlans;
import org.sbench.target.Target;

/**
 * One thing done to a drive, as a command ({@code sbench fill ...}) and as a scenario step: a
 * replay of a trace, a {@code cdm} suite, a purge, a fill, a torture, an LBA sweep, an idle
 * period. A step issues its IOs on the context's target through the one run assembly
 * ({@link StepContext#run}); it knows nothing of bundles, files or the terminal. Implementations are
 * immutable and validated when made (a usage error naming the option), so a command and a
 * scenario file get the same errors.
 */
public interface Step {

    /** The word that names the step's kind in commands and scenario files: {@code fill}, {@code purge}, ... */
    String kind();

    /** What the step does in a few words, for results and the terminal ("fill 2 x 100%, 128 KiB"). */
    String label();

    /** The step's options as a user would write them (option name without dashes to value), for the result. */
    Map<String, String> options();

    /**
     * True if the step writes to the target (it then needs {@code --allow-write}): the default, so
     * that a step that does not say otherwise is treated as the destructive kind; a step that
     * only reads, or writes by option, overrides it.
     */
    default boolean writes() {
        return true;
    }

    /**
     * True if the step issues IOs through an IO engine: all steps but a purge (its erase calls are ioctls) and an idle
     * period without probes. Those IOs are what a scenario's group until steady state can track (their iops and mbps),
     * and what a block device's queue is set for ({@link org.sbench.target.TargetSettings#tunesQueue}).
     */
    default boolean issuesIo() {
        return true;
    }

    /**
     * True if the step may send discards through an IO engine, for which a block device's writeback
     * throttling is turned off ({@link org.sbench.target.TargetSettings#sendsDiscards}): a replay that writes
     * a trace with trims (any trace that writes until it is {@link #planned}); no other step, which leaves the
     * throttling on.
     */
    default boolean sendsDiscards() {
        return false;
    }

    /**
     * This step with what it reads before the target is opened, kept for {@link #checkFits} and {@link #run} so that
     * nothing is read again for them: a replay plans its trace through {@code plans}, which reads each trace once for all
     * the steps that replay it (it then knows its trims: {@link #sendsDiscards}), and its runs read the trace for their
     * IOs alone. A step that reads nothing is itself.
     */
    default Step planned(TracePlans plans) {
        return this;
    }

    /**
     * Checks what of the step depends on {@code target} (sizes inside its capacity, whole logical
     * blocks, an erase method it has) without issuing an IO: a usage error naming the option when
     * something does not fit. {@link #run} makes the same checks; a scenario makes them for all its
     * steps before the first runs, so that no step writes before a later one is found not to fit.
     * A check that reads long (a replay plans its trace) is abandoned when {@code control} is asked
     * to stop ({@link ReplayControl#abandoning}).
     */
    default void checkFits(Target target, ReplayControl control) {
    }

    /**
     * Runs the step on {@code context}'s target until it is done or the context's control stops it
     * (the result says which); stopped before it did anything to the drive (an IO, an erased chunk, idle
     * time), an {@link ErrorKind#INTERRUPTED} failure instead: "REASON before LABEL began".
     */
    StepResult run(StepContext context);

    /**
     * The {@link ErrorKind#INTERRUPTED} failure "REASON before LABEL began" when {@code control} was asked to
     * stop before {@code step} {@code begun} (did anything to the drive that its result would report: an IO, an erased
     * chunk, idle time): such a step did nothing, and is not recorded (a command writes no bundle; a scenario ends
     * before the step). The one rule every step follows ({@link #run}).
     */
    static void checkBegun(Step step, boolean begun, ReplayControl control) {
        control.checkBegun(begun, step.label() + " began");
    }

    /**
     * {@code step}, made from the options named {@code given}; a usage error for one its
     * {@link #options} leave out, as it does nothing for the step (a read sweep's {@code data}, the
     * probe options of an idle period that does not probe): taken and dropped, it would look applied.
     */
    static Step applying(Step step, Collection<String> given) {
        Map<String, String> applied = step.options();
        for (String name : given) {
            if (!applied.containsKey(name)) {
                throw SbenchException.usage("--" + name + " does nothing for " + step.label() + "; leave it out");
            }
        }
        return step;
    }
}
