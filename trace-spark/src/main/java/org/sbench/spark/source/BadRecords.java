// The CLI's bad-record rules over a table read in parallel: its errors and its allowance per file.
package org.sbench.spark.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.split.SplitReader;
import org.sbench.spark.split.TraceSource;
import org.sbench.spark.split.TraceSplit;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.LineCursor;

/**
 * Splits skip bad records against the allowance each ({@code skipBad}), and the first task to
 * fail stops the job, whatever the file order. The CLI allows {@code skipBad} per file and names
 * the first bad record past it, in file order. So: a job that failed on bad input is answered with
 * the error of reading the failing file whole, as the CLI reads it; a job that succeeded is
 * checked file by file against the allowance, and fails the same way when a file skipped more.
 */
public final class BadRecords {
    private BadRecords() {
    }

    /**
     * The error to report for a failed job over {@code table}: for bad input, the CLI's own error
     * for the failing file; else the task's {@link SbenchException}; else {@code failure}
     * (unchecked: Spark throws its checked SparkException undeclared).
     */
    public static RuntimeException unwrap(Exception failure, SbenchTable table) {
        SbenchException cause = sbenchCause(failure);
        if (cause != null && cause.kind() == ErrorKind.BAD_INPUT) {
            for (TraceSource t : table.traces()) {
                if (cause.getMessage().startsWith(t.name() + ":")) {
                    SbenchException cli = readAsCli(table, t);
                    return cli == null ? cause : cli;
                }
            }
        }
        return jobFailure(failure);
    }

    /** The error to report for a failed job: the task's {@link SbenchException}, else {@code failure} (unchecked). */
    public static RuntimeException jobFailure(Exception failure) {
        SbenchException cause = sbenchCause(failure);
        if (cause != null) {
            return cause;
        }
        return failure instanceof RuntimeException r ? r : new SbenchException(ErrorKind.SYSTEM_FAILURE,
                "the Spark job failed: " + firstLine(failure.getMessage()), failure);
    }

    /**
     * Fails with the CLI's error when a file of {@code table} read in several splits skipped more
     * bad records than allowed in all (a file read whole had the allowance itself).
     */
    public static void checkAllowance(SbenchTable table) {
        long[] skipped = skippedPerTrace(table);
        int[] splits = new int[skipped.length];
        for (TraceSplit s : table.splits()) {
            splits[s.traceIndex()]++;
        }
        for (int t = 0; t < skipped.length; t++) {
            if (splits[t] > 1 && skipped[t] > table.options().skipBad()) {
                SbenchException cli = readAsCli(table, table.traces().get(t));
                throw cli != null ? cli : SbenchException.badInput(table.traces().get(t).name(),
                        "more than " + table.options().skipBad() + " bad records, the --skip-bad allowance");
            }
        }
    }

    /** Bad records skipped in all, by the scans of {@code table} that ran to their end. */
    public static long skipped(SbenchTable table) {
        long sum = 0;
        for (long s : skippedPerTrace(table)) {
            sum += s;
        }
        return sum;
    }

    /**
     * The CLI's warning for every file of {@code table} whose last line had no line end (that line
     * is not read, as in the CLI), in file order; empty when none was cut.
     */
    public static List<String> cutLastLines(SbenchTable table) {
        long[] cut = cutLastLinePerTrace(table);
        List<String> warnings = new ArrayList<>();
        for (int t = 0; t < cut.length; t++) {
            if (cut[t] > 0) {
                warnings.add(LineCursor.cutLastLine(table.traces().get(t).name(), cut[t]));
            }
        }
        return warnings;
    }

    /** Per trace of {@code table}: the number of its last line when it had no line end (not read), else 0. */
    static long[] cutLastLinePerTrace(SbenchTable table) {
        long[] cut = new long[table.traces().size()];
        long[] linesBefore = new long[cut.length];
        Map<Integer, SplitCounts.Count> counts = table.counts().value();
        // Splits in file order: a range's lines follow those of the ranges before it.
        for (TraceSplit s : table.splits()) {
            SplitCounts.Count c = counts.get(s.index());
            if (c == null) {
                continue;
            }
            if (c.incompleteLastLine() > 0) {
                cut[s.traceIndex()] = linesBefore[s.traceIndex()] + c.incompleteLastLine();
            }
            linesBefore[s.traceIndex()] += c.lineEnds();
        }
        return cut;
    }

    static long[] skippedPerTrace(SbenchTable table) {
        long[] skipped = new long[table.traces().size()];
        Map<Integer, SplitCounts.Count> counts = table.counts().value();
        for (TraceSplit s : table.splits()) {
            SplitCounts.Count c = counts.get(s.index());
            if (c != null) {
                skipped[s.traceIndex()] += c.skipped();
            }
        }
        return skipped;
    }

    /** Reads {@code trace} whole with the file's allowance, as the CLI does: its error, or null if it reads clean. */
    private static SbenchException readAsCli(SbenchTable table, TraceSource trace) {
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = SplitReader.openWhole(trace, formats.byName(trace.format()), table.files(),
                table.options().readOptions())) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                // Only the error matters.
            }
            return null;
        } catch (SbenchException e) {
            return e;
        }
    }

    /** The first {@link SbenchException} in {@code e}'s causes, or null. */
    public static SbenchException sbenchCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SbenchException s) {
                return s;
            }
        }
        return null;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
