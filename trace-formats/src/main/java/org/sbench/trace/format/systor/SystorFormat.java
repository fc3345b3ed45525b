// SYSTOR '17 (Fujitsu VDI) block traces: recognition and opening.
package org.sbench.trace.format.systor;

import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.SniffedCsvFormat;

/**
 * SYSTOR '17 traces ({@code Timestamp,Response,IOType,LUN,Offset,Size}); the layout is described
 * on {@link SystorReader}. Stateless and thread-safe.
 */
public final class SystorFormat extends SniffedCsvFormat {
    static final String NAME = "systor";
    static final int COLUMNS = 6;
    static final String[] HEADER = {"Timestamp", "Response", "IOType", "LUN", "Offset", "Size"};

    public SystorFormat() {
        super(NAME, HEADER, SystorReader::new);
    }

    /**
     * A data line has exactly six comma-separated fields: decimal seconds with a fraction, decimal
     * seconds, {@code R}, {@code W} or blank, and three unsigned integers. A line with a blank IOType
     * may also have a blank response.
     */
    @Override
    protected boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String type = f[2];
        boolean unknown = type.isEmpty();
        boolean known = type.equalsIgnoreCase("R") || type.equalsIgnoreCase("W");
        return isFraction(f[0]) && (known || unknown)
                && (isFraction(f[1]) || CsvSniffer.isDigits(f[1]) || (unknown && f[1].isEmpty()))
                && CsvSniffer.isDigits(f[3]) && CsvSniffer.isDigits(f[4]) && CsvSniffer.isDigits(f[5]);
    }

    /** Digits, a decimal point, digits. */
    private static boolean isFraction(String t) {
        int dot = t.indexOf('.');
        return dot > 0 && CsvSniffer.isDigits(t.substring(0, dot)) && CsvSniffer.isDigits(t.substring(dot + 1));
    }
}
