// fio's iolog: read versions 2 and 3, write version 3 so that a trace can be replayed by fio.
package org.sbench.trace.format.fioiolog;

import java.nio.file.Path;
import java.util.List;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * fio's replay log ({@code read_iolog=} / {@code write_iolog=}). Reading accepts versions 2 and 3
 * ({@link FioIologReader}); writing produces version 3 ({@link FioIologWriter}).
 */
public final class FioIologFormat implements TraceFormat {
    static final String NAME = "fio";
    static final String EXTENSION = "iolog";
    /** Lines after the header that detection checks. */
    private static final int SNIFF_LINES = 5;
    /** Fewest and most whitespace-separated fields of a v2 or v3 line (v2 "FILE add" to v3 IO lines). */
    private static final int MIN_LINE_FIELDS = 2;
    private static final int MAX_LINE_FIELDS = 5;

    @Override
    public String name() {
        return NAME;
    }

    /** The header line ({@code fio version 2 iolog} or {@code ... 3 ...}) and line shapes after it. */
    @Override
    public boolean sniff(TraceHead head) {
        List<String> lines = head.dataLines(SNIFF_LINES + 1, null);
        if (lines.isEmpty()) {
            return false;
        }
        String header = lines.get(0);
        if (!header.startsWith(FioIologReader.HEADER_V2) && !header.startsWith(FioIologReader.HEADER_V3)) {
            return false;
        }
        for (String line : lines.subList(1, lines.size())) {
            int n = line.trim().split("[ \t]+").length;
            if (n < MIN_LINE_FIELDS || n > MAX_LINE_FIELDS) {
                return false;
            }
        }
        return true;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new FioIologReader(input, options);
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public List<String> extensions() {
        return List.of(EXTENSION);
    }

    /** A version 3 log; see {@link FioIologWriter} for the file names it puts in the log. */
    @Override
    public TraceWriter openWriter(Path out, TraceInfo info) {
        return new FioIologWriter(out, info);
    }
}
