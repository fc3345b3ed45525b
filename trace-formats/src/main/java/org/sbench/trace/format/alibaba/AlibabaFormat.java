// Alibaba Cloud block traces (2020): recognition and opening.
package org.sbench.trace.format.alibaba;

import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.SniffedCsvFormat;

/**
 * Alibaba block traces ({@code device_id,opcode,offset,length,timestamp}); the layout is described
 * on {@link AlibabaReader}. Stateless and thread-safe.
 */
public final class AlibabaFormat extends SniffedCsvFormat {
    static final String NAME = "alibaba";
    static final int COLUMNS = 5;
    static final String[] HEADER = {"device_id", "opcode", "offset", "length", "timestamp"};

    public AlibabaFormat() {
        super(NAME, HEADER, AlibabaReader::new);
    }

    /**
     * A data line has exactly five comma-separated fields: an unsigned integer, {@code R} or {@code W},
     * and three unsigned integers.
     */
    @Override
    protected boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String op = f[1];
        return CsvSniffer.isDigits(f[0]) && (op.equalsIgnoreCase("R") || op.equalsIgnoreCase("W"))
                && CsvSniffer.isDigits(f[2]) && CsvSniffer.isDigits(f[3]) && CsvSniffer.isDigits(f[4]);
    }
}
