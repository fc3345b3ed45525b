package org.sbench;

/** What went wrong, in the terms the command line turns into an exit status. */
public enum ErrorKind {
    /** An option or argument the user gave cannot be used. */
    USAGE,
    /** A trace or result file is malformed, truncated or of an unknown format. */
    BAD_INPUT,
    /** The target is unsafe to write (mounted, in use, carries data) and the run was refused. */
    UNSAFE_TARGET,
    /** Another sbench process holds the target for its run; refused as an unsafe target is, read-only or not. */
    TARGET_IN_USE,
    /** A device or system call failed. */
    SYSTEM_FAILURE,
    /** The run was interrupted; a partial result was written. */
    INTERRUPTED
}
