// The columns of the sbench data source: one row per IO.
package org.sbench.spark.source;

import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.sbench.trace.IoRecord;

/**
 * One column of the rows the {@code sbench} source gives, in schema order. Times are ns on the
 * trace's own clock (the readers' clock: {@code sbench inspect} moves its zero to the first IO,
 * which changes no statistic); offsets and lengths bytes; {@code op} the letter R, W, T or F;
 * {@code qd} the queue depth the source itself records (sbt, csv), else null.
 */
public enum IoColumn {
    FILE("file", DataTypes.StringType, false),
    STREAM("stream", DataTypes.IntegerType, true),
    ISSUE_NS("issue_ns", DataTypes.LongType, false),
    COMPLETE_NS("complete_ns", DataTypes.LongType, true),
    OFFSET("offset", DataTypes.LongType, false),
    LENGTH("length", DataTypes.LongType, false),
    OP("op", DataTypes.StringType, false),
    PROCESS("process", DataTypes.StringType, true),
    QD("qd", DataTypes.IntegerType, true);

    /** The schema of every row. */
    public static final StructType SCHEMA = schemaOf(values());
    private static final UTF8String[] OP_CODES = opCodes();

    private final String column;
    private final DataType type;
    private final boolean nullable;

    IoColumn(String column, DataType type, boolean nullable) {
        this.column = column;
        this.type = type;
        this.nullable = nullable;
    }

    public String column() {
        return column;
    }

    public static IoColumn of(String column) {
        for (IoColumn c : values()) {
            if (c.column.equals(column)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no column " + column);
    }

    public static StructType schemaOf(IoColumn[] columns) {
        StructField[] fields = new StructField[columns.length];
        for (int i = 0; i < columns.length; i++) {
            fields[i] = new StructField(columns[i].column, columns[i].type, columns[i].nullable, Metadata.empty());
        }
        return new StructType(fields);
    }

    /** Writes this column of {@code r} at {@code ordinal}; {@code file} and {@code process} are the UTF-8 forms. */
    void write(UnsafeRowWriter w, int ordinal, IoRecord r, UTF8String file, UTF8String process) {
        switch (this) {
            case FILE: w.write(ordinal, file); break;
            case STREAM: nullableInt(w, ordinal, r.stream, IoRecord.NO_STREAM); break;
            case ISSUE_NS: w.write(ordinal, r.issueNs); break;
            case COMPLETE_NS:
                if (r.hasComplete()) {
                    w.write(ordinal, r.completeNs);
                } else {
                    w.setNullAt(ordinal);
                }
                break;
            case OFFSET: w.write(ordinal, r.offsetBytes); break;
            case LENGTH: w.write(ordinal, r.lengthBytes); break;
            case OP: w.write(ordinal, OP_CODES[r.op.ordinal()]); break;
            case PROCESS:
                if (process == null) {
                    w.setNullAt(ordinal);
                } else {
                    w.write(ordinal, process);
                }
                break;
            default: nullableInt(w, ordinal, r.qd, IoRecord.NO_QD); break;
        }
    }

    private static void nullableInt(UnsafeRowWriter w, int ordinal, int value, int absent) {
        if (value == absent) {
            w.setNullAt(ordinal);
        } else {
            w.write(ordinal, value);
        }
    }

    private static UTF8String[] opCodes() {
        org.sbench.trace.Op[] ops = org.sbench.trace.Op.values();
        UTF8String[] codes = new UTF8String[ops.length];
        for (org.sbench.trace.Op op : ops) {
            codes[op.ordinal()] = UTF8String.fromString(String.valueOf(op.code()));
        }
        return codes;
    }
}
