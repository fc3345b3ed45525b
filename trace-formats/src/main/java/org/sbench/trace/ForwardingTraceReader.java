package org.sbench.trace;

/**
 * A stage over another reader: it changes or checks the records ({@link #next}) and says what the
 * reader under it says of the rest (description, records skipped and reordered, a cut last line,
 * order), closing it when closed.
 */
public abstract class ForwardingTraceReader implements TraceReader {
    /** The reader under this stage. */
    protected final TraceReader in;

    protected ForwardingTraceReader(TraceReader in) {
        this.in = in;
    }

    @Override
    public TraceInfo info() {
        return in.info();
    }

    @Override
    public boolean next(IoRecord into) {
        return in.next(into);
    }

    @Override
    public long skippedRecords() {
        return in.skippedRecords();
    }

    @Override
    public long incompleteLastLine() {
        return in.incompleteLastLine();
    }

    @Override
    public long reorderedRecords() {
        return in.reorderedRecords();
    }

    @Override
    public RequestAccounts requestAccounts() {
        return in.requestAccounts();
    }

    @Override
    public boolean inIssueOrder() {
        return in.inIssueOrder();
    }

    @Override
    public void close() {
        in.close();
    }
}
