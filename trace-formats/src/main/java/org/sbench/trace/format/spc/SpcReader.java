// Reader of SPC trace files, the format of the UMass Financial and WebSearch traces.
package org.sbench.trace.format.spc;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.LineTraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads SPC trace files (Storage Performance Council trace format, as used by the UMass
 * Financial1/2 and WebSearch1-3 traces): one IO per line, comma-separated, no header:
 * <pre>
 * ASU,LBA,Size,Opcode,Timestamp[,extra...]
 * 2,482113,4096,w,0.004311
 * </pre>
 * <ul>
 * <li>{@code ASU}: application storage unit; becomes {@code stream}.</li>
 * <li>{@code LBA}: offset in 512-byte sectors, delivered in bytes.</li>
 * <li>{@code Size}: bytes.</li>
 * <li>{@code Opcode}: {@code r}/{@code R} read, {@code w}/{@code W} write.</li>
 * <li>{@code Timestamp}: seconds since the start of the trace, decimal; digits past the
 *     nanosecond are dropped. There is no completion time.</li>
 * <li>Further fields may follow, and their number varies from line to line; they are ignored, except
 *     that whole seconds followed by a field of digits with a leading 0 ({@code 0,001000}) are
 *     refused as a timestamp written with a decimal comma.</li>
 * </ul>
 * Spaces after commas are allowed. Blank lines, lines starting with {@code #} and a header line
 * starting with {@code ASU} are skipped. Records are delivered in file order.
 */
final class SpcReader extends LineTraceReader {
    private static final int NS_DIGITS = 9;
    private static final String LAYOUT = "ASU,LBA,Size,Opcode,Timestamp";
    private static final String HEADER_FIRST = "ASU";
    private static final int ASU = 0;
    private static final int LBA = 1;
    private static final int SIZE = 2;
    private static final int OPCODE = 3;
    private static final int TIMESTAMP = 4;
    private static final TraceInfo INFO = TraceInfo.of(SpcFormat.NAME, EnumSet.of(Field.STREAM));

    SpcReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO);
    }

    @Override
    protected boolean skipLine() {
        fields.split(',');
        return fields.isBlankLine() || fields.startsWith(0, '#') || fields.equalsIgnoreCase(0, HEADER_FIRST);
    }

    @Override
    protected boolean parse(IoRecord r) {
        fields.require(SpcFormat.MIN_COLUMNS, LAYOUT);
        r.clear();
        r.stream = fields.intAt(ASU, "an ASU number");
        r.offsetBytes = fields.sectorsAsBytesAt(LBA, "an LBA in 512-byte sectors");
        r.lengthBytes = fields.unsignedAt(SIZE, "a size in bytes");
        r.op = fields.readOrWriteAt(OPCODE, "an opcode R or W");
        r.issueNs = fields.scaledAt(TIMESTAMP, NS_DIGITS, "a timestamp in seconds");
        if (decimalComma()) {
            throw cursor.error("a timestamp in seconds with a decimal point (not a comma)",
                    fields.text(TIMESTAMP) + "," + fields.text(TIMESTAMP + 1));
        }
        return true;
    }

    /**
     * True when whole seconds are followed by a field of digits with a leading 0 ({@code 0,001000}):
     * the fraction of a timestamp written with a decimal comma, which as an extra field would
     * silently lose it. An extra field of another shape ({@code 7,12}, {@code 7,0}) is read as one.
     */
    private boolean decimalComma() {
        if (fields.count() <= TIMESTAMP + 1) {
            return false;
        }
        int n = fields.length(TIMESTAMP + 1);
        if (n < 2 || fields.charAt(TIMESTAMP + 1, 0) != '0') {
            return false;
        }
        for (int k = 1; k < n; k++) {
            char c = fields.charAt(TIMESTAMP + 1, k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        // Read per record: the timestamp's characters, not a String of them.
        for (int k = 0; k < fields.length(TIMESTAMP); k++) {
            if (fields.charAt(TIMESTAMP, k) == '.') {
                return false;
            }
        }
        return true;
    }
}
