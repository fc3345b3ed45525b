package org.sbench;

/**
 * What went wrong, in the terms the command line turns into an exit status; {@link #exitCode()}
 * is that status (the README lists them), the same for every sbench command line.
 */
public enum ErrorKind {
    /** An option or argument the user gave cannot be used. */
    USAGE(2),
    /** A trace or result file is malformed, truncated or of an unknown format. */
    BAD_INPUT(3),
    /** The target is unsafe to write (mounted, in use, carries data) and the run was refused. */
    UNSAFE_TARGET(4),
    /** Another sbench process holds the target for its run; refused as an unsafe target is, read-only or not. */
    TARGET_IN_USE(4),
    /** A device or system call failed. */
    SYSTEM_FAILURE(5),
    /** The run was interrupted; a partial result was written. */
    INTERRUPTED(130);

    private final int exitCode;

    ErrorKind(int exitCode) {
        this.exitCode = exitCode;
    }

    /** The process exit status for a failure of this kind. */
    public int exitCode() {
        return exitCode;
    }
}
