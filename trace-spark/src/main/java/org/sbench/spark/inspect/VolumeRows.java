// The columns the inspect job shuffles: each IO with its volume and its place in file order.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.shiftleft;
import static org.apache.spark.sql.functions.spark_partition_id;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Selects, right above the scan (where a partition is one split, numbered in file order), the
 * columns of {@link #ORDINALS}: the volume (the stream; with volumes per file, the trace's place
 * and the stream), the place in file order ({@code monotonically_increasing_id}: the split in the
 * high bits, the row within it in the low ones) and the IO. {@link #read} turns a row back into
 * an {@link IoRecord}.
 */
final class VolumeRows {
    static final String VOLUME = "volume";
    static final String ORDER = "order";
    private static final int STREAM_BITS = 32;
    private static final long STREAM_MASK = 0xffffffffL;
    private static final int PARTITION_SHIFT = 33;
    /** Ordinals of the selected columns. */
    static final int VOLUME_AT = 0;
    static final int ORDER_AT = 1;
    static final int ISSUE_AT = 2;
    static final int COMPLETE_AT = 3;
    static final int OFFSET_AT = 4;
    static final int LENGTH_AT = 5;
    static final int OP_AT = 6;
    static final int STREAM_AT = 7;
    static final int QD_AT = 8;
    static final int ORDINALS = 9;

    private VolumeRows() {
    }

    static Dataset<Row> select(Dataset<Row> io, int[] traceOfSplit, boolean volumesPerFile) {
        Column stream = coalesce(col("stream"), lit(IoRecord.NO_STREAM)).cast(DataTypes.LongType);
        Column volume = stream;
        if (volumesPerFile) {
            Column trace = element_at(lit(traceOfSplit), spark_partition_id().plus(1)).cast(DataTypes.LongType);
            volume = shiftleft(trace, STREAM_BITS).bitwiseOR(stream.bitwiseAND(lit(STREAM_MASK)));
        }
        return io.select(volume.as(VOLUME), monotonically_increasing_id().as(ORDER), col("issue_ns"), col("complete_ns"),
                col("offset"), col("length"), col("op"), col("stream"), col("qd"));
    }

    /** The split a selected row was read in: monotonically_increasing_id keeps the partition above bit 33. */
    static int splitOf(InternalRow row) {
        return (int) (row.getLong(ORDER_AT) >>> PARTITION_SHIFT);
    }

    /** Fills {@code into} from a selected row. */
    static void read(InternalRow row, IoRecord into) {
        into.clear();
        into.issueNs = row.getLong(ISSUE_AT);
        into.completeNs = row.isNullAt(COMPLETE_AT) ? IoRecord.NO_TIME : row.getLong(COMPLETE_AT);
        into.offsetBytes = row.getLong(OFFSET_AT);
        into.lengthBytes = row.getLong(LENGTH_AT);
        into.op = Op.ofCode((char) row.getUTF8String(OP_AT).getByte(0));
        into.stream = row.isNullAt(STREAM_AT) ? IoRecord.NO_STREAM : row.getInt(STREAM_AT);
        into.qd = row.isNullAt(QD_AT) ? IoRecord.NO_QD : row.getInt(QD_AT);
    }
}
