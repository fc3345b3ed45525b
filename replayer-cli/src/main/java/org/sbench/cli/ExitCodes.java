package org.sbench.cli;

import org.sbench.ErrorKind;

/**
 * The exit statuses of {@code sbench} (the README lists them): a run's own, and a failure's, which is
 * its {@link ErrorKind}'s (named here for the commands and their tests).
 */
final class ExitCodes {
    static final int OK = 0;
    static final int IO_ERRORS = 1;
    static final int USAGE = ErrorKind.USAGE.exitCode();
    static final int BAD_INPUT = ErrorKind.BAD_INPUT.exitCode();
    static final int UNSAFE_TARGET = ErrorKind.UNSAFE_TARGET.exitCode();
    static final int SYSTEM_FAILURE = ErrorKind.SYSTEM_FAILURE.exitCode();
    /** Interrupted by Ctrl-C (SIGINT); SIGTERM gives 143 and SIGHUP 129 ({@link StopSignals#exitCode}). */
    static final int INTERRUPTED = ErrorKind.INTERRUPTED.exitCode();

    private ExitCodes() {
    }

    /**
     * How a run that produced results ended: stopped by a signal (128 + its number), else with IO
     * errors, else ok. A signal that came after the run had done all it would (its result complete)
     * stopped nothing: the status is the complete result's, so that it and the result agree.
     */
    static int ofRun(StopSignals stop, boolean complete, long ioErrors) {
        int finished = ioErrors > 0 ? IO_ERRORS : OK;
        return complete ? finished : stop.exitCode(finished);
    }
}
