// The records of one split, read by the trace format's own reader.
package org.sbench.spark.split;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.blktrace.BlktraceFormat;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads one {@link TraceSplit} with the format's reader, in file order and on the source's clock
 * (not sorted, not rebased): a whole trace as {@code sbench} opens it, a byte range through a
 * {@link LineRange}, a record range through {@link SbtFormat#openRecords}. Errors are the
 * readers' own one-line messages; those of a byte range name the line as counted from the start
 * of the file, as {@code sbench} would. Not thread-safe.
 */
public final class SplitReader implements TraceReader {
    private final TraceReader reader;
    private final LineRange lines;
    private final String name;

    private SplitReader(TraceReader reader, LineRange lines, String name) {
        this.reader = reader;
        this.lines = lines;
        this.name = name;
    }

    /**
     * Opens {@code split}; {@code options} carry the bad-record allowance (per split). Without {@code names} the records of an
     * .sbt range carry no process, and its reader keeps none of the trace's names ({@link SbtFormat#openRecords}).
     */
    public static SplitReader open(TraceSplit split, HadoopFiles files, TraceFormats formats, ReadOptions options, boolean names) {
        TraceSource trace = split.trace();
        TraceFormat format = formats.byName(trace.format());
        switch (split.kind()) {
            case RECORDS:
                return new SplitReader(new SbtFormat().openRecords(files.input(trace.name(), trace.path()), options, split.start(),
                        split.end() - split.start(), names), null, trace.name());
            case LINES:
                LineRange range = lineRange(files, split);
                try {
                    return new SplitReader(format.openReader(TraceInput.live(trace.name(), range), options), range, trace.name());
                } catch (SbenchException e) {
                    throw withFileLine(e, range, trace.name());
                }
            default:
                return new SplitReader(openWhole(trace, format, files, options), null, trace.name());
        }
    }

    /** The raw reader of a whole trace, as {@code sbench} opens it before sorting. */
    public static TraceReader openWhole(TraceSource trace, TraceFormat format, HadoopFiles files, ReadOptions options) {
        if (format instanceof BlktraceFormat blktrace) {
            List<TraceInput> cpus = new ArrayList<>();
            for (int i = 0; i < trace.paths().size(); i++) {
                cpus.add(files.input(trace.names().get(i), trace.paths().get(i)));
            }
            return blktrace.openReader(cpus, options);
        }
        return format.openReader(files.input(trace.name(), trace.path()), options);
    }

    private static LineRange lineRange(HadoopFiles files, TraceSplit split) {
        try {
            return new LineRange(files, split.trace().path(), split.start(), split.end());
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + split.trace().name() + ": "
                    + SbenchException.reason(e), e);
        }
    }

    @Override
    public TraceInfo info() {
        return reader.info();
    }

    @Override
    public boolean next(IoRecord into) {
        try {
            return reader.next(into);
        } catch (SbenchException e) {
            throw lines == null ? e : withFileLine(e, lines, name);
        }
    }

    /**
     * The error with its line number counted from the start of the file: the reader of a byte
     * range counts from the range's first line. Applies to the two forms readers use,
     * {@code NAME:LINE: ...} and {@code NAME: line LINE: ...}.
     */
    static SbenchException withFileLine(SbenchException e, LineRange range, String name) {
        String message = e.getMessage();
        for (String prefix : new String[] {name + ":", name + ": line "}) {
            if (!message.startsWith(prefix)) {
                continue;
            }
            int digits = prefix.length();
            int end = digits;
            while (end < message.length() && Character.isDigit(message.charAt(end))) {
                end++;
            }
            if (end == digits || end == message.length() || message.charAt(end) != ':') {
                continue;
            }
            long line;
            try {
                line = Long.parseLong(message.substring(digits, end)) + range.linesBefore();
            } catch (IOException | NumberFormatException failed) {
                return e;
            }
            return new SbenchException(e.kind(), prefix + line + message.substring(end), e);
        }
        return e;
    }

    @Override
    public long skippedRecords() {
        return reader.skippedRecords();
    }

    /** The reader's counts; of a byte range, only the requests issued in it. */
    @Override
    public RequestAccounts requestAccounts() {
        return reader.requestAccounts();
    }

    /**
     * The number of the split's last line when it had no line end, else 0, counted from the split's
     * first line: the line in the file is that plus the {@link #lineEnds} of the splits before it
     * (counting the lines before a range would read the file from its start again).
     */
    @Override
    public long incompleteLastLine() {
        return reader.incompleteLastLine();
    }

    /** The line ends a byte range delivered, once read to its end; 0 for a whole trace or record range. */
    public long lineEnds() {
        return lines == null ? 0 : lines.lineEnds();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } finally {
            if (lines != null) {
                try {
                    lines.close();
                } catch (IOException ignored) {
                    // Input only: nothing is lost.
                }
            }
        }
    }
}
