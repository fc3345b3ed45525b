// The columns the inspect job shuffles: each IO with its volume and its place in file order.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.shiftleft;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.sbench.spark.source.Archive;
import org.sbench.spark.source.IoColumn;
import org.sbench.spark.source.RowCheck;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Selects from an {@link Archive}'s IOs the columns of {@link #ORDINALS}: the group (the stream;
 * with volumes per file, the trace's place and the stream; of files, the trace's place), the place
 * in file order, the trace and the IO. {@link #read} turns a row back into an {@link IoRecord}.
 */
final class VolumeRows {
    static final String VOLUME = "volume";
    static final String ORDER = Archive.ORDER;
    private static final int STREAM_BITS = 32;
    private static final long STREAM_MASK = 0xffffffffL;
    /** Ordinals of the selected columns. */
    static final int VOLUME_AT = 0;
    static final int ORDER_AT = 1;
    static final int TRACE_AT = 2;
    static final int ISSUE_AT = 3;
    static final int COMPLETE_AT = 4;
    static final int OFFSET_AT = 5;
    static final int LENGTH_AT = 6;
    static final int OP_AT = 7;
    static final int STREAM_AT = 8;
    static final int QD_AT = 9;
    static final int ORDINALS = 10;

    private VolumeRows() {
    }

    static Dataset<Row> select(Dataset<Row> io, Grouping grouping) {
        Column stream = coalesce(col("stream"), lit(IoRecord.NO_STREAM)).cast(DataTypes.LongType);
        Column trace = col(Archive.TRACE).cast(DataTypes.LongType);
        Column volume = switch (grouping) {
            case VOLUME -> stream;
            case VOLUME_PER_FILE -> shiftleft(trace, STREAM_BITS).bitwiseOR(stream.bitwiseAND(lit(STREAM_MASK)));
            case FILE -> trace;
        };
        return io.select(volume.as(VOLUME), col(ORDER), col(Archive.TRACE), col("issue_ns"), col("complete_ns"),
                col("offset"), col("length"), col("op"), col("stream"), col("qd"));
    }

    /** Fills {@code into} from a selected row, checked by {@code check}. */
    static void read(InternalRow row, IoRecord into, RowCheck check) {
        long order = row.getLong(ORDER_AT);
        check.requireTrace(order, row.isNullAt(TRACE_AT));
        check.requireValue(order, row.isNullAt(ISSUE_AT), IoColumn.ISSUE_NS);
        check.requireValue(order, row.isNullAt(OFFSET_AT), IoColumn.OFFSET);
        check.requireValue(order, row.isNullAt(LENGTH_AT), IoColumn.LENGTH);
        check.requireValue(order, row.isNullAt(OP_AT), IoColumn.OP);
        into.clear();
        into.issueNs = row.getLong(ISSUE_AT);
        into.completeNs = row.isNullAt(COMPLETE_AT) ? IoRecord.NO_TIME : row.getLong(COMPLETE_AT);
        into.offsetBytes = row.getLong(OFFSET_AT);
        into.lengthBytes = row.getLong(LENGTH_AT);
        UTF8String op = row.getUTF8String(OP_AT);
        into.op = op.numBytes() == 1 ? Op.ofCode((char) op.getByte(0)) : null;
        into.stream = row.isNullAt(STREAM_AT) ? IoRecord.NO_STREAM : row.getInt(STREAM_AT);
        into.qd = row.isNullAt(QD_AT) ? IoRecord.NO_QD : row.getInt(QD_AT);
        check.check(order, into);
    }
}
