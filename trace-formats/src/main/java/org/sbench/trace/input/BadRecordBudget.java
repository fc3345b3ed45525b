package org.sbench.trace.input;

import org.sbench.SbenchException;

/** Counts bad records a reader skips, and turns the one past the allowance into the error. */
public final class BadRecordBudget {
    private final long allowance;
    private long skipped;

    BadRecordBudget(long allowance) {
        this.allowance = allowance;
    }

    /** Skips the bad record described by {@code error}, or throws it when the allowance is used up. */
    public void reject(SbenchException error) {
        if (skipped >= allowance) {
            if (allowance == 0) {
                throw error;
            }
            throw new SbenchException(error.kind(), error.getMessage()
                    + " (more than " + allowance + " bad records, the --skip-bad allowance)");
        }
        skipped++;
    }

    public long skipped() {
        return skipped;
    }
}
