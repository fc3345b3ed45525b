// The loop shared by text readers of block request events (blkparse, tracefs): lines in, paired IOs out.
package org.sbench.trace.format.blockevents;

import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.Fields;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * A reader of a text trace with one block request event per line, whose IOs are an issue paired
 * with its completion ({@link CompletionMatcher}), delivered in issue order. A subclass parses
 * each line ({@link #parseLine}) and hands the events it keeps to {@link #issue},
 * {@link #complete} or {@link #requeue}; what it throws is a bad record. An issue whose completion
 * never comes is an IO without a completion time; a reader of a live stream may drop such issues
 * instead (they count as skipped records) and may end the input at a line of its choosing
 * ({@link #endInput}). A file with lines but none of the format's own (another format's, read with
 * {@code --from}) is refused at its end; one with none but blank lines reads as no IO. Not thread-safe.
 */
public abstract class BlockEventLineReader implements TraceReader {
    /** The current line and its place, for {@link #parseLine} and its messages. */
    protected final LineCursor cursor;
    /** The fields of the current line, once {@link #parseLine} has split it. */
    protected final Fields fields;
    private final TraceInfo info;
    private final BlockEventPairing pairing;
    private final CommNames names = new CommNames();
    private final String notTheFormat;
    private boolean endOfInput;
    private boolean lineSeen;
    private boolean ownLineSeen;

    /**
     * @param keepUncompleted true to hand out an issue whose completion never comes as an IO
     *        without a completion time, false to drop it (counted in {@link #lostIssues()})
     * @param notTheFormat the message, after the file name, refusing a file with lines but none of the format's own
     */
    protected BlockEventLineReader(TraceInput input, ReadOptions options, TraceInfo info, boolean keepUncompleted,
            String notTheFormat) {
        this.notTheFormat = notTheFormat;
        this.cursor = new LineCursor(input, options);
        this.fields = new Fields(cursor);
        this.info = info;
        this.pairing = new BlockEventPairing(keepUncompleted, cursor::accept);
    }

    @Override
    public final TraceInfo info() {
        return info;
    }

    @Override
    public final boolean next(IoRecord into) {
        while (!pairing.poll(into, endOfInput)) {
            if (endOfInput) {
                return false;
            }
            if (!cursor.advance()) {
                endOfInput = true;
                if (lineSeen && !ownLineSeen) {
                    throw SbenchException.badInput(cursor.fileName(), notTheFormat);
                }
                continue;
            }
            int n = fields.splitWhitespace();
            if (n == 0) {
                continue;
            }
            lineSeen = true;
            boolean own;
            try {
                own = parseLine(n);
            } catch (SbenchException e) {
                // Taken for an event and found bad: reported, not passed over.
                own = true;
                cursor.reject(e);
            }
            ownLineSeen = ownLineSeen || own || isOwnLine();
        }
        return true;
    }

    /**
     * Parses the current line, split into its {@code n > 0} {@link #fields}, and passes its event,
     * if it is one to pair, on; other lines are passed over silently.
     *
     * @return true when the line is known to be one of the format's own (an event's, a header's);
     *         false leaves it to {@link #isOwnLine}
     * @throws SbenchException for a bad record, skipped within the allowance
     */
    protected abstract boolean parseLine(int n);

    /**
     * True when the current line, which {@link #parseLine} passed over without knowing it, is
     * still one of the format's own (an event of a kind not read, a header); asked only until one is
     * found, so that a slow look costs nothing past a file's first lines.
     */
    protected abstract boolean isOwnLine();

    /**
     * Ends the input after the current line, as the end of the file would: no further line is
     * read, and issues still waiting for their completion are given up. For a stream that never
     * ends by itself (the kernel's {@code trace_pipe}).
     */
    protected final void endInput() {
        endOfInput = true;
    }

    /** Issues read but not yet handed out: waiting for their completion, or completed behind one that waits. */
    public final int pendingIssues() {
        return pairing.pending();
    }

    /**
     * A request issued to the driver at {@code timeNs}, of {@code sectors} sectors from
     * {@code sector} (as printed: {@link BlockEventFields#NO_SECTOR} for none). Field
     * {@code sectorField} holds the sector and field {@code sectorsField} the count, for messages;
     * the process name is the first bracketed field from {@code sectorField} on (blkparse prints
     * it there for a request without data, which has neither).
     */
    protected final void issue(long timeNs, Op op, int device, long sector, int sectorField, long sectors,
            int sectorsField) {
        pairing.issue(timeNs, op, device, sector, BlockEventFields.offsetBytes(fields, sectorField, op, sector),
                BlockEventFields.lengthBytes(fields, sectorsField, op, sectors), names.bracketed(fields, sectorField));
    }

    /**
     * The completion at {@code timeNs} (field {@code timeField}) of the oldest issue waiting with
     * this device, sector and op; one with none waiting was issued before tracing began. A trim
     * completing without sectors was never issued as one (its issue is a bad record), and is passed
     * over; a read or write without sectors never reaches here ({@link BlockEventFields#op}): the
     * request that asked for a cache flush ({@code WS () 0 + 0} after the {@code FF} flush itself),
     * which the block layer completes in place, is one. An IO completed with an error
     * ({@code errno} not 0) is kept, and counted ({@link #requestAccounts()}).
     *
     * @throws SbenchException when it comes before that issue, which is then dropped
     */
    protected final void complete(long timeNs, int timeField, int device, long sector, long sectors, Op op, int errno) {
        pairing.complete(timeNs, device, sector, sectors, op, errno,
                issueNs -> fields.error(timeField, BlockEventPairing.earlierThanIssue(issueNs)));
    }

    /**
     * A request of another kind than read, write, trim and flush ({@code N}: write-zeroes,
     * passthrough, zone commands) issued to the driver, spanning {@code bytes}: left out, counted
     * ({@link #requestAccounts()}).
     */
    protected final void otherRequest(long bytes) {
        pairing.otherRequest(bytes);
    }

    /** A requeue of a request of another kind spanning {@code bytes}: it is issued again, and counted then. */
    protected final void otherRequeued(long bytes) {
        pairing.otherRequeued(bytes);
    }

    /** A requeue: the newest issue waiting with this key is dropped, as a later issue repeats it ({@link CompletionMatcher#requeue}). */
    protected final void requeue(int device, long sector, Op op) {
        pairing.requeue(device, sector, op);
    }

    /** The pairing the events go to, for a subclass whose lines decode into events of its own. */
    protected final BlockEventPairing pairing() {
        return pairing;
    }

    /** The process names of the lines read, shared so that one name is one String. */
    protected final CommNames names() {
        return names;
    }

    @Override
    public final RequestAccounts requestAccounts() {
        return pairing.requestAccounts();
    }

    @Override
    public final long skippedRecords() {
        return cursor.skipped() + pairing.lostIssues();
    }

    /** Of {@link #skippedRecords()}: issues dropped because their completion never came (a reader that drops them). */
    public final long lostIssues() {
        return pairing.lostIssues();
    }

    /** Of {@link #skippedRecords()}: lines skipped as bad records. */
    public final long badLines() {
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
