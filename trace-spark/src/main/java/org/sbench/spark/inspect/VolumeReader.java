// One volume's IOs, in file order, as a TraceReader for trace-formats' own pipeline.
package org.sbench.spark.inspect;

import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * Delivers the IOs of one volume from rows sorted by (volume, place in file order): the volume's
 * records as its own file would hold them, not in issue order, so that trace-formats' pipeline
 * sorts them (stable, in bounded memory) and counts the reordered ones exactly as
 * {@code sbench inspect} of that file would. Its info is its file's without the counts of requests
 * left out and IOs failed that a block trace's .sbt carries: they are the file's, not known per volume
 * (a text trace's are counted by its reader, which a volume is not read with).
 */
final class VolumeReader implements TraceReader {
    private final Rows rows;
    private final long volume;
    private final TraceInfo info;

    VolumeReader(Rows rows, TraceInfo info) {
        this.rows = rows;
        this.volume = rows.peek().getLong(VolumeRows.VOLUME_AT);
        this.info = RequestAccounts.withoutCounts(info);
    }

    long volume() {
        return volume;
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (!rows.hasNext() || rows.peek().getLong(VolumeRows.VOLUME_AT) != volume) {
            return false;
        }
        VolumeRows.read(rows.next(), into);
        return true;
    }

    @Override
    public void close() {
        // The rows belong to the Spark task.
    }

    /**
     * A task's sorted rows with one row of look-ahead. Spark reuses a row object for the next
     * row, so a peeked row is valid until {@link #next} is called again.
     */
    static final class Rows {
        private final Iterator<InternalRow> in;
        private InternalRow next;

        Rows(Iterator<InternalRow> in) {
            this.in = in;
        }

        boolean hasNext() {
            return next != null || in.hasNext();
        }

        InternalRow peek() {
            if (next == null) {
                next = in.next();
            }
            return next;
        }

        InternalRow next() {
            InternalRow n = peek();
            next = null;
            return n;
        }
    }
}
