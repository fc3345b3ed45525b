// The MSR Cambridge block traces as distributed by SNIA IOTTA: recognition and opening.
package org.sbench.trace.format.msr;

import org.sbench.trace.TraceReader;
import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * MSR Cambridge CSV ({@code Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime}); the
 * layout is described on {@link MsrReader}. Stateless and thread-safe.
 */
public final class MsrFormat implements TraceFormat {
    static final String NAME = "msr";
    static final int COLUMNS = 7;
    static final String[] HEADER = {"Timestamp", "Hostname", "DiskNumber", "Type", "Offset", "Size", "ResponseTime"};

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly seven
     * comma-separated fields: digits, a host name, digits, {@code Read} or {@code Write}, digits.
     */
    @Override
    public boolean sniff(TraceHead head) {
        return CsvSniffer.everyDataLine(head, HEADER, MsrFormat::isDataLine);
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new MsrReader(input, options);
    }

    private static boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String type = f[3];
        return CsvSniffer.isDigits(f[0]) && !f[1].isEmpty() && !CsvSniffer.isDigits(f[1])
                && CsvSniffer.isDigits(f[2]) && (type.equalsIgnoreCase("Read") || type.equalsIgnoreCase("Write"))
                && CsvSniffer.isDigits(f[4]) && CsvSniffer.isDigits(f[5]) && CsvSniffer.isDigits(f[6]);
    }
}
