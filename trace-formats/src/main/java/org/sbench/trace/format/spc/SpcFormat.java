// SPC trace files (UMass Financial, WebSearch): recognition and opening.
package org.sbench.trace.format.spc;

import java.util.List;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * SPC trace file format ({@code ASU,LBA,Size,Opcode,Timestamp[,extra...]}); the layout is
 * described on {@link SpcReader}. Stateless and thread-safe.
 */
public final class SpcFormat implements TraceFormat {
    static final String NAME = "spc";
    static final int MIN_COLUMNS = 5;
    private static final int SNIFF_LINES = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "SPC trace format (UMass Financial, WebSearch)";
    }

    /**
     * Yes when every one of the first data lines has at least five comma-separated fields: three
     * unsigned integers, a one-letter opcode {@code r}, {@code R}, {@code w} or {@code W}, and a
     * non-negative decimal number of seconds.
     */
    @Override
    public boolean sniff(TraceHead head) {
        List<String> lines = head.dataLines(SNIFF_LINES, "#");
        if (lines.isEmpty()) {
            return false;
        }
        for (String line : lines) {
            if (!isDataLine(line)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new SpcReader(input, options);
    }

    private static boolean isDataLine(String line) {
        String[] f = line.split(",", -1);
        if (f.length < MIN_COLUMNS) {
            return false;
        }
        String op = f[3].strip();
        return isDigits(f[0]) && isDigits(f[1]) && isDigits(f[2])
                && op.length() == 1 && "rRwW".indexOf(op.charAt(0)) >= 0
                && isDecimal(f[4]);
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

    private static boolean isDecimal(String s) {
        String t = s.strip();
        int dot = t.indexOf('.');
        if (dot < 0) {
            return isDigits(t);
        }
        String whole = t.substring(0, dot);
        String frac = t.substring(dot + 1);
        return (whole.isEmpty() || isDigits(whole)) && (frac.isEmpty() || isDigits(frac))
                && !(whole.isEmpty() && frac.isEmpty());
    }
}
