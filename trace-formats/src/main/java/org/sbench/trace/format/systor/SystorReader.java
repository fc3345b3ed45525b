// Reader of the SYSTOR '17 block traces (Fujitsu enterprise VDI, SNIA IOTTA).
package org.sbench.trace.format.systor;

import java.util.EnumSet;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.Fields;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the SYSTOR '17 traces (one file per hour per LUN, {@code YYYYMMDDHH-LUNn.csv.gz}): six
 * comma-separated fields per IO, after a header line:
 * <pre>
 * Timestamp,Response,IOType,LUN,Offset,Size
 * 1456200000.000125000,0.000412000,W,3,52613349376,8192
 * </pre>
 * <ul>
 * <li>{@code Timestamp}: issue time, Unix seconds with a nine-digit fraction (the distribution's
 *     README says only the microseconds are accurate); delivered in ns as written.</li>
 * <li>{@code Response}: seconds from issue to completion, decimal;
 *     {@code completeNs = issueNs + Response * 10^9}.</li>
 * <li>{@code IOType}: {@code R} or {@code W} (either case), or blank. Blank marks an "unknown
 *     transaction" for which no response message was captured; the README asks users to ignore
 *     them, so such lines are skipped silently (not counted as bad records), whatever their other
 *     fields hold.</li>
 * <li>{@code LUN}: the logical unit; becomes {@code stream}.</li>
 * <li>{@code Offset}, {@code Size}: bytes.</li>
 * </ul>
 * The header line is skipped wherever it appears (hourly files are often concatenated), and is
 * optional; blank lines and lines starting with {@code #} are skipped too. Records are delivered in
 * file order.
 */
final class SystorReader implements TraceReader {
    private static final int NS_DIGITS = 9;
    private static final String LAYOUT = "Timestamp,Response,IOType,LUN,Offset,Size";
    private static final int TIMESTAMP = 0;
    private static final int RESPONSE = 1;
    private static final int IO_TYPE = 2;
    private static final int LUN = 3;
    private static final int OFFSET = 4;
    private static final int SIZE = 5;

    private final LineCursor cursor;
    private final Fields fields;
    private final TraceInfo info = TraceInfo.of(SystorFormat.NAME, EnumSet.of(Field.COMPLETE, Field.STREAM));

    SystorReader(TraceInput input, ReadOptions options) {
        this.cursor = new LineCursor(input, options);
        this.fields = new Fields(cursor);
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        while (cursor.advance()) {
            fields.split(',');
            if (isSkipped()) {
                continue;
            }
            try {
                if (!parse(into)) {
                    continue;
                }
            } catch (SbenchException e) {
                cursor.reject(e);
                continue;
            }
            // Outside the try: a rejection past the allowance throws, and must not be rejected twice.
            if (cursor.accept(into)) {
                return true;
            }
        }
        return false;
    }

    private boolean isSkipped() {
        if (fields.isEmpty(0)) {
            return fields.count() == 1;
        }
        char c = fields.charAt(0, 0);
        return c == '#' || (Character.isLetter(c) && isHeader());
    }

    private boolean isHeader() {
        if (fields.count() != SystorFormat.COLUMNS) {
            return false;
        }
        for (int i = 0; i < SystorFormat.COLUMNS; i++) {
            if (!fields.equalsIgnoreCase(i, SystorFormat.HEADER[i])) {
                return false;
            }
        }
        return true;
    }

    /** Fills {@code r} from the current line; false for an unknown transaction (blank IOType). */
    private boolean parse(IoRecord r) {
        if (fields.count() != SystorFormat.COLUMNS) {
            throw cursor.error(SystorFormat.COLUMNS + " fields (" + LAYOUT + ")");
        }
        if (fields.isEmpty(IO_TYPE)) {
            return false;
        }
        r.clear();
        r.issueNs = fields.scaledAt(TIMESTAMP, NS_DIGITS, "a Unix timestamp in seconds");
        long responseNs = fields.scaledAt(RESPONSE, NS_DIGITS, "a response time in seconds");
        if (responseNs > Long.MAX_VALUE - r.issueNs) {
            throw fields.error(RESPONSE, "a response time that ends before the year 2262");
        }
        r.completeNs = r.issueNs + responseNs;
        r.op = op();
        long lun = fields.unsignedAt(LUN, "a LUN number");
        if (lun > Integer.MAX_VALUE) {
            throw fields.error(LUN, "a LUN number below 2^31");
        }
        r.stream = (int) lun;
        r.offsetBytes = fields.unsignedAt(OFFSET, "an offset in bytes");
        r.lengthBytes = fields.unsignedAt(SIZE, "a size in bytes");
        return true;
    }

    private Op op() {
        if (fields.length(IO_TYPE) == 1) {
            char c = fields.charAt(IO_TYPE, 0);
            if (c == 'R' || c == 'r') {
                return Op.READ;
            }
            if (c == 'W' || c == 'w') {
                return Op.WRITE;
            }
        }
        throw fields.error(IO_TYPE, "an IOType R, W or blank");
    }

    @Override
    public long skippedRecords() {
        return cursor.skipped();
    }

    @Override
    public void close() {
        cursor.close();
    }
}
