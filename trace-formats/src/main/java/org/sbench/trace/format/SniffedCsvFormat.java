// A comma-separated format told by the shape of its first data lines.
package org.sbench.trace.format;

import java.util.function.BiFunction;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * What the comma-separated formats (msr, spc, alibaba, tencent, systor) share: a name, a header
 * line that may stand first, a reader, and a sniff by {@link CsvSniffer#everyDataLine}. Each
 * says in {@link #isDataLine} what its data lines look like. Stateless and thread-safe.
 */
public abstract class SniffedCsvFormat implements TraceFormat {
    private final String name;
    private final String[] header;
    private final BiFunction<TraceInput, ReadOptions, TraceReader> reader;

    /** {@code header}: the column names a header line has, or null when the format has none. */
    protected SniffedCsvFormat(String name, String[] header, BiFunction<TraceInput, ReadOptions, TraceReader> reader) {
        this.name = name;
        this.header = header;
        this.reader = reader;
    }

    @Override
    public final boolean sniff(TraceHead head) {
        return CsvSniffer.everyDataLine(head, header, this::isDataLine);
    }

    @Override
    public final TraceReader openReader(TraceInput input, ReadOptions options) {
        return reader.apply(input, options);
    }

    @Override
    public final String name() {
        return name;
    }

    /** True when the fields of one line (split at every comma, stripped) are a data line of this format. */
    protected abstract boolean isDataLine(String[] f);
}
