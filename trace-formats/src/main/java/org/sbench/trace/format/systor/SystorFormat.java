// SYSTOR '17 (Fujitsu VDI) block traces: recognition and opening.
package org.sbench.trace.format.systor;

import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * SYSTOR '17 traces ({@code Timestamp,Response,IOType,LUN,Offset,Size}); the layout is described
 * on {@link SystorReader}. Stateless and thread-safe.
 */
public final class SystorFormat implements TraceFormat {
    static final String NAME = "systor";
    static final int COLUMNS = 6;
    static final String[] HEADER = {"Timestamp", "Response", "IOType", "LUN", "Offset", "Size"};
    private static final int SNIFF_LINES = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "SYSTOR '17 VDI traces (SNIA IOTTA)";
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly six
     * comma-separated fields: decimal seconds with a fraction, decimal seconds, {@code R},
     * {@code W} or blank, and three unsigned integers. A line with a blank IOType may also have a
     * blank response.
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
        return new SystorReader(input, options);
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
        String type = f[2].strip();
        boolean unknown = type.isEmpty();
        boolean known = type.equalsIgnoreCase("R") || type.equalsIgnoreCase("W");
        return isFraction(f[0]) && (known || unknown)
                && (isFraction(f[1]) || isDigits(f[1]) || (unknown && f[1].isBlank()))
                && isDigits(f[3]) && isDigits(f[4]) && isDigits(f[5]);
    }

    /** Digits, a decimal point, digits. */
    private static boolean isFraction(String s) {
        String t = s.strip();
        int dot = t.indexOf('.');
        return dot > 0 && isDigits(t.substring(0, dot)) && isDigits(t.substring(dot + 1));
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
