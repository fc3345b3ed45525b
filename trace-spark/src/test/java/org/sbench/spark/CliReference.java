// What `sbench inspect` says about a trace, or about one volume of it alone: the references of the parity tests.
package org.sbench.spark;

import java.nio.file.Path;
import java.util.TreeSet;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/** The CLI's computations, run here on local files through trace-formats as {@code sbench inspect} runs them. */
public final class CliReference {
    private CliReference() {
    }

    /** {@code sbench inspect FILE}. */
    public static TraceStatistics inspect(Path file, ReadOptions options) {
        try (TraceReader r = TraceFormats.standard().open(file, null, options)) {
            return TraceInspector.inspect(r, SequentialWindow.DEFAULT_WINDOW);
        }
    }

    /** {@code sbench inspect} of a file holding only stream {@code stream}'s records of {@code file}, in file order. */
    public static TraceStatistics inspectVolume(Path file, int stream) {
        TraceFormats formats = TraceFormats.standard();
        TraceInput input = TraceInput.of(file);
        TraceFormat format = formats.detect(input);
        TraceReader raw = format.openReader(input, ReadOptions.DEFAULTS);
        try (TraceReader r = formats.inIssueOrder(new OneStream(raw, stream), ReadOptions.DEFAULTS)) {
            return TraceInspector.inspect(r, SequentialWindow.DEFAULT_WINDOW);
        }
    }

    /** The streams of {@code file}'s records. */
    public static TreeSet<Integer> streams(Path file) {
        TreeSet<Integer> streams = new TreeSet<>();
        try (TraceReader r = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                streams.add(rec.stream);
            }
        }
        return streams;
    }

    /** A reader's records of one stream. */
    private static final class OneStream extends ForwardingTraceReader {
        private final int stream;

        OneStream(TraceReader in, int stream) {
            super(in);
            this.stream = stream;
        }

        @Override
        public boolean next(IoRecord into) {
            while (in.next(into)) {
                if (into.stream == stream) {
                    return true;
                }
            }
            return false;
        }

        /** A file of one stream's records holds no counts of the trace's other requests, nor does its info. */
        @Override
        public RequestAccounts requestAccounts() {
            return null;
        }

        @Override
        public TraceInfo info() {
            return RequestAccounts.withoutCounts(super.info());
        }
    }
}
