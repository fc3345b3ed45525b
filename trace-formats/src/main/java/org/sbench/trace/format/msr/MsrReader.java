// Reader of MSR Cambridge CSV traces (SNIA IOTTA "MSR Cambridge Traces").
package org.sbench.trace.format.msr;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.CsvColumnsReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the MSR Cambridge block traces: one IO per line, seven comma-separated fields, no header:
 * <pre>
 * Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime
 * 128166372003061629,hm,1,Read,3154137088,4096,8921
 * </pre>
 * <ul>
 * <li>{@code Timestamp}: issue time as a Windows FILETIME, 100 ns ticks since 1601-01-01 UTC;
 *     delivered as ns since the Unix epoch ({@code (ticks - 116444736000000000) * 100}), so that it
 *     fits a long. Ticks whose result does not fit (before 1678 or after 2262) are errors.</li>
 * <li>{@code Hostname}: the traced server; ignored (one file holds one server).</li>
 * <li>{@code DiskNumber}: the volume on that server; becomes {@code stream}.</li>
 * <li>{@code Type}: {@code Read} or {@code Write}, any case.</li>
 * <li>{@code Offset}, {@code Size}: bytes.</li>
 * <li>{@code ResponseTime}: 100 ns ticks from issue to completion; {@code completeNs = issueNs + ticks * 100}.</li>
 * </ul>
 * Lines are not strictly time-ordered in the originals; they are delivered in file order. Blank
 * lines, lines starting with {@code #} and a header line naming the seven columns (added by some
 * redistributions) are skipped. Spaces around fields are ignored.
 */
final class MsrReader extends CsvColumnsReader {
    /** FILETIME ticks from 1601-01-01 to 1970-01-01. */
    static final long FILETIME_UNIX_EPOCH_TICKS = 116_444_736_000_000_000L;
    static final long NS_PER_TICK = 100;
    private static final long MIN_UNIX_TICKS = Long.MIN_VALUE / NS_PER_TICK;
    private static final long MAX_UNIX_TICKS = Long.MAX_VALUE / NS_PER_TICK;
    private static final int TIMESTAMP = 0;
    private static final int DISK = 2;
    private static final int TYPE = 3;
    private static final int OFFSET = 4;
    private static final int SIZE = 5;
    private static final int RESPONSE = 6;
    private static final TraceInfo INFO = TraceInfo.of(MsrFormat.NAME, EnumSet.of(Field.COMPLETE, Field.STREAM));

    MsrReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO, MsrFormat.HEADER);
    }

    /**
     * The usual line, as the originals have it: digits, a host name, digits, {@code Read} or
     * {@code Write}, digits, digits, digits. Any other, and any value {@link #parse} would refuse,
     * is left to {@link #parse}, which reads the same values and names what is wrong.
     */
    @Override
    protected boolean parseUsual(IoRecord r) {
        long unixTicks = scan.unsigned(',') - FILETIME_UNIX_EPOCH_TICKS;
        scan.skip(',');
        long disk = scan.unsigned(',', Integer.MAX_VALUE);
        Op op = scan.text("Read", ',') ? Op.READ : scan.text("Write", ',') ? Op.WRITE : null;
        long offset = scan.unsigned(',');
        long size = scan.unsigned(',');
        long responseTicks = scan.lastUnsigned();
        if (!scan.atEnd() || op == null || !issueInRange(unixTicks)
                || !endInRange(unixTicks, responseTicks)) {
            return false;
        }
        r.clear();
        r.issueNs = unixTicks * NS_PER_TICK;
        r.stream = (int) disk;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = size;
        r.completeNs = (unixTicks + responseTicks) * NS_PER_TICK;
        return true;
    }

    @Override
    protected boolean parseColumns(IoRecord r) {
        r.clear();
        long unixTicks = fields.unsignedAt(TIMESTAMP, "a Windows FILETIME timestamp (100 ns ticks since 1601)")
                - FILETIME_UNIX_EPOCH_TICKS;
        if (!issueInRange(unixTicks)) {
            throw fields.error(TIMESTAMP, "a Windows FILETIME timestamp between the years 1678 and 2262");
        }
        r.issueNs = unixTicks * NS_PER_TICK;
        r.stream = fields.intAt(DISK, "a disk number");
        r.op = op();
        r.offsetBytes = fields.unsignedAt(OFFSET, "an offset in bytes");
        r.lengthBytes = fields.unsignedAt(SIZE, "a size in bytes");
        long responseTicks = fields.unsignedAt(RESPONSE, "a response time in 100 ns ticks");
        if (!endInRange(unixTicks, responseTicks)) {
            throw fields.error(RESPONSE, "a response time that ends before the year 2262");
        }
        r.completeNs = (unixTicks + responseTicks) * NS_PER_TICK;
        return true;
    }

    /** True when the issue time, in ticks since the Unix epoch, is in ns a long. */
    private static boolean issueInRange(long unixTicks) {
        return unixTicks >= MIN_UNIX_TICKS && unixTicks <= MAX_UNIX_TICKS;
    }

    /** True when the completion of an IO issued in range is in ns a long. */
    private static boolean endInRange(long unixTicks, long responseTicks) {
        // Both terms in ticks keep the bound free of overflow whatever the sign of the issue time.
        return responseTicks <= MAX_UNIX_TICKS - unixTicks;
    }

    private Op op() {
        if (fields.equalsIgnoreCase(TYPE, "Read")) {
            return Op.READ;
        }
        if (fields.equalsIgnoreCase(TYPE, "Write")) {
            return Op.WRITE;
        }
        throw fields.error(TYPE, "Read or Write");
    }
}
