// The loop shared by text readers whose lines each hold at most one IO.
package org.sbench.trace.input;

import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * A reader of a text trace in which a line holds at most one IO. It walks the lines, lets the
 * format pass over those without an IO ({@link #skipLine}), parses the others ({@link #parse}),
 * leaves out a read or write of 0 bytes ({@link #requestAccounts()}), applies {@link RecordChecks},
 * and turns a bad line into a skipped bad record or, past the skip
 * allowance, the error ({@link LineCursor#reject}). Subclasses describe their format in their class
 * javadoc and implement the two hooks on {@link #cursor} and {@link #fields}. Not thread-safe.
 */
public abstract class LineTraceReader implements TraceReader {
    /** The current line and its place, for the hooks and their messages. */
    protected final LineCursor cursor;
    /** The fields of the current line, once a hook has split it. */
    protected final Fields fields;
    /** The next line read ahead of the cursor, for {@link #parseUsual}. */
    protected final LineScan scan;
    private final TraceInfo info;
    /** Null until a read or write of 0 bytes is left out: a trace without one carries no counts. */
    private RequestAccounts noData;

    protected LineTraceReader(TraceInput input, ReadOptions options, TraceInfo info) {
        this.cursor = new LineCursor(input, options);
        this.fields = new Fields(cursor);
        this.scan = new LineScan(cursor);
        this.info = info;
    }

    @Override
    public final TraceInfo info() {
        return info;
    }

    @Override
    public final boolean next(IoRecord into) {
        while (true) {
            scan.start();
            if (parseUsual(into)) {
                scan.deliverLine();
                if (!movesNoData(into) && cursor.accept(into)) {
                    return true;
                }
                continue;
            }
            if (!cursor.advance()) {
                break;
            }
            // Outside the try: what skipLine throws is not a bad record but input this reader
            // cannot interpret (a header it needs), so it ends the read whatever the allowance.
            if (skipLine()) {
                continue;
            }
            boolean io;
            try {
                io = parse(into);
            } catch (SbenchException e) {
                cursor.reject(e);
                continue;
            }
            // Outside the try: a rejection past the allowance throws, and must not be rejected twice.
            if (io && !movesNoData(into) && cursor.accept(into)) {
                return true;
            }
        }
        endOfLines();
        return false;
    }

    /**
     * True when {@code r} is a read or write of 0 bytes, which moves no data (the UMass SPC traces
     * hold such records): left out and counted as a request of another kind spanning none, as the
     * readers of block request events count a request without data. A trim of 0 bytes is a bad record.
     */
    private boolean movesNoData(IoRecord r) {
        if (r.lengthBytes != 0 || r.op != Op.READ && r.op != Op.WRITE) {
            return false;
        }
        if (noData == null) {
            noData = new RequestAccounts();
        }
        noData.otherRequest(0);
        return true;
    }

    /** The reads and writes of 0 bytes left out, once one was; null before (as for a trace of IOs alone). */
    @Override
    public final RequestAccounts requestAccounts() {
        return noData;
    }

    /**
     * The format's fast path, tried on every line before the cursor finds its end and
     * {@link #skipLine} and {@link #parse} read it: reads the next line with {@link #scan} (started
     * there) and, when the scan is {@link LineScan#atEnd() at its end} and the line of the usual
     * form, fills {@code into} completely and returns true (the line then becomes the cursor's
     * current one); or returns false, {@code into} perhaps partly written, for any other line,
     * which the cursor then delivers to the two hooks. Never throws. By default, no fast path.
     */
    protected boolean parseUsual(IoRecord into) {
        return false;
    }

    /**
     * True when the current line holds no IO and is passed over silently (blank lines, comments,
     * headers). May split the line into {@link #fields} for {@link #parse}.
     *
     * @throws SbenchException when the line makes the rest of the file unreadable; never skipped
     */
    protected abstract boolean skipLine();

    /**
     * Fills {@code into} completely from the current line.
     *
     * @return false when the line turns out to hold no IO and is passed over without counting it
     * @throws SbenchException for a bad record, skipped within the allowance
     */
    protected abstract boolean parse(IoRecord into);

    /** Called when the lines run out; a format that needs something to have been read throws here. */
    protected void endOfLines() {
    }

    @Override
    public final long skippedRecords() {
        return cursor.skipped();
    }

    @Override
    public final long incompleteLastLine() {
        return cursor.incompleteLastLine();
    }

    @Override
    public final void close() {
        cursor.close();
    }
}
