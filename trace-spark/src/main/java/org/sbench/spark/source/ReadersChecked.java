// Rows of traces: their readers checked each record.
package org.sbench.spark.source;

import org.sbench.trace.IoRecord;

/** The {@link RowCheck} of traces read by the sbench source: their readers checked each record, and the source fills every column a record needs. */
enum ReadersChecked implements RowCheck {
    INSTANCE;

    @Override
    public void requireValue(long order, boolean isNull, IoColumn column) {
        // The source writes a value.
    }

    @Override
    public void requireTrace(long order, boolean isNull) {
        // Each row is of a trace listed.
    }

    @Override
    public void check(long order, IoRecord read) {
        // The trace's reader checked it.
    }
}
