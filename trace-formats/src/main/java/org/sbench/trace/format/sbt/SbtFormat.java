package org.sbench.trace.format.sbt;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

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

    /** A reader with a small buffer, for merging many files at once (the external sort's runs). */
    public TraceReader openReader(TraceInput input, int bufferBytes) {
        return new SbtReader(input, ReadOptions.DEFAULTS, bufferBytes);
    }

    /**
     * A reader of the records {@code firstRecord} to {@code firstRecord + maxRecords - 1} of an
     * uncompressed file, those it has (none past its end), so that a large file can be read in
     * parts in parallel; the issue-order check of a file flagged ordered holds from the record before
     * the range on, so that ranges that cover a file check all of it. {@code options} carry the
     * range's bad-record allowance.
     */
    public TraceReader openRecords(TraceInput input, ReadOptions options, long firstRecord, long maxRecords) {
        return new SbtReader(input, options, SbtReader.DEFAULT_BUFFER_BYTES, firstRecord, maxRecords);
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
