// Reader of the Tencent Cloud Block Storage (CBS) traces (SNIA IOTTA).
package org.sbench.trace.format.tencent;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.Fields;
import org.sbench.trace.input.CsvColumnsReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the Tencent CBS block traces: one IO per line, five comma-separated integers, no header:
 * <pre>
 * Timestamp,Offset,Size,IOType,VolumeID
 * 1538323200,20971520,16,1,2301
 * </pre>
 * <ul>
 * <li>{@code Timestamp}: issue time in whole seconds since the Unix epoch, delivered in ns. The
 *     clock is that coarse: many IOs share one second, and their order within it is the file
 *     order, which this reader keeps. There is no completion time.</li>
 * <li>{@code Offset}, {@code Size}: 512-byte sectors, delivered in bytes.</li>
 * <li>{@code IOType}: {@code 0} read, {@code 1} write.</li>
 * <li>{@code VolumeID}: the cloud volume; becomes {@code stream}.</li>
 * </ul>
 * Blank lines, lines starting with {@code #} and a header line naming the five columns are
 * skipped.
 */
final class TencentReader extends CsvColumnsReader {
    static final long NS_PER_SECOND = 1_000_000_000L;
    private static final int TIMESTAMP = 0;
    private static final int OFFSET = 1;
    private static final int SIZE = 2;
    private static final int IO_TYPE = 3;
    private static final int VOLUME = 4;
    private static final TraceInfo INFO = TraceInfo.of(TencentFormat.NAME, EnumSet.of(Field.STREAM));

    TencentReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO, TencentFormat.HEADER);
    }

    /**
     * The usual line, as the published files have it: five fields of digits, the fourth {@code 0}
     * or {@code 1}. Any other, and any value {@link #parse} would refuse, is left to it.
     */
    @Override
    protected boolean parseUsual(IoRecord r) {
        long seconds = scan.unsigned(',', Long.MAX_VALUE / NS_PER_SECOND);
        long offsetSectors = scan.unsigned(',', Fields.MAX_SECTORS);
        long sizeSectors = scan.unsigned(',', Fields.MAX_SECTORS);
        Op op = scan.text("0", ',') ? Op.READ : scan.text("1", ',') ? Op.WRITE : null;
        long volume = scan.lastUnsigned(Integer.MAX_VALUE);
        if (!scan.atEnd() || op == null) {
            return false;
        }
        r.clear();
        r.issueNs = seconds * NS_PER_SECOND;
        r.offsetBytes = offsetSectors * Fields.SECTOR_BYTES;
        r.lengthBytes = sizeSectors * Fields.SECTOR_BYTES;
        r.op = op;
        r.stream = (int) volume;
        return true;
    }

    @Override
    protected boolean parseColumns(IoRecord r) {
        r.clear();
        r.issueNs = fields.epochNsAt(TIMESTAMP, NS_PER_SECOND, "a timestamp in seconds");
        r.offsetBytes = fields.sectorsAsBytesAt(OFFSET, "an offset in 512-byte sectors");
        r.lengthBytes = fields.sectorsAsBytesAt(SIZE, "a size in 512-byte sectors");
        r.op = op();
        r.stream = fields.intAt(VOLUME, "a volume id");
        return true;
    }

    private Op op() {
        if (fields.length(IO_TYPE) == 1) {
            char c = fields.charAt(IO_TYPE, 0);
            if (c == '0') {
                return Op.READ;
            }
            if (c == '1') {
                return Op.WRITE;
            }
        }
        throw fields.error(IO_TYPE, "an IOType 0 (read) or 1 (write)");
    }
}
