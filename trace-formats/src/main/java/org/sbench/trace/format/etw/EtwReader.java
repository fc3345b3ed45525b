// Reader of the disk IO events in an xperf text dump of a Windows ETW kernel trace.
package org.sbench.trace.format.etw;

import java.util.EnumSet;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.LineTraceReader;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the disk IO events of a Windows ETW kernel trace dumped to text by
 * {@code xperf -i trace.etl -o out.txt -a dumper} (the form of the Microsoft production server
 * traces on SNIA IOTTA, among others).
 *
 * <p>The dump opens with a header block naming the columns of every event type, one line each,
 * comma-separated and padded with spaces:
 * <pre>
 * BeginHeader
 *        DiskRead,  TimeStamp,     Process Name ( PID),   ThreadID,   IrpPtr,   ByteOffset,     IOSize, ElapsedTime,  DiskNum, IrpFlags, ...
 *       DiskWrite,  TimeStamp,     ...the same columns...
 *       DiskFlush,  TimeStamp,     Process Name ( PID),   ThreadID,   IrpPtr,  ElapsedTime,  DiskNum, IrpFlags, ...
 *     ...other events...
 * EndHeader
 * DiskRead,   1017, app.exe (1234), 5678, 0xfffffa8001234560, 0x0000012340000, 0x00001000, 250, 0, 0x60043, ...
 * </pre>
 * Columns are found by their names in the header, not by position, because xperf versions add
 * columns (newer ones put a {@code CPU} column after ThreadID). Used:
 * <ul>
 * <li>{@code TimeStamp}: microseconds since the start of the trace (a fraction is allowed).
 *     In a DiskIo Read/Write/Flush event this is the <em>completion</em> time: Microsoft's
 *     DiskIo class documentation lists these events apart from the ReadInit/WriteInit/FlushInit
 *     events that mark initiation, and their data carries the response time
 *     ({@code HighResResponseTime}, "the time between I/O initiation and completion"), which only
 *     exists once the IO completed. So completeNs = TimeStamp and issueNs = TimeStamp &minus;
 *     ElapsedTime (an IO in flight when tracing started can have a negative issue time).</li>
 * <li>{@code ElapsedTime}: that response time in microseconds.</li>
 * <li>{@code ByteOffset}, {@code IOSize}: hexadecimal bytes ({@code 0x} optional). DiskFlush has
 *     neither: FLUSH with offset 0 and length 0.</li>
 * <li>{@code DiskNum}: the physical disk number, the stream.</li>
 * <li>{@code Process Name ( PID)}, e.g. {@code app.exe (1234)}: the process, without the
 *     {@code (PID)} suffix; optional.</li>
 * </ul>
 * DiskRead, DiskWrite and DiskFlush become READ, WRITE and FLUSH; rows of every other event
 * (FileIo, DiskReadInit, process and thread events, ...) and of events not named, header lines
 * and blank lines are skipped.
 *
 * <p>Quirks handled: a process name containing commas splits its field; when a row has more
 * fields than its header and the process field does not end in {@code )} (or opens a quote it
 * does not close), the following fields up to the one that does are rejoined with {@code ,}
 * (spaces around those commas are lost) and later columns shift accordingly. A quoted process
 * name loses its quotes. Commas inside the last column (the quoted FileName) only add fields past
 * the ones used. A dump without a header block (rows cut out of one), or whose header does not
 * name a disk event, is read with xperf's usual layout ({@code DiskRead, TimeStamp, Process Name
 * ( PID), ThreadID, [CPU,] IrpPtr, ByteOffset, IOSize, ElapsedTime, DiskNum, ...}), the CPU
 * column assumed present when the fifth field is not a {@code 0x} IrpPtr; a DiskRead line whose
 * second field is {@code TimeStamp} outside a header block is taken as a header line.
 */
final class EtwReader extends LineTraceReader {
    static final String BEGIN_HEADER = "BeginHeader";
    static final String END_HEADER = "EndHeader";
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int FLUSH = 2;
    private static final String[] EVENT_NAMES = {"DiskRead", "DiskWrite", "DiskFlush"};
    private static final Op[] EVENT_OPS = {Op.READ, Op.WRITE, Op.FLUSH};
    private static final String EVENT_PREFIX = "Disk";
    private static final String TIME_STAMP = "TimeStamp";
    private static final String PROCESS_PREFIX = "Process Name";
    private static final String BYTE_OFFSET = "ByteOffset";
    private static final String IO_SIZE = "IOSize";
    private static final String ELAPSED_TIME = "ElapsedTime";
    private static final String DISK_NUM = "DiskNum";
    /** TimeStamp and ElapsedTime are microseconds: scaled by 10^3 to ns. */
    private static final int US_DECIMALS = 3;
    private static final String HEX_PREFIX = "0x";
    /** Where IrpPtr is in xperf's usual layout without a CPU column. */
    private static final int DEFAULT_IRP_PTR = 4;
    private static final Layout READ_WRITE_DEFAULT = new Layout(1, 2, 5, 6, 7, 8, 15,
            "row DiskRead|DiskWrite, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset, IOSize, ElapsedTime, DiskNum");
    private static final Layout READ_WRITE_DEFAULT_CPU = new Layout(1, 2, 6, 7, 8, 9, 16,
            "row DiskRead|DiskWrite, TimeStamp, Process Name ( PID), ThreadID, CPU, IrpPtr, ByteOffset, IOSize, ElapsedTime, DiskNum");
    private static final Layout FLUSH_DEFAULT = new Layout(1, 2, -1, -1, 5, 6, 10,
            "row DiskFlush, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ElapsedTime, DiskNum");
    private static final Layout FLUSH_DEFAULT_CPU = new Layout(1, 2, -1, -1, 6, 7, 11,
            "row DiskFlush, TimeStamp, Process Name ( PID), ThreadID, CPU, IrpPtr, ElapsedTime, DiskNum");
    private static final TraceInfo INFO = TraceInfo.of(EtwFormat.NAME,
            EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS));

    private final ProcessNames processes = new ProcessNames();
    /** Column positions per event from the header; null until named there. */
    private final Layout[] layouts = new Layout[EVENT_NAMES.length];
    private boolean inHeader;
    /** A line of a dump was met: a header block's or a disk event's. */
    private boolean dumpLineSeen;
    /** The event of the current row. */
    private int event;

    EtwReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO);
    }

    /**
     * True unless the current line is a disk IO row; reads header lines on the way. A header naming
     * a disk event without its needed columns throws: the rows after it cannot be interpreted.
     */
    @Override
    protected boolean skipLine() {
        String line = cursor.line();
        int start = firstNonBlank(line);
        if (start == line.length()) {
            return true;
        }
        if (inHeader) {
            if (line.startsWith(END_HEADER, start)) {
                inHeader = false;
                return true;
            }
        } else if (line.startsWith(BEGIN_HEADER, start)) {
            inHeader = true;
            dumpLineSeen = true;
            return true;
        }
        event = eventOf(line, start);
        dumpLineSeen |= event >= 0;
        if (event < 0) {
            return true;
        }
        if (inHeader || namesColumns(line, start)) {
            defineLayout();
            return true;
        }
        return false;
    }

    /**
     * Other lines are passed over, so that a file with none of a dump's (another format read with
     * --from etw) would read as a trace of no IO.
     */
    @Override
    protected void endOfLines() {
        if (!dumpLineSeen) {
            throw SbenchException.badInput(cursor.fileName(), "no line is an xperf dump's (a " + BEGIN_HEADER + " block, or a "
                    + EVENT_NAMES[READ] + ", " + EVENT_NAMES[WRITE] + " or " + EVENT_NAMES[FLUSH] + " row): not an ETW dump");
        }
    }

    /** The disk event a line starts with (READ, WRITE, FLUSH), or -1. */
    static int eventOf(String line, int start) {
        if (!line.startsWith(EVENT_PREFIX, start)) {
            return -1;
        }
        for (int e = 0; e < EVENT_NAMES.length; e++) {
            if (line.startsWith(EVENT_NAMES[e], start)) {
                int p = firstNonBlank(line, start + EVENT_NAMES[e].length());
                if (p < line.length() && line.charAt(p) == ',') {
                    return e;
                }
            }
        }
        return -1;
    }

    private static boolean namesColumns(String line, int start) {
        int comma = line.indexOf(',', start);
        return line.startsWith(TIME_STAMP, firstNonBlank(line, comma + 1));
    }

    private void defineLayout() {
        int n = fields.split(',');
        int time = -1;
        int process = -1;
        int offset = -1;
        int size = -1;
        int elapsed = -1;
        int disk = -1;
        for (int i = 1; i < n; i++) {
            if (fields.equalsIgnoreCase(i, TIME_STAMP)) {
                time = i;
            } else if (fields.text(i).startsWith(PROCESS_PREFIX)) {
                process = i;
            } else if (fields.equalsIgnoreCase(i, BYTE_OFFSET)) {
                offset = i;
            } else if (fields.equalsIgnoreCase(i, IO_SIZE)) {
                size = i;
            } else if (fields.equalsIgnoreCase(i, ELAPSED_TIME)) {
                elapsed = i;
            } else if (fields.equalsIgnoreCase(i, DISK_NUM)) {
                disk = i;
            }
        }
        boolean transfers = event != FLUSH;
        if (time < 0 || elapsed < 0 || disk < 0 || (transfers && (offset < 0 || size < 0))) {
            throw cursor.error("a " + EVENT_NAMES[event] + " header naming the columns " + TIME_STAMP + ", "
                    + (transfers ? BYTE_OFFSET + ", " + IO_SIZE + ", " : "") + ELAPSED_TIME + " and " + DISK_NUM);
        }
        layouts[event] = new Layout(time, process, offset, size, elapsed, disk, n,
                EVENT_NAMES[event] + " row with the columns named in the header");
    }

    @Override
    protected boolean parse(IoRecord into) {
        int n = fields.split(',');
        Layout layout = layouts[event];
        int shift;
        if (layout == null) {
            layout = event == FLUSH ? FLUSH_DEFAULT : READ_WRITE_DEFAULT;
            shift = processShift(layout, n);
            int irp = DEFAULT_IRP_PTR + shift;
            if (irp < n && !startsWithHexPrefix(irp)) {
                layout = event == FLUSH ? FLUSH_DEFAULT_CPU : READ_WRITE_DEFAULT_CPU;
            }
        } else {
            shift = processShift(layout, n);
        }
        fields.require(layout.needed + shift, layout.description);
        int p = layout.process;
        long completeNs = fields.scaledAt(column(layout.time, p, shift), US_DECIMALS, "a TimeStamp in microseconds");
        long elapsedNs = fields.scaledAt(column(layout.elapsed, p, shift), US_DECIMALS, "an ElapsedTime in microseconds");
        int disk = fields.intAt(column(layout.disk, p, shift), "a DiskNum");
        long offsetBytes = 0;
        long lengthBytes = 0;
        if (event != FLUSH) {
            offsetBytes = fields.hexAt(column(layout.offset, p, shift), "a hexadecimal ByteOffset");
            lengthBytes = fields.hexAt(column(layout.size, p, shift), "a hexadecimal IOSize");
        }
        into.clear();
        into.issueNs = completeNs - elapsedNs;
        into.completeNs = completeNs;
        into.offsetBytes = offsetBytes;
        into.lengthBytes = lengthBytes;
        into.op = EVENT_OPS[event];
        into.stream = disk;
        into.process = p < 0 ? null : process(p, shift);
        return true;
    }

    /** Where column {@code c} of the layout is when the process field spans {@code shift} more fields. */
    private static int column(int c, int process, int shift) {
        return process >= 0 && c > process ? c + shift : c;
    }

    /** How many further fields a comma-split process name took (0 when it is whole). */
    private int processShift(Layout layout, int n) {
        int p = layout.process;
        int excess = n - layout.columns;
        if (p < 0 || p >= n || excess <= 0) {
            return 0;
        }
        boolean quoted = fields.length(p) > 0 && fields.charAt(p, 0) == '"';
        if (quoted ? endsWith(p, '"', 2) : endsWith(p, ')', 1)) {
            return 0;
        }
        for (int j = p + 1; j <= p + excess && j < n; j++) {
            if (quoted ? endsWith(j, '"', 1) : endsWith(j, ')', 1)) {
                return j - p;
            }
        }
        return 0;
    }

    private boolean endsWith(int field, char c, int minLength) {
        int len = fields.length(field);
        return len >= minLength && fields.charAt(field, len - 1) == c;
    }

    private boolean startsWithHexPrefix(int field) {
        return fields.length(field) > HEX_PREFIX.length() && fields.charAt(field, 0) == '0'
                && (fields.charAt(field, 1) == 'x' || fields.charAt(field, 1) == 'X');
    }

    /** The process name without quotes and the " (PID)" suffix; null when empty. */
    private String process(int p, int shift) {
        if (shift > 0) {
            StringBuilder joined = new StringBuilder(fields.text(p));
            for (int i = p + 1; i <= p + shift; i++) {
                joined.append(',').append(fields.text(i));
            }
            String s = joined.toString();
            int from = 0;
            int to = s.length();
            if (to >= 2 && s.charAt(0) == '"' && s.charAt(to - 1) == '"') {
                from = 1;
                to--;
            }
            int open = s.lastIndexOf('(', to - 1);
            if (to - from > 0 && s.charAt(to - 1) == ')' && open > from) {
                to = open;
            }
            String name = s.substring(from, to).trim();
            return name.isEmpty() ? null : name;
        }
        int from = 0;
        int to = fields.length(p);
        if (to >= 2 && fields.charAt(p, 0) == '"' && fields.charAt(p, to - 1) == '"') {
            from = 1;
            to--;
        }
        if (to > from && fields.charAt(p, to - 1) == ')') {
            int open = to - 2;
            while (open > from && fields.charAt(p, open) != '(') {
                open--;
            }
            if (open > from) {
                to = open;
            }
        }
        while (to > from && isBlank(fields.charAt(p, to - 1))) {
            to--;
        }
        while (from < to && isBlank(fields.charAt(p, from))) {
            from++;
        }
        return from == to ? null : processes.of(fields, p, from, to);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** Where the first character that is not a space or a tab stands in {@code s} (its length: none). */
    static int firstNonBlank(String s) {
        return firstNonBlank(s, 0);
    }

    private static int firstNonBlank(String s, int from) {
        int i = Math.max(from, 0);
        while (i < s.length() && isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Field indexes of the used columns of one event (-1: absent). */
    private static final class Layout {
        final int time;
        final int process;
        final int offset;
        final int size;
        final int elapsed;
        final int disk;
        /** Fields of a row without commas inside values. */
        final int columns;
        /** Fields a row needs to hold every used column. */
        final int needed;
        /** The expected row, for messages. */
        final String description;

        Layout(int time, int process, int offset, int size, int elapsed, int disk, int columns, String description) {
            this.time = time;
            this.process = process;
            this.offset = offset;
            this.size = size;
            this.elapsed = elapsed;
            this.disk = disk;
            this.columns = columns;
            this.needed = 1 + Math.max(Math.max(time, process), Math.max(Math.max(offset, size), Math.max(elapsed, disk)));
            this.description = description;
        }
    }
}
