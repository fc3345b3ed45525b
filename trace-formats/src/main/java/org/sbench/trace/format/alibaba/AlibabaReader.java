// Reader of the Alibaba Cloud block traces (alibaba/block-traces, 2020).
package org.sbench.trace.format.alibaba;

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
 * Reads the Alibaba Cloud block traces: one IO per line, five comma-separated fields:
 * <pre>
 * device_id,opcode,offset,length,timestamp
 * 7,W,1073750016,8192,1577808000001234
 * </pre>
 * <ul>
 * <li>{@code device_id}: the virtual disk; becomes {@code stream}.</li>
 * <li>{@code opcode}: {@code R} or {@code W} (either case).</li>
 * <li>{@code offset}, {@code length}: bytes.</li>
 * <li>{@code timestamp}: issue time in µs since the Unix epoch, delivered in ns. There is no
 *     completion time.</li>
 * </ul>
 * The published files have no header; a header line naming the five columns, as some
 * redistributions add, is skipped wherever it appears, as are blank lines and lines starting with
 * {@code #}. The capacities in the separate {@code device_size.csv} are not read. Records are
 * delivered in file order.
 */
final class AlibabaReader implements TraceReader {
    static final long NS_PER_US = 1_000;
    private static final long MAX_US = Long.MAX_VALUE / NS_PER_US;
    private static final String LAYOUT = "device_id,opcode,offset,length,timestamp";
    private static final int DEVICE = 0;
    private static final int OPCODE = 1;
    private static final int OFFSET = 2;
    private static final int LENGTH = 3;
    private static final int TIMESTAMP = 4;

    private final LineCursor cursor;
    private final Fields fields;
    private final TraceInfo info = TraceInfo.of(AlibabaFormat.NAME, EnumSet.of(Field.STREAM));

    AlibabaReader(TraceInput input, ReadOptions options) {
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
        if (fields.count() != AlibabaFormat.COLUMNS) {
            return false;
        }
        for (int i = 0; i < AlibabaFormat.COLUMNS; i++) {
            if (!fields.equalsIgnoreCase(i, AlibabaFormat.HEADER[i])) {
                return false;
            }
        }
        return true;
    }

    private void parse(IoRecord r) {
        if (fields.count() != AlibabaFormat.COLUMNS) {
            throw cursor.error(AlibabaFormat.COLUMNS + " fields (" + LAYOUT + ")");
        }
        r.clear();
        long device = fields.unsignedAt(DEVICE, "a device id");
        if (device > Integer.MAX_VALUE) {
            throw fields.error(DEVICE, "a device id below 2^31");
        }
        r.stream = (int) device;
        r.op = op();
        r.offsetBytes = fields.unsignedAt(OFFSET, "an offset in bytes");
        r.lengthBytes = fields.unsignedAt(LENGTH, "a length in bytes");
        long us = fields.unsignedAt(TIMESTAMP, "a timestamp in microseconds");
        if (us > MAX_US) {
            throw fields.error(TIMESTAMP, "a timestamp in microseconds before the year 2262");
        }
        r.issueNs = us * NS_PER_US;
    }

    private Op op() {
        if (fields.length(OPCODE) == 1) {
            char c = fields.charAt(OPCODE, 0);
            if (c == 'R' || c == 'r') {
                return Op.READ;
            }
            if (c == 'W' || c == 'w') {
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
