// One volume's IOs, in file order, as a TraceReader for trace-formats' own pipeline.
package org.sbench.spark.inspect;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.sbench.spark.source.RowCheck;
import org.sbench.spark.source.TraceTally;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * Delivers the IOs of one group (a volume, or a file) from rows sorted by (group, place in file
 * order): the group's records as its own file would hold them, not in issue order, so that
 * trace-formats' pipeline sorts them (stable, in bounded memory) and counts the reordered ones
 * exactly as {@code sbench inspect} of that file would. A volume's info is its file's without the
 * counts of requests left out and IOs failed that a block trace's .sbt carries: they are the
 * file's, not known per volume (a text trace's are counted by its reader, which a volume is not
 * read with). A file's info carries what reading it counted ({@link TraceTally}), as its reader
 * states it.
 */
final class VolumeReader implements TraceReader {
    private final Rows rows;
    private final long volume;
    private final TraceInfo info;
    private final TraceTally tally;

    /** The rows of group {@code volume} at the head of {@code rows}, with the info and tally of a volume or file. */
    VolumeReader(Rows rows, long volume, TraceInfo info, TraceTally tally) {
        this.rows = rows;
        this.volume = volume;
        this.info = info;
        this.tally = tally;
    }

    /** A volume's reader: its file's info without the file's counts; nothing skipped. */
    static VolumeReader ofVolume(Rows rows, long volume, TraceInfo fileInfo) {
        return new VolumeReader(rows, volume, RequestAccounts.withoutCounts(fileInfo), new TraceTally(0, 0, null));
    }

    /** A file's reader: its info with the requests its reader counted (as a .sbt states them), and its skipped and cut lines. */
    static VolumeReader ofFile(Rows rows, long volume, TraceInfo fileInfo, TraceTally tally) {
        if (tally.requests() == null) {
            return new VolumeReader(rows, volume, fileInfo, tally);
        }
        Map<String, String> m = new LinkedHashMap<>(fileInfo.metadata());
        m.putAll(tally.requests().metadata());
        return new VolumeReader(rows, volume, new TraceInfo(fileInfo.sourceFormat(), fileInfo.fields(), m, fileInfo.phases()), tally);
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public long skippedRecords() {
        return tally.skipped();
    }

    @Override
    public long incompleteLastLine() {
        return tally.incompleteLastLine();
    }

    @Override
    public boolean next(IoRecord into) {
        if (!rows.hasNext() || rows.peek().getLong(VolumeRows.VOLUME_AT) != volume) {
            return false;
        }
        rows.read(into);
        return true;
    }

    @Override
    public void close() {
        // The rows belong to the Spark task.
    }

    /**
     * A task's sorted rows with one row of look-ahead, read as records checked by the archive's
     * {@link RowCheck}. Spark reuses a row object for the next row, so a peeked row is valid until
     * {@link #next} is called again.
     */
    static final class Rows {
        private final Iterator<InternalRow> in;
        private final RowCheck check;
        private InternalRow next;

        Rows(Iterator<InternalRow> in, RowCheck check) {
            this.in = in;
            this.check = check;
        }

        /** Fills {@code into} from the next row. */
        void read(IoRecord into) {
            VolumeRows.read(next(), into, check);
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
