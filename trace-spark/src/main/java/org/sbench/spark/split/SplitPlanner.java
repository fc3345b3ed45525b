// Cuts traces into the splits tasks read, by what each format allows.
package org.sbench.spark.split;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.sbench.SbenchException;
import org.sbench.trace.format.TraceFormat;

/**
 * Decides how each trace is read in parallel:
 * <ul>
 * <li>an uncompressed {@code .sbt} file by record ranges of about {@code splitBytes};</li>
 * <li>an uncompressed text file of a format whose lines are independent IOs ({@link #LINE_FORMATS})
 *     by byte ranges of {@code splitBytes}, each range owning the lines that start in it;</li>
 * <li>everything else whole, in one task: compressed files (gzip and the rest cannot be entered
 *     in the middle), and formats that need a header or state across lines: {@code csv} (its
 *     {@code #} header lines and quoted fields that may hold line breaks), {@code fio} (the version
 *     header, v2's file table and waits), {@code etw} (the column names of the header block),
 *     {@code blkparse} and {@code tracefs} (an IO is an issue line paired with a later completion
 *     line), {@code blktrace} (binary per-CPU files merged by time, issues paired with
 *     completions) and {@code trace-cmd} (a trace.dat: metadata sections at offsets, each CPU's
 *     pages merged by time).</li>
 * </ul>
 */
public final class SplitPlanner {
    /** Formats in which every line is one IO or none, readable from any line on. */
    public static final Set<String> LINE_FORMATS = Set.of("msr", "spc", "alibaba", "tencent", "fiu", "systor");
    /** Formats read whole even when uncompressed, each for the reason in the class comment. */
    public static final Set<String> WHOLE_FORMATS = Set.of("csv", "fio", "etw", "blkparse", "tracefs", "blktrace",
            "trace-cmd");
    /** The .sbt format, split by records. */
    public static final String SBT = "sbt";
    /** Bytes of one .sbt record (SbtLayout.RECORD_BYTES): record ranges are planned from the file's length. */
    static final int SBT_RECORD_BYTES = 48;

    private final HadoopFiles files;
    private final long splitBytes;

    public SplitPlanner(HadoopFiles files, long splitBytes) {
        if (splitBytes < 1) {
            throw SbenchException.usage("splitBytes must be at least 1, found " + splitBytes);
        }
        this.files = files;
        this.splitBytes = splitBytes;
    }

    /** How {@code format} is split when its file is not compressed. */
    public static TraceSplit.Kind kindOf(TraceFormat format) {
        String name = format.name();
        if (SBT.equals(name)) {
            return TraceSplit.Kind.RECORDS;
        }
        if (LINE_FORMATS.contains(name)) {
            return TraceSplit.Kind.LINES;
        }
        if (WHOLE_FORMATS.contains(name)) {
            return TraceSplit.Kind.WHOLE;
        }
        throw new IllegalStateException("format " + name + " is not classified for splitting (SplitPlanner)");
    }

    /** The splits of {@code traces}, numbered in order. */
    public List<TraceSplit> plan(List<TraceSource> traces, List<TraceFormat> formats) {
        List<TraceSplit> splits = new ArrayList<>();
        for (int t = 0; t < traces.size(); t++) {
            TraceSource trace = traces.get(t);
            TraceSplit.Kind kind = trace.compressed() ? TraceSplit.Kind.WHOLE : kindOf(formats.get(t));
            long length = trace.lengthBytes();
            if (kind == TraceSplit.Kind.WHOLE || length <= splitBytes) {
                splits.add(new TraceSplit(splits.size(), t, trace, kind == TraceSplit.Kind.RECORDS ? kind : TraceSplit.Kind.WHOLE,
                        0, kind == TraceSplit.Kind.RECORDS ? Long.MAX_VALUE : length, hosts(trace, 0, length)));
                continue;
            }
            if (kind == TraceSplit.Kind.LINES) {
                for (long from = 0; from < length; from += splitBytes) {
                    long to = Math.min(length, from + splitBytes);
                    splits.add(new TraceSplit(splits.size(), t, trace, kind, from, to, hosts(trace, from, to - from)));
                }
            } else {
                long perSplit = Math.max(1, splitBytes / SBT_RECORD_BYTES);
                long maxRecords = length / SBT_RECORD_BYTES;
                for (long first = 0; first == 0 || first < maxRecords; first += perSplit) {
                    boolean last = first + perSplit >= maxRecords;
                    splits.add(new TraceSplit(splits.size(), t, trace, kind, first, last ? Long.MAX_VALUE : first + perSplit,
                            hosts(trace, first * SBT_RECORD_BYTES, perSplit * SBT_RECORD_BYTES)));
                }
            }
        }
        return splits;
    }

    private String[] hosts(TraceSource trace, long from, long length) {
        try {
            FileSystem fs = files.fileSystem(trace.path());
            FileStatus status = fs.getFileStatus(new Path(trace.path()));
            List<String> hosts = new ArrayList<>();
            for (BlockLocation b : fs.getFileBlockLocations(status, from, Math.max(1, length))) {
                for (String h : b.getHosts()) {
                    if (!hosts.contains(h)) {
                        hosts.add(h);
                    }
                }
            }
            return hosts.toArray(new String[0]);
        } catch (IOException e) {
            // Locality is a preference: a store that cannot say where blocks live gets none.
            return new String[0];
        }
    }
}
