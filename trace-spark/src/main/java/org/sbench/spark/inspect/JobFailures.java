// Turns a failed Spark job back into the one-line error the CLI would print.
package org.sbench.spark.inspect;

import java.util.List;
import java.util.function.Consumer;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.split.TraceSource;

/**
 * Spark reports a failed task as a {@code SparkException} around the task's own exception. An
 * {@link SbenchException} inside is the error to show; when it is bad input, tasks that read
 * parts of one file may have failed on a later record than the CLI stops at, so the failing file
 * is read again from its start, as the CLI reads it, and that first error is the one reported.
 */
public final class JobFailures {
    private JobFailures() {
    }

    /**
     * The error to report for {@code failure}: the CLI's own for the failing trace when
     * {@code readAsCli} (which reads a trace whole, as the CLI does) fails on it; otherwise the
     * task's {@link SbenchException}, or {@code failure} itself (unchecked) when there is none.
     */
    public static RuntimeException unwrap(Exception failure, List<TraceSource> traces, Consumer<TraceSource> readAsCli) {
        SbenchException cause = sbenchCause(failure);
        if (cause == null) {
            return failure instanceof RuntimeException r ? r : new IllegalStateException(failure);
        }
        if (cause.kind() != ErrorKind.BAD_INPUT) {
            return cause;
        }
        for (TraceSource t : traces) {
            if (cause.getMessage().startsWith(t.name() + ":")) {
                try {
                    readAsCli.accept(t);
                } catch (SbenchException first) {
                    return first;
                }
            }
        }
        return cause;
    }

    /** The first {@link SbenchException} in {@code e}'s causes, or null. */
    public static SbenchException sbenchCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SbenchException s) {
                return s;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
