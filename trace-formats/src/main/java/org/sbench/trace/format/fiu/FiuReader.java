// Reader of the FIU block traces (homes, mail, web-vm) as distributed by SNIA IOTTA.
package org.sbench.trace.format.fiu;

import java.util.EnumSet;
import org.sbench.trace.DeviceNumbers;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.LineTraceReader;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the FIU traces (Koller and Rangaswami, "I/O Deduplication", FAST '10; homes, mail and
 * web-vm, SNIA IOTTA). One IO per line, fields separated by spaces or tabs, as the traces'
 * README gives them:
 * <pre>
 * TS PID PROCESS LBA SIZE OP MAJOR MINOR MD5 [MD5...]
 * 89001234567890 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9
 * </pre>
 * <ul>
 * <li>TS: issue time in nanoseconds (the tracer's clock, not the epoch).</li>
 * <li>PID: ignored. PROCESS: the issuing process ({@link IoRecord#process}).</li>
 * <li>LBA: start in 512-byte sectors; SIZE: length in 512-byte sectors ("size in 512 Bytes
 *     blocks" in the README), both turned into bytes.</li>
 * <li>OP: {@code R} read or {@code W} write (either case).</li>
 * <li>MAJOR, MINOR: the device; stream = (MAJOR &lt;&lt; 20) | MINOR, the kernel's dev_t layout
 *     that blktrace uses too. MAJOR must be below 2048 and MINOR below 2<sup>20</sup> so that the
 *     stream is a non-negative int.</li>
 * <li>MD5: content digest(s) (per 4096 bytes; per 512 bytes in homes), as one field of 32 hex
 *     digits per digest written together or as several fields, so a line of a large IO carries
 *     hundreds of characters; required as the line's ninth field but otherwise ignored.</li>
 * </ul>
 * Quirks handled: lines are not strictly ordered by TS (the pipeline sorts); a process name
 * containing spaces is recognised by finding OP further right (the first R/W field with numbers
 * on both sides), its words rejoined with single spaces. Blank lines are skipped. No
 * completion times.
 */
final class FiuReader extends LineTraceReader {
    /** Index of the OP field when the process name is one word. */
    static final int OP_FIELD = 5;
    static final int MIN_FIELDS = 9;
    private static final String LAYOUT = "TS PID PROCESS LBA SECTORS R|W MAJOR MINOR MD5";
    private static final int SECTOR_BYTES = 512;
    private static final int PROCESS_FIELD = 2;
    private static final TraceInfo INFO = TraceInfo.of(FiuFormat.NAME, EnumSet.of(Field.STREAM, Field.PROCESS))
            .withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);

    private final ProcessNames processes = new ProcessNames();

    FiuReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO);
    }

    @Override
    protected boolean skipLine() {
        return fields.splitWhitespace() == 0;
    }

    @Override
    protected boolean parse(IoRecord into) {
        fields.require(MIN_FIELDS, LAYOUT);
        int op = isOp(OP_FIELD) ? OP_FIELD : opFieldAfterSpacedProcess(fields.count());
        long issueNs = fields.unsignedAt(0, "a timestamp in ns");
        fields.unsignedAt(1, "a pid");
        long lba = fields.unsignedAt(op - 2, "an LBA in 512-byte sectors");
        long sectors = fields.unsignedAt(op - 1, "a size in 512-byte sectors");
        if (lba > Long.MAX_VALUE / SECTOR_BYTES) {
            throw fields.error(op - 2, "an LBA below 2^63 bytes");
        }
        if (sectors > Long.MAX_VALUE / SECTOR_BYTES) {
            throw fields.error(op - 1, "a size below 2^63 bytes");
        }
        long major = fields.unsignedAt(op + 1, "a major device number");
        if (major > DeviceNumbers.MAX_MAJOR) {
            throw fields.error(op + 1, "a major device number below " + (DeviceNumbers.MAX_MAJOR + 1));
        }
        long minor = fields.unsignedAt(op + 2, "a minor device number");
        if (minor > DeviceNumbers.MAX_MINOR) {
            throw fields.error(op + 2, "a minor device number below 2^" + DeviceNumbers.MINOR_BITS);
        }
        into.clear();
        into.issueNs = issueNs;
        into.offsetBytes = lba * SECTOR_BYTES;
        into.lengthBytes = sectors * SECTOR_BYTES;
        into.op = fields.readOrWriteAt(op, "R or W");
        into.stream = DeviceNumbers.of(major, minor);
        into.process = op == OP_FIELD
                ? processes.of(fields, PROCESS_FIELD, 0, fields.length(PROCESS_FIELD))
                : spacedProcess(op);
        return true;
    }

    private boolean isOp(int i) {
        if (fields.length(i) != 1) {
            return false;
        }
        char c = fields.charAt(i, 0);
        return c == 'R' || c == 'W' || c == 'r' || c == 'w';
    }

    /** OP of a line whose process name has spaces: the first R/W with two numbers on each side. */
    private int opFieldAfterSpacedProcess(int n) {
        for (int op = OP_FIELD + 1; op + 3 < n; op++) {
            if (isOp(op) && isNumber(op - 2) && isNumber(op - 1) && isNumber(op + 1) && isNumber(op + 2)) {
                return op;
            }
        }
        throw fields.error(OP_FIELD, "R or W");
    }

    private boolean isNumber(int i) {
        int len = fields.length(i);
        for (int p = 0; p < len; p++) {
            char c = fields.charAt(i, p);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return len > 0;
    }

    /** The fields from PROCESS to the two numbers before OP, with the blanks between them as the line has them. */
    private String spacedProcess(int op) {
        int last = op - 3;
        return processes.of(fields, PROCESS_FIELD, 0, last, fields.length(last));
    }
}
