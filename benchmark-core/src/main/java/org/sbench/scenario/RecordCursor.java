package org.sbench.scenario;

import java.util.ArrayList;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.step.StepResult;

/**
 * Pairs a scenario's planned steps, in order, with the step records of its bundle. A step that was
 * stopped part way (Ctrl-C, SIGTERM, an IO error) is recorded incomplete and run again from its start
 * when the bundle is resumed, so each planned step has any number of incomplete attempts, then its
 * finished record, or none yet: where a resumed run continues.
 */
final class RecordCursor {
    private final String bundle;
    private final List<StepResult> records;
    private int next;

    /** What the bundle holds of one planned step: the indexes of its incomplete attempts and of its finished record (or -1). */
    record Match(List<Integer> attempts, int finished) {
        boolean done() {
            return finished >= 0;
        }
    }

    RecordCursor(String bundle, List<StepResult> records) {
        this.bundle = bundle;
        this.records = records;
    }

    /** The records of {@code p}, the next planned step; a bad-input error when they are of another kind. */
    Match match(PlannedStep p) {
        List<Integer> attempts = new ArrayList<>();
        while (next < records.size() && !records.get(next).complete()) {
            check(p, next);
            attempts.add(next++);
        }
        if (next < records.size()) {
            check(p, next);
            return new Match(attempts, next++);
        }
        return new Match(attempts, -1);
    }

    /** True when every record was matched to a planned step. */
    boolean exhausted() {
        return next >= records.size();
    }

    private void check(PlannedStep p, int index) {
        String kind = records.get(index).kind();
        if (!kind.equals(p.spec().kind())) {
            throw SbenchException.badInput(bundle, "step record " + (index + 1) + " is a " + kind + " step, but the scenario's step "
                    + (p.ordinal() + 1) + " is " + p.spec().kind() + "; the bundle was made by another scenario");
        }
    }
}
