// Reader of the Alibaba Cloud block traces (alibaba/block-traces, 2020).
package org.sbench.trace.format.alibaba;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.CsvColumnsReader;
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
final class AlibabaReader extends CsvColumnsReader {
    static final long NS_PER_US = 1_000;
    private static final int DEVICE = 0;
    private static final int OPCODE = 1;
    private static final int OFFSET = 2;
    private static final int LENGTH = 3;
    private static final int TIMESTAMP = 4;
    private static final TraceInfo INFO = TraceInfo.of(AlibabaFormat.NAME, EnumSet.of(Field.STREAM));

    AlibabaReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO, AlibabaFormat.HEADER);
    }

    /**
     * The usual line, as the published files have it: digits, {@code R} or {@code W}, digits,
     * digits, digits. Any other, and any value {@link #parse} would refuse, is left to it.
     */
    @Override
    protected boolean parseUsual(IoRecord r) {
        long device = scan.unsigned(',', Integer.MAX_VALUE);
        Op op = scan.text("R", ',') ? Op.READ : scan.text("W", ',') ? Op.WRITE : null;
        long offset = scan.unsigned(',');
        long length = scan.unsigned(',');
        long micros = scan.lastUnsigned(Long.MAX_VALUE / NS_PER_US);
        if (!scan.atEnd() || op == null) {
            return false;
        }
        r.clear();
        r.stream = (int) device;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        r.issueNs = micros * NS_PER_US;
        return true;
    }

    @Override
    protected boolean parseColumns(IoRecord r) {
        r.clear();
        r.stream = fields.intAt(DEVICE, "a device id");
        r.op = fields.readOrWriteAt(OPCODE, "an opcode R or W");
        r.offsetBytes = fields.unsignedAt(OFFSET, "an offset in bytes");
        r.lengthBytes = fields.unsignedAt(LENGTH, "a length in bytes");
        r.issueNs = fields.epochNsAt(TIMESTAMP, NS_PER_US, "a timestamp in microseconds");
        return true;
    }
}
