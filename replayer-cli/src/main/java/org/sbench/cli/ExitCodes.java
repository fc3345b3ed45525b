package org.sbench.cli;

/** The exit statuses of {@code sbench}, one place (the README lists them). */
final class ExitCodes {
    static final int OK = 0;
    static final int IO_ERRORS = 1;
    static final int USAGE = 2;
    static final int BAD_INPUT = 3;
    static final int UNSAFE_TARGET = 4;
    static final int SYSTEM_FAILURE = 5;
    static final int INTERNAL = org.sbench.SbenchException.INTERNAL_EXIT;
    /** Interrupted by Ctrl-C (SIGINT); SIGTERM gives 143 and SIGHUP 129 ({@link StopSignals#exitCode}). */
    static final int INTERRUPTED = 130;

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
