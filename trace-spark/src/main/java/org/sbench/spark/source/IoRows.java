// A row of the sbench source back into an IoRecord, for jobs that hand rows to trace-formats.
package org.sbench.spark.source;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Reads the {@link IoColumn} columns of rows of one schema (any selection of them, in any order, with {@link Archive#ORDER}
 * and {@link Archive#TRACE}), each column found by name once, not once a row.
 */
public final class IoRows {
    private final RowCheck check;
    private final int order;
    private final int trace;
    private final int issue;
    private final int complete;
    private final int offset;
    private final int length;
    private final int op;
    private final int stream;
    private final int qd;
    private final int process;

    private IoRows(StructType schema, RowCheck check) {
        this.check = check;
        this.order = schema.fieldIndex(Archive.ORDER);
        this.trace = schema.fieldIndex(Archive.TRACE);
        this.issue = at(schema, IoColumn.ISSUE_NS);
        this.complete = at(schema, IoColumn.COMPLETE_NS);
        this.offset = at(schema, IoColumn.OFFSET);
        this.length = at(schema, IoColumn.LENGTH);
        this.op = at(schema, IoColumn.OP);
        this.stream = at(schema, IoColumn.STREAM);
        this.qd = at(schema, IoColumn.QD);
        this.process = at(schema, IoColumn.PROCESS);
    }

    /** The reader of rows of {@code schema}, a selection of {@link Archive#io()}, each checked by {@code check}. */
    public static IoRows of(StructType schema, RowCheck check) {
        return new IoRows(schema, check);
    }

    private static int at(StructType schema, IoColumn column) {
        return schema.fieldIndex(column.column());
    }

    /** Fills {@code into} from {@code row}, checked. */
    public void read(Row row, IoRecord into) {
        long place = row.getLong(order);
        check.requireTrace(place, row.isNullAt(trace));
        check.requireValue(place, row.isNullAt(issue), IoColumn.ISSUE_NS);
        check.requireValue(place, row.isNullAt(offset), IoColumn.OFFSET);
        check.requireValue(place, row.isNullAt(length), IoColumn.LENGTH);
        check.requireValue(place, row.isNullAt(op), IoColumn.OP);
        into.clear();
        into.issueNs = row.getLong(issue);
        into.completeNs = nullableLong(row, complete, IoRecord.NO_TIME);
        into.offsetBytes = row.getLong(offset);
        into.lengthBytes = row.getLong(length);
        String code = row.getString(op);
        into.op = code.length() == 1 ? Op.ofCode(code.charAt(0)) : null;
        into.stream = (int) nullableLong(row, stream, IoRecord.NO_STREAM);
        into.qd = (int) nullableLong(row, qd, IoRecord.NO_QD);
        into.process = row.isNullAt(process) ? null : row.getString(process);
        check.check(place, into);
    }

    private static long nullableLong(Row row, int i, long absent) {
        return row.isNullAt(i) ? absent : ((Number) row.get(i)).longValue();
    }
}
