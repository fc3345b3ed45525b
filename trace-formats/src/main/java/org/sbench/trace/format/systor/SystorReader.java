// Reader of the SYSTOR '17 block traces (Fujitsu enterprise VDI, SNIA IOTTA).
package org.sbench.trace.format.systor;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.CsvColumnsReader;
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
final class SystorReader extends CsvColumnsReader {
    private static final int NS_DIGITS = 9;
    private static final int TIMESTAMP = 0;
    private static final int RESPONSE = 1;
    private static final int IO_TYPE = 2;
    private static final int LUN = 3;
    private static final int OFFSET = 4;
    private static final int SIZE = 5;
    private static final TraceInfo INFO = TraceInfo.of(SystorFormat.NAME, EnumSet.of(Field.COMPLETE, Field.STREAM));

    SystorReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO, SystorFormat.HEADER);
    }

    /** Fills {@code r} from the current line; false for an unknown transaction (blank IOType). */
    @Override
    protected boolean parseColumns(IoRecord r) {
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
        r.op = fields.readOrWriteAt(IO_TYPE, "an IOType R, W or blank");
        r.stream = fields.intAt(LUN, "a LUN number");
        r.offsetBytes = fields.unsignedAt(OFFSET, "an offset in bytes");
        r.lengthBytes = fields.unsignedAt(SIZE, "a size in bytes");
        return true;
    }
}
