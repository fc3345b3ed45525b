package org.sbench.cli;

import org.sbench.ErrorKind;
import org.sbench.replay.ReplayControl;

/** The exit statuses of {@code sbench}, one place (STYLE.md section 4). */
final class ExitCodes {
    static final int OK = 0;
    static final int IO_ERRORS = 1;
    static final int USAGE = 2;
    static final int BAD_INPUT = 3;
    static final int UNSAFE_TARGET = 4;
    static final int SYSTEM_FAILURE = 5;
    static final int INTERNAL = org.sbench.SbenchException.INTERNAL_EXIT;
    static final int INTERRUPTED = 130;

    private ExitCodes() {
    }

    /** How a run that produced results ended: interrupted (Ctrl-C), else with IO errors, else ok. */
    static int ofRun(String stopReason, long ioErrors) {
        if (ReplayControl.INTERRUPTED.equals(stopReason)) {
            return INTERRUPTED;
        }
        return ioErrors > 0 ? IO_ERRORS : OK;
    }

    static int of(ErrorKind kind) {
        return kind.exitCode();
    }
}
