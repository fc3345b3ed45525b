package org.sbench.trace;

/** The optional fields of {@link IoRecord}; a trace states which of them it carries. */
public enum Field {
    COMPLETE,
    STREAM,
    QD,
    PROCESS;

    public int bit() {
        return 1 << ordinal();
    }
}
