// Windows ETW disk events as dumped to text by xperf (xperf -i trace.etl -o out.txt -a dumper).
package org.sbench.trace.format.etw;

import java.util.List;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/** xperf's text dump of an ETW kernel trace, of which the DiskIo events are read; see {@link EtwReader}. */
public final class EtwFormat implements TraceFormat {
    static final String NAME = "etw";
    /** How far into the file {@code BeginHeader} may come (xperf may print progress lines first). */
    private static final int HEADER_SEARCH_LINES = 10;
    private static final int SNIFF_ROWS = 5;
    /** Commas of the shortest disk event row (DiskFlush: ten columns). */
    private static final int MIN_ROW_COMMAS = 6;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * A line {@code BeginHeader} among the first lines, or, for a dump without its header, first
     * lines (up to five) that are all DiskRead, DiskWrite or DiskFlush rows.
     */
    @Override
    public boolean sniff(TraceHead head) {
        List<String> first = head.dataLines(HEADER_SEARCH_LINES, null);
        for (String line : first) {
            if (line.trim().equals(EtwReader.BEGIN_HEADER)) {
                return true;
            }
        }
        return head.everyLine(SNIFF_ROWS,
                row -> EtwReader.eventOf(row, EtwReader.firstNonBlank(row)) >= 0 && commas(row) >= MIN_ROW_COMMAS);
    }

    private static int commas(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ',') {
                n++;
            }
        }
        return n;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new EtwReader(input, options);
    }
}
