// The MSR Cambridge block traces as distributed by SNIA IOTTA: recognition and opening.
package org.sbench.trace.format.msr;

import org.sbench.trace.TraceReader;
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
    private static final int SNIFF_LINES = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "MSR Cambridge CSV (SNIA IOTTA)";
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly seven
     * comma-separated fields: digits, a host name, digits, {@code Read} or {@code Write}, digits.
     */
    @Override
    public boolean sniff(TraceHead head) {
        int data = 0;
        for (String line : head.dataLines(SNIFF_LINES, "#")) {
            if (isHeader(line)) {
                continue;
            }
            if (!isDataLine(line)) {
                return false;
            }
            data++;
        }
        return data > 0;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new MsrReader(input, options);
    }

    private static boolean isHeader(String line) {
        String[] f = line.split(",", -1);
        if (f.length != COLUMNS) {
            return false;
        }
        for (int i = 0; i < COLUMNS; i++) {
            if (!f[i].strip().equalsIgnoreCase(HEADER[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDataLine(String line) {
        String[] f = line.split(",", -1);
        if (f.length != COLUMNS) {
            return false;
        }
        String type = f[3].strip();
        return isDigits(f[0]) && !f[1].isBlank() && !isDigits(f[1]) && isDigits(f[2])
                && (type.equalsIgnoreCase("Read") || type.equalsIgnoreCase("Write"))
                && isDigits(f[4]) && isDigits(f[5]) && isDigits(f[6]);
    }

    private static boolean isDigits(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < '0' || t.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
