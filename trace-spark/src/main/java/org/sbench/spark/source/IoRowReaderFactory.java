// Sent to the tasks: opens a split's row reader.
package org.sbench.spark.source;

import java.util.Arrays;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.SplitReader;
import org.sbench.spark.split.TraceSplit;
import org.sbench.trace.format.TraceFormats;

/**
 * Opens the reader of a {@link TraceSplit}, with the Hadoop configuration broadcast once per scan; a scan without the
 * process column (inspect's) reads no process names.
 */
final class IoRowReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;

    private final Broadcast<HadoopFiles> files;
    private final SourceOptions options;
    private final IoColumn[] columns;
    private final SplitCounts counts;

    IoRowReaderFactory(Broadcast<HadoopFiles> files, SourceOptions options, IoColumn[] columns, SplitCounts counts) {
        this.files = files;
        this.options = options;
        this.columns = columns;
        this.counts = counts;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        TraceSplit split = (TraceSplit) partition;
        SplitReader reader = SplitReader.open(split, files.value(), TraceFormats.standard(), options.readOptions(),
                Arrays.asList(columns).contains(IoColumn.PROCESS));
        return new IoRowReader(reader, split.index(), split.trace().name(), columns, counts);
    }
}
