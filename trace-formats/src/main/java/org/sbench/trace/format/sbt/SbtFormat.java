package org.sbench.trace.format.sbt;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

/** sbench's compact native binary format; layout in {@link SbtLayout}. */
public final class SbtFormat implements TraceFormat {
    /** What a record takes in a file, header and trailer aside. */
    public static final int RECORD_BYTES = SbtLayout.RECORD_BYTES;

    @Override
    public String name() {
        return "sbt";
    }

    @Override
    public boolean sniff(TraceHead head) {
        return head.length() >= SbtLayout.MAGIC.length
                && Arrays.equals(head.bytes(), 0, SbtLayout.MAGIC.length, SbtLayout.MAGIC, 0, SbtLayout.MAGIC.length);
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new SbtReader(input, options, SbtReader.DEFAULT_BUFFER_BYTES);
    }

    /** A reader with a small buffer, for reading a file that sbench wrote while it reads another. */
    public TraceReader openReader(TraceInput input, int bufferBytes) {
        return new SbtReader(input, ReadOptions.DEFAULTS, bufferBytes);
    }

    /**
     * A reader of one of the external sort's runs, many of which a merge reads at once: a buffer of {@code bufferBytes}
     * (the file's stream buffers no more than {@link SbtReader#MIN_BUFFER_BYTES} beside it), and little of the run's
     * process names in memory ({@link NameMemory#RUN}), the rest in {@code space}: the sort's, in its directory.
     */
    public TraceReader openRunReader(Path run, int bufferBytes, SpillSpace space) {
        return new SbtReader(TraceInput.of(run, SbtReader.MIN_BUFFER_BYTES), ReadOptions.DEFAULTS, bufferBytes, 0, Long.MAX_VALUE,
                space, NameMemory.RUN, true);
    }

    /**
     * A writer of one of the external sort's runs: little of its process names in memory ({@link NameMemory#RUN}), the rest
     * in {@code space}: the sort's, in its directory.
     */
    public SbtWriter openRunWriter(Path run, TraceInfo info, SpillSpace space) {
        return new SbtWriter(new AtomicFileOutput(run), info, space, NameMemory.RUN);
    }

    /**
     * A reader of the records {@code firstRecord} to {@code firstRecord + maxRecords - 1} of an
     * uncompressed file, those it has (none past its end), so that a large file can be read in
     * parts in parallel; the issue-order check of a file flagged ordered holds from the record before
     * the range on, so that ranges that cover a file check all of it. {@code options} carry the
     * range's bad-record allowance. Without {@code names} the records carry no process (the reader checks their process
     * indexes as ever, but neither keeps nor decodes the names: a reader that needs none, such as inspect's, pays for no
     * table of them).
     */
    public TraceReader openRecords(TraceInput input, ReadOptions options, long firstRecord, long maxRecords, boolean names) {
        return new SbtReader(input, options, SbtReader.DEFAULT_BUFFER_BYTES, firstRecord, maxRecords, SpillSpace.processNames(),
                NameMemory.TRACE, names);
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public List<String> extensions() {
        return List.of("sbt");
    }

    @Override
    public SbtWriter openWriter(Path out, TraceInfo info) {
        return new SbtWriter(out, info);
    }
}
