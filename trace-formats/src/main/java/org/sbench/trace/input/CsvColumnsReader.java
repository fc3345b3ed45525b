// The line handling shared by readers of comma-separated traces whose columns a header names.
package org.sbench.trace.input;

import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;

/**
 * A {@link LineTraceReader} of a comma-separated trace with one IO per line in the columns
 * {@code header} names: blank lines, lines starting with {@code #} and the header line (in any
 * case, optional, wherever it appears) are passed over, and any other line must have exactly that
 * many fields ("expected 5 fields (device_id,opcode,offset,length,timestamp)") before the format
 * reads them ({@link #parseColumns}). Not thread-safe.
 */
public abstract class CsvColumnsReader extends LineTraceReader {
    private final String[] header;
    private final String layout;

    protected CsvColumnsReader(TraceInput input, ReadOptions options, TraceInfo info, String[] header) {
        super(input, options, info);
        this.header = header.clone();
        this.layout = String.join(",", header);
    }

    @Override
    protected final boolean skipLine() {
        fields.split(',');
        return fields.isBlankLine() || fields.startsWith(0, '#') || fields.isHeader(header);
    }

    @Override
    protected final boolean parse(IoRecord into) {
        fields.requireExactly(header.length, layout);
        return parseColumns(into);
    }

    /**
     * Fills {@code into} completely from {@link #fields}, which hold as many fields as the header.
     *
     * @return false when the line turns out to hold no IO and is passed over without counting it
     * @throws org.sbench.SbenchException for a bad record, skipped within the allowance
     */
    protected abstract boolean parseColumns(IoRecord into);
}
