// Alibaba Cloud block traces (2020): recognition and opening.
package org.sbench.trace.format.alibaba;

import org.sbench.trace.TraceReader;
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
    private static final int SNIFF_LINES = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Alibaba Cloud block traces (2020)";
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly five
     * comma-separated fields: an unsigned integer, {@code R} or {@code W}, and three unsigned integers.
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
        return new AlibabaReader(input, options);
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
        String op = f[1].strip();
        return isDigits(f[0]) && (op.equalsIgnoreCase("R") || op.equalsIgnoreCase("W"))
                && isDigits(f[2]) && isDigits(f[3]) && isDigits(f[4]);
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
