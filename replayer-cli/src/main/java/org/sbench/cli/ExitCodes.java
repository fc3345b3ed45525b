package org.sbench.cli;

import org.sbench.ErrorKind;

/** The exit statuses of {@code sbench}, one place (STYLE.md section 4). */
final class ExitCodes {
    static final int OK = 0;
    static final int IO_ERRORS = 1;
    static final int USAGE = 2;
    static final int BAD_INPUT = 3;
    static final int UNSAFE_TARGET = 4;
    static final int SYSTEM_FAILURE = 5;
    static final int INTERNAL = 70;
    static final int INTERRUPTED = 130;

    private ExitCodes() {
    }

    static int of(ErrorKind kind) {
        switch (kind) {
            case USAGE: return USAGE;
            case BAD_INPUT: return BAD_INPUT;
            case UNSAFE_TARGET: return UNSAFE_TARGET;
            case SYSTEM_FAILURE: return SYSTEM_FAILURE;
            case INTERRUPTED: return INTERRUPTED;
            default: return INTERNAL;
        }
    }
}
