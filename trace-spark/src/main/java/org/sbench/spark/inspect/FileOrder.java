// Marks each IO with its place in file order and its volume, split by split.
package org.sbench.spark.inspect;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.sbench.spark.source.SbenchTable;
import org.sbench.spark.split.TraceSplit;
import org.sbench.trace.IoRecord;

/**
 * Runs in the tasks that read the splits (one partition is one split, in file order): gives each
 * IO its volume, its split and place in it, and whether an earlier IO of its volume in the same
 * split was issued later ({@code late}); after a split's last IO, one summary row per volume with
 * the volume's latest issue in the split. Memory: one entry per volume of the split.
 */
public final class FileOrder implements MapPartitionsFunction<OrderedIo, OrderedIo> {
    private static final long serialVersionUID = 1L;
    public static final Encoder<OrderedIo> ENCODER = Encoders.bean(OrderedIo.class);
    private static final int STREAM_BITS = 32;

    private final int[] traceOfSplit;
    private final boolean volumesPerFile;

    private FileOrder(int[] traceOfSplit, boolean volumesPerFile) {
        this.traceOfSplit = traceOfSplit;
        this.volumesPerFile = volumesPerFile;
    }

    /**
     * The IOs of {@code io} (rows of the sbench source, read from {@code table}) marked. With
     * {@code withProcess} false the process names are left out (statistics do not use them).
     */
    public static Dataset<OrderedIo> mark(Dataset<Row> io, SbenchTable table, boolean volumesPerFile, boolean withProcess) {
        List<TraceSplit> splits = table.splits();
        int[] traceOfSplit = new int[splits.size()];
        for (TraceSplit s : splits) {
            traceOfSplit[s.index()] = s.traceIndex();
        }
        Dataset<OrderedIo> beans = io.select(
                lit(0L).as("volume"),
                lit(false).as("summary"),
                col("issue_ns").as("issueNs"),
                coalesce(col("complete_ns"), lit(IoRecord.NO_TIME)).as("completeNs"),
                col("offset").as("offsetBytes"),
                col("length").as("lengthBytes"),
                col("op"),
                coalesce(col("stream"), lit(IoRecord.NO_STREAM)).as("stream"),
                coalesce(col("qd"), lit(IoRecord.NO_QD)).as("qd"),
                withProcess ? col("process") : lit(null).cast(DataTypes.StringType).as("process"),
                lit(0).as("split"),
                lit(0L).as("seq"),
                lit(false).as("late")).as(ENCODER);
        return beans.mapPartitions(new FileOrder(traceOfSplit, volumesPerFile), ENCODER);
    }

    /** The volume of {@code stream} read in a split of trace {@code trace}. */
    static long volumeOf(int trace, int stream, boolean volumesPerFile) {
        return volumesPerFile ? ((long) trace << STREAM_BITS) | (stream & 0xffffffffL) : stream;
    }

    /** The trace a per-file volume key names. */
    static int traceOfVolume(long volume) {
        return (int) (volume >>> STREAM_BITS);
    }

    @Override
    public Iterator<OrderedIo> call(Iterator<OrderedIo> in) {
        int split = TaskContext.getPartitionId();
        int trace = traceOfSplit[split];
        Map<Long, long[]> latest = new HashMap<>();
        return new Iterator<>() {
            private long seq;
            private long lastVolume = Long.MIN_VALUE;
            private long[] lastLatest;
            private Iterator<OrderedIo> summaries;

            @Override
            public boolean hasNext() {
                if (summaries == null && in.hasNext()) {
                    return true;
                }
                if (summaries == null) {
                    summaries = summaries(latest, split);
                }
                return summaries.hasNext();
            }

            @Override
            public OrderedIo next() {
                if (summaries != null) {
                    return summaries.next();
                }
                OrderedIo io = in.next();
                long volume = volumeOf(trace, io.getStream(), volumesPerFile);
                if (volume != lastVolume || lastLatest == null) {
                    lastLatest = latest.computeIfAbsent(volume, v -> new long[] {Long.MIN_VALUE});
                    lastVolume = volume;
                }
                io.setVolume(volume);
                io.setSplit(split);
                io.setSeq(seq++);
                io.setLate(io.getIssueNs() < lastLatest[0]);
                lastLatest[0] = Math.max(lastLatest[0], io.getIssueNs());
                return io;
            }
        };
    }

    private static Iterator<OrderedIo> summaries(Map<Long, long[]> latest, int split) {
        List<OrderedIo> out = new ArrayList<>(latest.size());
        for (Map.Entry<Long, long[]> e : latest.entrySet()) {
            OrderedIo s = new OrderedIo();
            s.setVolume(e.getKey());
            s.setSummary(true);
            s.setIssueNs(e.getValue()[0]);
            s.setSplit(split);
            s.setOp("R");
            out.add(s);
        }
        return out.iterator();
    }
}
