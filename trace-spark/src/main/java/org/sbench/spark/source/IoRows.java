// A row of the sbench source back into an IoRecord, for jobs that hand rows to trace-formats.
package org.sbench.spark.source;

import org.apache.spark.sql.Row;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/** Reads the {@link IoColumn} columns of a row by name (any selection of them, in any order). */
public final class IoRows {
    private IoRows() {
    }

    /**
     * Fills {@code into} from {@code row} of {@link Archive#io()} (any selection of its columns holding issue_ns ... qd,
     * {@link Archive#ORDER} and {@link Archive#TRACE}), checked by {@code check}.
     */
    public static void read(Row row, IoRecord into, RowCheck check) {
        long order = row.getLong(row.fieldIndex(Archive.ORDER));
        check.requireTrace(order, row.isNullAt(row.fieldIndex(Archive.TRACE)));
        int issue = required(row, IoColumn.ISSUE_NS, order, check);
        int offset = required(row, IoColumn.OFFSET, order, check);
        int length = required(row, IoColumn.LENGTH, order, check);
        int op = required(row, IoColumn.OP, order, check);
        into.clear();
        into.issueNs = row.getLong(issue);
        into.completeNs = nullableLong(row, IoColumn.COMPLETE_NS, IoRecord.NO_TIME);
        into.offsetBytes = row.getLong(offset);
        into.lengthBytes = row.getLong(length);
        String code = row.getString(op);
        into.op = code.length() == 1 ? Op.ofCode(code.charAt(0)) : null;
        into.stream = (int) nullableLong(row, IoColumn.STREAM, IoRecord.NO_STREAM);
        into.qd = (int) nullableLong(row, IoColumn.QD, IoRecord.NO_QD);
        int process = row.fieldIndex(IoColumn.PROCESS.column());
        into.process = row.isNullAt(process) ? null : row.getString(process);
        check.check(order, into);
    }

    /** The index of {@code column}, which a record has no "none" for, in {@code row} at {@code order}: checked to hold a value. */
    private static int required(Row row, IoColumn column, long order, RowCheck check) {
        int i = row.fieldIndex(column.column());
        check.requireValue(order, row.isNullAt(i), column);
        return i;
    }

    private static long nullableLong(Row row, IoColumn column, long absent) {
        int i = row.fieldIndex(column.column());
        return row.isNullAt(i) ? absent : ((Number) row.get(i)).longValue();
    }
}
