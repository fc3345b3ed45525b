// Reader of the Tencent Cloud Block Storage (CBS) traces (SNIA IOTTA).
package org.sbench.trace.format.tencent;

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
final class TencentReader implements TraceReader {
    static final int SECTOR_BYTES = 512;
    static final long NS_PER_SECOND = 1_000_000_000L;
    private static final long MAX_SECTORS = Long.MAX_VALUE / SECTOR_BYTES;
    private static final long MAX_SECONDS = Long.MAX_VALUE / NS_PER_SECOND;
    private static final String LAYOUT = "Timestamp,Offset,Size,IOType,VolumeID";
    private static final int TIMESTAMP = 0;
    private static final int OFFSET = 1;
    private static final int SIZE = 2;
    private static final int IO_TYPE = 3;
    private static final int VOLUME = 4;

    private final LineCursor cursor;
    private final Fields fields;
    private final TraceInfo info = TraceInfo.of(TencentFormat.NAME, EnumSet.of(Field.STREAM));

    TencentReader(TraceInput input, ReadOptions options) {
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
        char c = fields.charAt(0, 0);
        return c == '#' || (Character.isLetter(c) && isHeader());
    }

    private boolean isHeader() {
        if (fields.count() != TencentFormat.COLUMNS) {
            return false;
        }
        for (int i = 0; i < TencentFormat.COLUMNS; i++) {
            if (!fields.equalsIgnoreCase(i, TencentFormat.HEADER[i])) {
                return false;
            }
        }
        return true;
    }

    private void parse(IoRecord r) {
        if (fields.count() != TencentFormat.COLUMNS) {
            throw cursor.error(TencentFormat.COLUMNS + " fields (" + LAYOUT + ")");
        }
        r.clear();
        long seconds = fields.unsignedAt(TIMESTAMP, "a timestamp in seconds");
        if (seconds > MAX_SECONDS) {
            throw fields.error(TIMESTAMP, "a timestamp in seconds before the year 2262");
        }
        r.issueNs = seconds * NS_PER_SECOND;
        r.offsetBytes = sectors(OFFSET, "an offset in 512-byte sectors") * SECTOR_BYTES;
        r.lengthBytes = sectors(SIZE, "a size in 512-byte sectors") * SECTOR_BYTES;
        r.op = op();
        long volume = fields.unsignedAt(VOLUME, "a volume id");
        if (volume > Integer.MAX_VALUE) {
            throw fields.error(VOLUME, "a volume id below 2^31");
        }
        r.stream = (int) volume;
    }

    private long sectors(int i, String what) {
        long n = fields.unsignedAt(i, what);
        if (n > MAX_SECTORS) {
            throw fields.error(i, what + " below 2^54");
        }
        return n;
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

    @Override
    public long skippedRecords() {
        return cursor.skipped();
    }

    @Override
    public void close() {
        cursor.close();
    }
}
