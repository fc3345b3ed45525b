// Rows of a Parquet table, which any program may write: sbench's readers' checks, at the part file and row.
package org.sbench.spark.source;

import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.RecordChecks;

/**
 * A table is written by any program, not only by convert from traces sbench's readers checked: a row
 * with no value in a column a record needs, of a file the table does not describe, or whose record the
 * readers refuse ({@link RecordChecks#STANDARD}, a process name longer than they take) is bad input at
 * its part file and row (counted from 1), where it enters sbench. A good row costs a few comparisons:
 * the error's text is made only for a bad one.
 */
final class TableRowCheck implements RowCheck {
    private static final long serialVersionUID = 1L;

    private final String table;
    /** The part files' names by their numbers (part and file counter, {@link PartFiles}), as the place in file order holds them. */
    private final Map<Long, String> parts;
    private final int rowBits;

    /** Rows of {@code table}, whose place in file order is its file's number above {@code rowBits} bits of its row in the file. */
    TableRowCheck(String table, Map<Long, String> parts, int rowBits) {
        this.table = table;
        this.parts = Map.copyOf(parts);
        this.rowBits = rowBits;
    }

    @Override
    public void requireValue(long order, boolean isNull, IoColumn column) {
        if (isNull) {
            throw SbenchException.badInput(place(order), "expected a value in column " + column.column() + ", found null");
        }
    }

    @Override
    public void requireTrace(long order, boolean isNull) {
        if (isNull) {
            throw SbenchException.badInput(place(order), "expected in column file one of the traces " + ParquetArchive.TRACES_FILE
                    + " describes");
        }
    }

    @Override
    public void check(long order, IoRecord read) {
        String problem = RecordChecks.STANDARD.problem(read);
        if (problem != null) {
            throw RecordChecks.badRecord(place(order), problem, read);
        }
        if (read.process != null && ProcessNames.tooLong(read.process)) {
            throw ProcessNames.refused(place(order), read.process);
        }
    }

    /** {@code TABLE/PART: row N}. */
    private String place(long order) {
        return table + "/" + parts.get(order >>> rowBits) + ": row " + ((order & ((1L << rowBits) - 1)) + 1);
    }
}
