// Alibaba Cloud block traces (2020): recognition and opening.
package org.sbench.trace.format.alibaba;

import org.sbench.trace.TraceReader;
import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * Alibaba block traces ({@code device_id,opcode,offset,length,timestamp}); the layout is described
 * on {@link AlibabaReader}. Stateless and thread-safe.
 */
public final class AlibabaFormat implements TraceFormat {
    static final String NAME = "alibaba";
    static final int COLUMNS = 5;
    static final String[] HEADER = {"device_id", "opcode", "offset", "length", "timestamp"};

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly five
     * comma-separated fields: an unsigned integer, {@code R} or {@code W}, and three unsigned integers.
     */
    @Override
    public boolean sniff(TraceHead head) {
        return CsvSniffer.everyDataLine(head, HEADER, AlibabaFormat::isDataLine);
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new AlibabaReader(input, options);
    }

    private static boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String op = f[1];
        return CsvSniffer.isDigits(f[0]) && (op.equalsIgnoreCase("R") || op.equalsIgnoreCase("W"))
                && CsvSniffer.isDigits(f[2]) && CsvSniffer.isDigits(f[3]) && CsvSniffer.isDigits(f[4]);
    }
}
