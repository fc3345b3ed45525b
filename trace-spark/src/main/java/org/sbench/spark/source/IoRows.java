// A row of the sbench source back into an IoRecord, for jobs that hand rows to trace-formats.
package org.sbench.spark.source;

import org.apache.spark.sql.Row;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/** Reads the {@link IoColumn} columns of a row by name (any selection of them, in any order). */
public final class IoRows {
    private IoRows() {
    }

    /** Fills {@code into} from {@code row}, which holds the columns issue_ns ... qd. */
    public static void read(Row row, IoRecord into) {
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
    }

    private static long nullableLong(Row row, IoColumn column, long absent) {
        int i = row.fieldIndex(column.column());
        return row.isNullAt(i) ? absent : ((Number) row.get(i)).longValue();
    }
}
