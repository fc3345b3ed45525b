// A task's reader of one split: IO records as Spark rows.
package org.sbench.spark.source;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.unsafe.types.UTF8String;
import org.sbench.spark.split.SplitReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestAccounts;

/**
 * Streams a split's records into one reused row of the requested columns: memory is the format
 * reader's buffers and one record, whatever the split's size. Reports its counts when the split
 * is read to the end.
 */
final class IoRowReader implements PartitionReader<InternalRow> {
    private static final int ROW_BUFFER_BYTES = 128;

    private final SplitReader reader;
    private final int split;
    private final IoColumn[] columns;
    private final SplitCounts counts;
    private final UnsafeRowWriter writer;
    private final IoRecord record = new IoRecord();
    private final UTF8String file;
    private String lastProcess;
    private UTF8String lastProcessUtf8;
    private long records;
    private boolean ended;

    IoRowReader(SplitReader reader, int split, String fileName, IoColumn[] columns, SplitCounts counts) {
        this.reader = reader;
        this.split = split;
        this.columns = columns;
        this.counts = counts;
        this.writer = new UnsafeRowWriter(columns.length, ROW_BUFFER_BYTES);
        this.file = UTF8String.fromString(fileName);
    }

    @Override
    public boolean next() {
        if (!reader.next(record)) {
            if (!ended) {
                ended = true;
                RequestAccounts requests = reader.requestAccounts();
                counts.add(new SplitCounts.Count(split, records, reader.skippedRecords(), reader.incompleteLastLine(), reader.lineEnds(),
                        requests == null ? null : requests.counts()));
            }
            return false;
        }
        records++;
        writer.reset();
        writer.zeroOutNullBytes();
        UTF8String process = processUtf8(record.process);
        for (int i = 0; i < columns.length; i++) {
            columns[i].write(writer, i, record, file, process);
        }
        return true;
    }

    /** Process names repeat from one IO to the next; their UTF-8 form is made once per change. */
    private UTF8String processUtf8(String process) {
        if (process == null) {
            return null;
        }
        if (!process.equals(lastProcess)) {
            lastProcess = process;
            lastProcessUtf8 = UTF8String.fromString(process);
        }
        return lastProcessUtf8;
    }

    @Override
    public InternalRow get() {
        return writer.getRow();
    }

    @Override
    public void close() {
        reader.close();
    }
}
