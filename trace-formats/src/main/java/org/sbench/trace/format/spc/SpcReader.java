// Reader of SPC trace files, the format of the UMass Financial and WebSearch traces.
package org.sbench.trace.format.spc;

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
 * <li>Further fields may follow, and their number varies from line to line; they are ignored.</li>
 * </ul>
 * Spaces after commas are allowed. Blank lines, lines starting with {@code #} and a header line
 * starting with {@code ASU} are skipped. Records are delivered in file order.
 */
final class SpcReader implements TraceReader {
    static final int SECTOR_BYTES = 512;
    private static final long MAX_SECTOR = Long.MAX_VALUE / SECTOR_BYTES;
    private static final int NS_DIGITS = 9;
    private static final String LAYOUT = "ASU,LBA,Size,Opcode,Timestamp";
    private static final String HEADER_FIRST = "ASU";
    private static final int ASU = 0;
    private static final int LBA = 1;
    private static final int SIZE = 2;
    private static final int OPCODE = 3;
    private static final int TIMESTAMP = 4;

    private final LineCursor cursor;
    private final Fields fields;
    private final TraceInfo info = TraceInfo.of(SpcFormat.NAME, EnumSet.of(Field.STREAM));

    SpcReader(TraceInput input, ReadOptions options) {
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
                parse(into);
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
        return fields.charAt(0, 0) == '#' || fields.equalsIgnoreCase(0, HEADER_FIRST);
    }

    private void parse(IoRecord r) {
        fields.require(SpcFormat.MIN_COLUMNS, LAYOUT);
        r.clear();
        long asu = fields.unsignedAt(ASU, "an ASU number");
        if (asu > Integer.MAX_VALUE) {
            throw fields.error(ASU, "an ASU number below 2^31");
        }
        r.stream = (int) asu;
        long lba = fields.unsignedAt(LBA, "an LBA in 512-byte sectors");
        if (lba > MAX_SECTOR) {
            throw fields.error(LBA, "an LBA in 512-byte sectors below 2^54");
        }
        r.offsetBytes = lba * SECTOR_BYTES;
        r.lengthBytes = fields.unsignedAt(SIZE, "a size in bytes");
        r.op = op();
        r.issueNs = fields.scaledAt(TIMESTAMP, NS_DIGITS, "a timestamp in seconds");
    }

    private Op op() {
        if (fields.length(OPCODE) == 1) {
            char c = fields.charAt(OPCODE, 0);
            if (c == 'r' || c == 'R') {
                return Op.READ;
            }
            if (c == 'w' || c == 'W') {
                return Op.WRITE;
            }
        }
        throw fields.error(OPCODE, "an opcode R or W");
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
