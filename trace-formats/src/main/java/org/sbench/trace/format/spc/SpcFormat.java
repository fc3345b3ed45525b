// SPC trace files (UMass Financial, WebSearch): recognition and opening.
package org.sbench.trace.format.spc;

import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.SniffedCsvFormat;

/**
 * SPC trace file format ({@code ASU,LBA,Size,Opcode,Timestamp[,extra...]}); the layout is
 * described on {@link SpcReader}. Stateless and thread-safe.
 */
public final class SpcFormat extends SniffedCsvFormat {
    static final String NAME = "spc";
    static final int MIN_COLUMNS = 5;

    public SpcFormat() {
        super(NAME, null, SpcReader::new);
    }

    /**
     * A data line has at least five comma-separated fields: three unsigned integers, a one-letter opcode {@code r}, {@code R}, {@code w} or {@code W}, and a
     * non-negative decimal number of seconds.
     */
    @Override
    protected boolean isDataLine(String[] f) {
        if (f.length < MIN_COLUMNS) {
            return false;
        }
        String op = f[3];
        return CsvSniffer.isDigits(f[0]) && CsvSniffer.isDigits(f[1]) && CsvSniffer.isDigits(f[2])
                && op.length() == 1 && "rRwW".indexOf(op.charAt(0)) >= 0
                && isDecimal(f[4]);
    }

    private static boolean isDecimal(String t) {
        int dot = t.indexOf('.');
        if (dot < 0) {
            return CsvSniffer.isDigits(t);
        }
        String whole = t.substring(0, dot);
        String frac = t.substring(dot + 1);
        return (whole.isEmpty() || CsvSniffer.isDigits(whole)) && (frac.isEmpty() || CsvSniffer.isDigits(frac))
                && !(whole.isEmpty() && frac.isEmpty());
    }
}
