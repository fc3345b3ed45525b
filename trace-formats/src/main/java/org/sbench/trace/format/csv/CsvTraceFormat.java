package org.sbench.trace.format.csv;

import java.nio.file.Path;
import java.util.List;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/** sbench's CSV trace form ({@link CsvLayout}). */
public final class CsvTraceFormat implements TraceFormat {
    @Override
    public String name() {
        return "csv";
    }

    @Override
    public boolean sniff(TraceHead head) {
        List<String> lines = head.dataLines(1, CsvLayout.COMMENT);
        if (lines.isEmpty()) {
            // The preamble sbench writes, so long (metadata of 64 KiB) that the header row lies past the head.
            List<String> all = head.lines();
            return all.size() >= 2 && all.get(0).startsWith(CsvLayout.COMMENT + " " + CsvLayout.SOURCE)
                    && all.get(1).startsWith(CsvLayout.COMMENT + " " + CsvLayout.FIELDS);
        }
        return lines.get(0).strip().equals(CsvLayout.HEADER_LINE);
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new CsvTraceReader(input, options);
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public List<String> extensions() {
        return List.of("csv");
    }

    @Override
    public TraceWriter openWriter(Path out, TraceInfo info) {
        return new CsvTraceWriter(out, info);
    }
}
