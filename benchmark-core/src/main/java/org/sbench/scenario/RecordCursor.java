package org.sbench.scenario;

import java.util.ArrayList;
import java.util.Iterator;
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
    private final Iterator<StepResult> records;
    private StepResult peeked;
    private boolean ended;
    private int next;

    /**
     * What the bundle holds of one planned step: its incomplete attempts, then its finished record (or null), the
     * first of them the bundle's record {@code first} (0-based).
     */
    record Match(int first, List<StepResult> attempts, StepResult finished) {
        boolean done() {
            return finished != null;
        }

        /** The index in the bundle of the finished record. */
        int finishedIndex() {
            return first + attempts.size();
        }
    }

    /**
     * A cursor over {@code records}, read one at a time: once they are at their end it is at its end, and records
     * appended to the bundle's step log since (the steps a resumed run runs) are not read.
     */
    RecordCursor(String bundle, Iterator<StepResult> records) {
        this.bundle = bundle;
        this.records = records;
    }

    /** The records of {@code p}, the next planned step; a bad-input error when they are of another kind. */
    Match match(PlannedStep p) {
        int first = next;
        List<StepResult> attempts = new ArrayList<>();
        while (peek() != null && !peeked.complete()) {
            attempts.add(take(p));
        }
        return new Match(first, attempts, peek() == null ? null : take(p));
    }

    /** True when every record was matched to a planned step. */
    boolean exhausted() {
        return peek() == null;
    }

    private StepResult peek() {
        if (peeked == null && !ended) {
            ended = !records.hasNext();
            peeked = ended ? null : records.next();
        }
        return peeked;
    }

    private StepResult take(PlannedStep p) {
        if (!peeked.kind().equals(p.spec().kind())) {
            throw SbenchException.badInput(bundle, "step record " + (next + 1) + " is a " + peeked.kind() + " step, but the"
                    + " scenario's step " + (p.ordinal() + 1) + " is " + p.spec().kind() + "; the bundle was made by another scenario");
        }
        StepResult r = peeked;
        peeked = null;
        next++;
        return r;
    }
}
