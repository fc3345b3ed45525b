// The MSR Cambridge block traces as distributed by SNIA IOTTA: recognition and opening.
package org.sbench.trace.format.msr;

import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.SniffedCsvFormat;

/**
 * MSR Cambridge CSV ({@code Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime}); the
 * layout is described on {@link MsrReader}. Stateless and thread-safe.
 */
public final class MsrFormat extends SniffedCsvFormat {
    static final String NAME = "msr";
    static final int COLUMNS = 7;
    static final String[] HEADER = {"Timestamp", "Hostname", "DiskNumber", "Type", "Offset", "Size", "ResponseTime"};

    public MsrFormat() {
        super(NAME, HEADER, MsrReader::new);
    }

    /**
     * A data line has exactly seven comma-separated fields: digits, a host name, digits, {@code Read}
     * or {@code Write}, digits.
     */
    @Override
    protected boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String type = f[3];
        return CsvSniffer.isDigits(f[0]) && !f[1].isEmpty() && !CsvSniffer.isDigits(f[1])
                && CsvSniffer.isDigits(f[2]) && (type.equalsIgnoreCase("Read") || type.equalsIgnoreCase("Write"))
                && CsvSniffer.isDigits(f[4]) && CsvSniffer.isDigits(f[5]) && CsvSniffer.isDigits(f[6]);
    }
}
