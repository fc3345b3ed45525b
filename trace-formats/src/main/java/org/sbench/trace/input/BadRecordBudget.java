package org.sbench.trace.input;

import org.sbench.SbenchException;

/** Counts bad records a reader skips, and turns the one past the allowance into the error. */
public final class BadRecordBudget {
    private final long allowance;
    private long skipped;
    private SbenchException exhausted;

    BadRecordBudget(long allowance) {
        this.allowance = allowance;
    }

    /** Skips the bad record described by {@code error}, or throws it when the allowance is used up. */
    public void reject(SbenchException error) {
        if (error == exhausted) {
            // A reader's catch-all handed back the error this budget threw: it is final already.
            throw error;
        }
        if (skipped >= allowance) {
            exhausted = allowance == 0 ? error : new SbenchException(error.kind(), error.getMessage()
                    + " (more than " + allowance + " bad records, the --skip-bad allowance)");
            throw exhausted;
        }
        skipped++;
    }

    public long skipped() {
        return skipped;
    }
}
