// What a row of an archive's IOs must hold to be read as a record, checked where it is read (driver or task).
package org.sbench.spark.source;

import java.io.Serializable;
import org.sbench.trace.IoRecord;

/**
 * The check of each row read from {@link Archive#io()} as a record, by the row's place in file order
 * ({@link Archive#ORDER}): nothing more for traces, whose readers checked each record
 * ({@link ReadersChecked}); the readers' checks for a Parquet table, which any program may write
 * ({@link TableRowCheck}). Sent to Spark's tasks with the job.
 */
public interface RowCheck extends Serializable {
    /** Fails with bad input naming the row at {@code order} when its {@code column}, which a record needs, is null. */
    void requireValue(long order, boolean isNull, IoColumn column);

    /** Fails with bad input naming the row at {@code order} when its {@code file} is not one of the archive's traces ({@code isNull}). */
    void requireTrace(long order, boolean isNull);

    /** Fails with bad input naming the row at {@code order} when {@code read}, read from it, is a record sbench's readers refuse. */
    void check(long order, IoRecord read);
}
