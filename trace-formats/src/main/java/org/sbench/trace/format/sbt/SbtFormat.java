package org.sbench.trace.format.sbt;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/** sbench's compact native binary format; layout in {@link SbtLayout}. */
public final class SbtFormat implements TraceFormat {
    @Override
    public String name() {
        return "sbt";
    }

    @Override
    public String description() {
        return "sbench native binary trace (.sbt)";
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
