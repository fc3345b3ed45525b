// Reader of blkparse's default text output, pairing issue (D) and completion (C) events.
package org.sbench.trace.format.blkparse;

import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.blockevents.BlockEventFields;
import org.sbench.trace.format.blockevents.BlockEventLineReader;
import org.sbench.trace.format.blockevents.CompletionMatcher;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the default output of {@code blkparse}: one event per line, whitespace-separated,
 * <pre>
 * maj,min cpu seq seconds.nanoseconds pid action rwbs sector + blocks [comm]
 *   8,0    1       10     0.000024062   697  D   W 223490 + 56 [kjournald]
 *   8,0    1       11     0.009507758     0  C   W 223490 + 56 [0]
 * </pre>
 * <ul>
 * <li>One IO is a {@code D} event (request issued to the driver) paired with the {@code C}
 *     event (completed) of the same device, sector and op ({@link CompletionMatcher}); issue
 *     time is the D's, completion time the C's. Records are delivered in issue order.</li>
 * <li>Time: seconds with 9 decimals since the trace start, delivered in ns.</li>
 * <li>{@code maj,min}: the device; {@code stream = (maj << 20) | min} ({@link BlockEventFields}).</li>
 * <li>{@code rwbs}: the op ({@link BlockEventFields#op}); a D without data, a flush, is a FLUSH
 *     with offset and length 0; a D whose flags name no read, write, discard or flush
 *     ({@code N}: zone management; blktrace calls a write-zeroes a write) is left out and
 *     counted ({@link #requestAccounts()}), once when requeued and issued again.</li>
 * <li>{@code sector}, {@code blocks}: 512-byte units, delivered in bytes. blkparse 1.2 prints a
 *     request that moves no data without them: a flush's D as {@code D  FN [kworker/0:2H]}, its C
 *     with the sector alone, {@code C  FN 0 [0]}; older versions print {@code 0 + 0}. Either is a
 *     FLUSH; another request without data ({@code D   W [kworker/1:1H]}, a zone reset) is counted
 *     as a request of another kind.</li>
 * <li>{@code [comm]}: on a D, the process the request was issued from (often a kernel worker
 *     rather than the program that wrote); becomes {@code process}, except {@code [(null)]},
 *     blkparse's word for a pid it has no name for (no process). On a C it is the error
 *     code ({@code [-5]}, or the kernel's 16 bits unsigned, {@code [65531]}: EIO): an IO that
 *     failed is kept and counted by error ({@link #requestAccounts()}). {@code blkparse -t} adds
 *     the elapsed time in parentheses before it; ignored.</li>
 * </ul>
 * Skipped without complaint: every other action ({@code Q G I M F A P U UT S X B m} …), a
 * {@code R} (requeue) after cancelling the D it re-queues (the request is issued again by a
 * later D), passthrough requests (a byte count and a command in parentheses instead of
 * {@code sector + blocks} on a D, the command alone or nothing before the error code on a C;
 * counted as other requests of 0 bytes), the summary blkparse prints at the end ({@code CPU0 (8,0):},
 * {@code Total (8,0):}, {@code Reads Queued: …}, {@code Throughput …}), blank lines and any line
 * whose first field is not a {@code maj,min} device, and a C with no waiting D (the request
 * was issued before tracing began). A file with lines but none of blkparse's (no event line of any
 * action, no summary: another format's, read with {@code --from blkparse}) is refused. A D still waiting at the end of the trace, or when 262,144
 * later issues wait behind it (a capture of issues only, {@code blktrace -a issue}; a lost
 * completion), is an IO without a completion time. A completion of a partially completed request
 * is taken from its first C event. Bio-based devices (device-mapper, md) log no D events and give no records.
 */
final class BlkparseReader extends BlockEventLineReader {
    private static final String LAYOUT = "maj,min cpu seq seconds pid action rwbs sector + blocks [comm]";
    private static final int DEVICE = 0;
    private static final int TIME = 3;
    private static final int ACTION = 5;
    private static final int RWBS = 6;
    private static final int SECTOR = 7;
    private static final int PLUS = 8;
    private static final int BLOCKS = 9;
    /** Every event line has at least maj,min through rwbs. */
    private static final int EVENT_FIELDS = 7;
    private static final int IO_FIELDS = 10;
    private static final int NS_DIGITS = 9;
    private static final String NOT_BLKPARSE = "no line is blkparse's (an event 'maj,min cpu seq seconds pid action ...',"
            + " or its summary): not blkparse output";
    private static final TraceInfo INFO = TraceInfo.of(BlkparseFormat.NAME,
            EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS))
            .withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);

    BlkparseReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO, true, NOT_BLKPARSE);
    }

    @Override
    protected boolean parseLine(int n) {
        if (!BlockEventFields.looksLikeDevice(fields, DEVICE)) {
            return false;
        }
        fields.require(EVENT_FIELDS, LAYOUT);
        if (fields.length(ACTION) != 1) {
            return true;
        }
        char action = fields.charAt(ACTION, 0);
        if (action != 'D' && action != 'C' && action != 'R') {
            return true;
        }
        // A request that moves no data (a flush) is printed without "sector + blocks" by blkparse 1.2:
        // the D with the process name alone, "D  FN [kworker/0:2H]", the C or R with the sector alone, "C  FN 0 [0]".
        boolean noData = action == 'D' ? startsWith(n, SECTOR, '[') : startsWith(n, PLUS, '[') && !isPassthrough(SECTOR);
        if (!noData) {
            if (n > SECTOR && isPassthrough(SECTOR) || n > PLUS && isPassthrough(PLUS)) {
                otherKind(action, 0);
                return true;
            }
            fields.require(IO_FIELDS, LAYOUT);
            if (fields.length(PLUS) != 1 || fields.charAt(PLUS, 0) != '+') {
                throw fields.error(PLUS, "'+' between sector and block count");
            }
        }
        long timeNs = fields.scaledAt(TIME, NS_DIGITS, "a time in seconds");
        int device = BlockEventFields.device(fields, DEVICE);
        long sector = noData && action == 'D' ? BlockEventFields.NO_SECTOR : BlockEventFields.sector(fields, SECTOR);
        long blocks = noData ? 0 : fields.unsignedAt(BLOCKS, "a block count (512-byte sectors)");
        Op op = BlockEventFields.op(fields, RWBS, blocks);
        if (op == null || noData && op != Op.FLUSH) {
            otherKind(action, BlockEventFields.spanBytes(fields, BLOCKS, blocks));
            return true;
        }
        if (action == 'D') {
            issue(timeNs, op, device, sector, SECTOR, blocks, BLOCKS);
        } else if (action == 'R') {
            requeue(device, sector, op);
        } else {
            complete(timeNs, TIME, device, sector, blocks, op, BlockEventFields.errno(fields, n - 1));
        }
        return true;
    }

    /** The first line of blkparse's closing summary; its other lines come only after one. */
    @Override
    protected boolean isOwnLine() {
        return BlkparseFormat.isSummaryStart(cursor.line());
    }

    /** A D or R of a request of another kind (passthrough, zone management), spanning {@code bytes}: counted at its issue. */
    private void otherKind(char action, long bytes) {
        if (action == 'D') {
            otherRequest(bytes);
        } else if (action == 'R') {
            otherRequeued(bytes);
        }
    }

    /** True if the line has a field {@code i} and it starts with {@code c}. */
    private boolean startsWith(int n, int i, char c) {
        return n > i && fields.length(i) > 0 && fields.charAt(i, 0) == c;
    }

    /**
     * A passthrough (SCSI/NVMe command) request prints, where a block IO has {@code sector + blocks},
     * its bytes and its command in parentheses or its name in brackets on a D, and only the command
     * (or nothing) before the error code on a C: {@code C R (12 00 00 00 24 00) [0]}, {@code C R [0]}.
     */
    private boolean isPassthrough(int i) {
        char c = fields.length(i) > 0 ? fields.charAt(i, 0) : ' ';
        return c == '(' || c == '[';
    }
}
