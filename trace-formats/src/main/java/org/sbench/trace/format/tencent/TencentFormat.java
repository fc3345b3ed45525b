// Tencent Cloud Block Storage (CBS) traces: recognition and opening.
package org.sbench.trace.format.tencent;

import org.sbench.trace.format.CsvSniffer;
import org.sbench.trace.format.SniffedCsvFormat;

/**
 * Tencent CBS traces ({@code Timestamp,Offset,Size,IOType,VolumeID}); the layout is described on
 * {@link TencentReader}. Stateless and thread-safe.
 */
public final class TencentFormat extends SniffedCsvFormat {
    static final String NAME = "tencent";
    static final int COLUMNS = 5;
    static final String[] HEADER = {"Timestamp", "Offset", "Size", "IOType", "VolumeID"};
    /** Seconds since the epoch have ten digits from 2001-09-09 to 2286-11-20. */
    private static final int EPOCH_SECONDS_DIGITS = 10;

    public TencentFormat() {
        super(NAME, HEADER, TencentReader::new);
    }

    /**
     * A data line has exactly five comma-separated unsigned integers, the first a ten-digit epoch second and the fourth
     * {@code 0} or {@code 1}. Other five-integer CSVs rarely match both.
     */
    @Override
    protected boolean isDataLine(String[] f) {
        if (f.length != COLUMNS) {
            return false;
        }
        String type = f[3];
        return CsvSniffer.isDigits(f[0]) && f[0].length() == EPOCH_SECONDS_DIGITS
                && CsvSniffer.isDigits(f[1]) && CsvSniffer.isDigits(f[2])
                && (type.equals("0") || type.equals("1")) && CsvSniffer.isDigits(f[4]);
    }
}
