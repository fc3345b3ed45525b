package org.sbench.trace;

import java.util.List;

/** The records of a list as a trace reader, for tests of what consumes readers (sort, convert). */
public final class ListReader implements TraceReader {
    private final TraceInfo info;
    private final List<IoRecord> records;
    private int next;

    public ListReader(TraceInfo info, List<IoRecord> records) {
        this.info = info;
        this.records = records;
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (next == records.size()) {
            return false;
        }
        into.copyFrom(records.get(next++));
        return true;
    }

    @Override
    public void close() {
    }
}
