// Tencent Cloud Block Storage (CBS) traces: recognition and opening.
package org.sbench.trace.format.tencent;

import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * Tencent CBS traces ({@code Timestamp,Offset,Size,IOType,VolumeID}); the layout is described on
 * {@link TencentReader}. Stateless and thread-safe.
 */
public final class TencentFormat implements TraceFormat {
    static final String NAME = "tencent";
    static final int COLUMNS = 5;
    static final String[] HEADER = {"Timestamp", "Offset", "Size", "IOType", "VolumeID"};
    /** Seconds since the epoch have ten digits from 2001-09-09 to 2286-11-20. */
    private static final int EPOCH_SECONDS_DIGITS = 10;
    private static final int SNIFF_LINES = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Tencent Cloud Block Storage traces";
    }

    /**
     * Yes when every one of the first data lines (header lines aside) has exactly five
     * comma-separated unsigned integers, the first a ten-digit epoch second and the fourth
     * {@code 0} or {@code 1}. Other five-integer CSVs rarely match both.
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
        return new TencentReader(input, options);
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
        return isDigits(f[0]) && f[0].strip().length() == EPOCH_SECONDS_DIGITS
                && isDigits(f[1]) && isDigits(f[2]) && (type.equals("0") || type.equals("1")) && isDigits(f[4]);
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
