// A row of the sbench source back into an IoRecord, for jobs that hand rows to trace-formats.
package org.sbench.spark.source;

import org.apache.spark.sql.Row;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/** Reads the {@link IoColumn} columns of a row by name (any selection of them, in any order). */
public final class IoRows {
    /** The columns a record has no "none" for. */
    private static final IoColumn[] REQUIRED = {IoColumn.ISSUE_NS, IoColumn.OFFSET, IoColumn.LENGTH, IoColumn.OP};

    private IoRows() {
    }

    /**
     * Fills {@code into} from {@code row} of {@link Archive#io()} (any selection of its columns holding issue_ns ... qd,
     * {@link Archive#ORDER} and {@link Archive#TRACE}), checked by {@code check}.
     */
    public static void read(Row row, IoRecord into, RowCheck check) {
        long order = row.getLong(row.fieldIndex(Archive.ORDER));
        check.requireTrace(order, row.isNullAt(row.fieldIndex(Archive.TRACE)));
        for (IoColumn c : REQUIRED) {
            check.requireValue(order, row.isNullAt(row.fieldIndex(c.column())), c);
        }
        into.clear();
        into.issueNs = row.getLong(row.fieldIndex(IoColumn.ISSUE_NS.column()));
        into.completeNs = nullableLong(row, IoColumn.COMPLETE_NS, IoRecord.NO_TIME);
        into.offsetBytes = row.getLong(row.fieldIndex(IoColumn.OFFSET.column()));
        into.lengthBytes = row.getLong(row.fieldIndex(IoColumn.LENGTH.column()));
        String op = row.getString(row.fieldIndex(IoColumn.OP.column()));
        into.op = op.length() == 1 ? Op.ofCode(op.charAt(0)) : null;
        into.stream = (int) nullableLong(row, IoColumn.STREAM, IoRecord.NO_STREAM);
        into.qd = (int) nullableLong(row, IoColumn.QD, IoRecord.NO_QD);
        int process = row.fieldIndex(IoColumn.PROCESS.column());
        into.process = row.isNullAt(process) ? null : row.getString(process);
        check.check(order, into);
    }

    private static long nullableLong(Row row, IoColumn column, long absent) {
        int i = row.fieldIndex(column.column());
        return row.isNullAt(i) ? absent : ((Number) row.get(i)).longValue();
    }
}
