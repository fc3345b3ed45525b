package org.sbench.replay;

import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.sort.SortWindowExceeded;

/**
 * A trace read a second time through the sort's window without spilling, as its planning pass read
 * it ({@link TracePlan#withinSortWindow}). A record further out of order than the window holds can
 * only mean the file changed since: a one-line error naming the file, not a sort that cannot go back.
 */
final class PlannedOrderReader extends ForwardingTraceReader {
    private final Path path;

    private PlannedOrderReader(TraceReader in, Path path) {
        super(in);
        this.path = path;
    }

    static TraceReader open(TraceFormats formats, Path path, String from, ReadOptions options) {
        return new PlannedOrderReader(formats.openWithinSortWindow(path, from, options), path);
    }

    @Override
    public boolean next(IoRecord into) {
        try {
            return in.next(into);
        } catch (SortWindowExceeded e) {
            throw SbenchException.badInput(path.toString(), "the file changed since replay read it to plan the run ("
                    + e.getMessage() + "); run again");
        }
    }
}
