// Reader of fio iolog versions 2 and 3, following fio's own parser (iolog.c: read_iolog).
package org.sbench.trace.format.fioiolog;

import java.util.BitSet;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.LineTraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads fio's iolog, versions 2 and 3, the way fio's {@code read_iolog()} (iolog.c) parses them.
 *
 * <p>The first non-blank line is the header: it starts with {@code fio version 2 iolog} or
 * {@code fio version 3 iolog} (fio compares only that prefix). Every further line is
 * whitespace-separated:
 * <pre>
 * version 2                              version 3
 * FILE add|open|close                    USEC FILE add|open|close
 * FILE ACTION OFFSET LENGTH              USEC FILE ACTION OFFSET LENGTH
 * FILE wait MS LENGTH
 * </pre>
 * ACTION is {@code read}, {@code write}, {@code trim}, {@code sync} or {@code datasync}; OFFSET
 * and LENGTH are bytes; fields past the last one used are ignored, as fio's {@code sscanf} does.
 *
 * <ul>
 * <li><b>Ops.</b> read, write, trim map to READ, WRITE, TRIM; {@code sync} and {@code datasync}
 *     to FLUSH with offset 0 and length 0 (their OFFSET and LENGTH must still be numbers, as fio
 *     requires, and are then ignored).</li>
 * <li><b>Streams.</b> Each file named in an {@code add} line is a stream: a name ending in
 *     {@code .N} (a number below 10^9, as sbench's writer names stream N) is stream N unless
 *     an earlier file took N, one ending in {@code .nostream} holds records without a stream; any
 *     other name gets the lowest number not yet taken, so that a log of {@code /dev/sdb} and
 *     {@code /dev/sdc} reads as streams 0 and 1. A second add of a name
 *     keeps its number. An IO, open or close of a file never added is a bad record (fio has no
 *     file for it).</li>
 * <li><b>Version 3 times.</b> USEC is microseconds since the start of the logged run; issue time
 *     = USEC &times; 1000 ns. Add/open/close lines carry a time too and are otherwise skipped.</li>
 * <li><b>Version 2 times.</b> IO lines carry no time. fio's HOWTO says {@code wait} waits MS
 *     "microseconds ... relative to the previous wait", but fio's code does something else, and
 *     this reader follows the code: {@code read_iolog_get()} sleeps until {@code mtime_since_genesis()}
 *     (milliseconds since fio started) reaches the value, i.e. the value is an absolute deadline
 *     in <em>milliseconds</em> since the start; a deadline already passed waits nothing; IOs
 *     between waits are issued back to back. So the issue time of an IO is the largest wait value
 *     seen before it, &times; 10<sup>6</sup> ns (0 before the first wait). fio's {@code sscanf}
 *     also needs four fields, so {@code FILE wait MS} without LENGTH is a line fio rejects ("bad
 *     iolog2") and ignores; here it is a bad record (an error unless bad records are skipped),
 *     so that a log written from the HOWTO's description is not silently replayed without its
 *     waits.</li>
 * <li><b>Rejected as fio rejects them</b> (bad records): {@code wait} in version 3, unknown
 *     actions, IO lines with fewer than the four (v2) or five (v3) fields.</li>
 * <li>Blank lines are skipped. No completion times, queue depths or processes.</li>
 * </ul>
 */
final class FioIologReader extends LineTraceReader {
    static final String HEADER_V2 = "fio version 2 iolog";
    static final String HEADER_V3 = "fio version 3 iolog";
    private static final int VERSION_2 = 2;
    private static final int VERSION_3 = 3;
    private static final long NS_PER_US = 1_000L;
    private static final long NS_PER_MS = 1_000_000L;
    private static final String V2_ACTIONS = "add, open, close, read, write, trim, sync, datasync or wait";
    private static final String V3_ACTIONS = "add, open, close, read, write, trim, sync or datasync (version 3 has no wait)";
    private static final TraceInfo INFO = TraceInfo.of(FioIologFormat.NAME, EnumSet.of(Field.STREAM));

    /** File name to stream number. */
    private final Map<String, Integer> streams = new HashMap<>();
    /** The stream numbers given to files. */
    private final BitSet taken = new BitSet();
    private int version;
    /** Version 2: the latest wait deadline, the issue time of the IOs that follow it. */
    private long waitClockNs;
    /** The last file an IO named, so that runs of IOs on one file need no map look-up. */
    private String lastFile;
    private int lastStream;

    FioIologReader(TraceInput input, ReadOptions options) {
        super(input, options, INFO);
    }

    /** Lines up to the header are read here: a wrong header is not a bad record but a file fio would refuse. */
    @Override
    protected boolean skipLine() {
        if (version == 0) {
            readHeader();
            return true;
        }
        return fields.splitWhitespace() == 0;
    }

    private void readHeader() {
        String line = cursor.line();
        if (line.isBlank()) {
            return;
        }
        if (line.startsWith(HEADER_V2)) {
            version = VERSION_2;
        } else if (line.startsWith(HEADER_V3)) {
            version = VERSION_3;
        } else {
            throw cursor.error("the header '" + HEADER_V2 + "' or '" + HEADER_V3 + "'");
        }
    }

    @Override
    protected void endOfLines() {
        if (version == 0) {
            throw SbenchException.badInput(cursor.fileName(),
                    "expected the header '" + HEADER_V2 + "' or '" + HEADER_V3 + "', found an empty file");
        }
    }

    /** True when the line was an IO and {@code into} holds it. */
    @Override
    protected boolean parse(IoRecord into) {
        return version == VERSION_3 ? parseV3(into) : parseV2(into);
    }

    private boolean parseV2(IoRecord into) {
        fields.require(2, "FILE ACTION [OFFSET LENGTH]");
        if (fileAction(0, 1)) {
            return false;
        }
        Op op = ioAction(1, V2_ACTIONS, true);
        if (op == null) {
            fields.require(4, "FILE wait MS LENGTH; fio ignores a wait line without LENGTH");
            long deadlineMs = fields.unsignedAt(2, "a wait time in ms");
            if (deadlineMs > Long.MAX_VALUE / NS_PER_MS) {
                throw fields.error(2, "a wait time in ms below 2^63 ns");
            }
            waitClockNs = Math.max(waitClockNs, deadlineMs * NS_PER_MS);
            return false;
        }
        fields.require(4, "FILE ACTION OFFSET LENGTH");
        fill(into, waitClockNs, op, 0, 2);
        return true;
    }

    private boolean parseV3(IoRecord into) {
        fields.require(3, "USEC FILE ACTION [OFFSET LENGTH]");
        long issueUs = fields.unsignedAt(0, "a timestamp in microseconds");
        if (fileAction(1, 2)) {
            return false;
        }
        Op op = ioAction(2, V3_ACTIONS, false);
        fields.require(5, "USEC FILE ACTION OFFSET LENGTH");
        if (issueUs > Long.MAX_VALUE / NS_PER_US) {
            throw fields.error(0, "a timestamp in microseconds below 2^63 ns");
        }
        fill(into, issueUs * NS_PER_US, op, 1, 3);
        return true;
    }

    private void fill(IoRecord into, long issueNs, Op op, int fileField, int offsetField) {
        int stream = streamOf(fileField);
        long offsetBytes = fields.unsignedAt(offsetField, "an offset in bytes");
        long lengthBytes = fields.unsignedAt(offsetField + 1, "a length in bytes");
        into.clear();
        into.issueNs = issueNs;
        into.op = op;
        into.stream = stream;
        if (op != Op.FLUSH) {
            into.offsetBytes = offsetBytes;
            into.lengthBytes = lengthBytes;
        }
    }

    /** Handles add/open/close; false if field {@code action} is none of them. */
    private boolean fileAction(int file, int action) {
        if (fields.equalsIgnoreCase(action, "add")) {
            String name = fields.text(file);
            if (!streams.containsKey(name)) {
                streams.put(name, newStream(name));
            }
            return true;
        }
        if (fields.equalsIgnoreCase(action, "open") || fields.equalsIgnoreCase(action, "close")) {
            streamOf(file);
            return true;
        }
        return false;
    }

    /** The op of an IO action, or null for {@code wait} (where allowed). */
    private Op ioAction(int action, String expected, boolean waitAllowed) {
        if (fields.equalsIgnoreCase(action, "read")) {
            return Op.READ;
        }
        if (fields.equalsIgnoreCase(action, "write")) {
            return Op.WRITE;
        }
        if (fields.equalsIgnoreCase(action, "trim")) {
            return Op.TRIM;
        }
        if (fields.equalsIgnoreCase(action, "sync") || fields.equalsIgnoreCase(action, "datasync")) {
            return Op.FLUSH;
        }
        if (waitAllowed && fields.equalsIgnoreCase(action, "wait")) {
            return null;
        }
        throw fields.error(action, expected);
    }

    /** The stream of a file first added: as sbench's writer names it ({@code NAME.N}, {@code NAME.nostream}), else the lowest free. */
    private int newStream(String name) {
        int dot = name.lastIndexOf('.');
        String suffix = dot < 0 ? "" : name.substring(dot + 1);
        if (suffix.equals(FioIologWriter.NO_STREAM_SUFFIX)) {
            return IoRecord.NO_STREAM;
        }
        int stream = suffix.matches("0|[1-9][0-9]{0,8}") ? Integer.parseInt(suffix) : -1;
        if (stream < 0 || taken.get(stream)) {
            stream = taken.nextClearBit(0);
        }
        taken.set(stream);
        return stream;
    }

    private int streamOf(int file) {
        if (lastFile != null && sameText(file, lastFile)) {
            return lastStream;
        }
        String name = fields.text(file);
        Integer stream = streams.get(name);
        if (stream == null) {
            throw fields.error(file, "a file named in an earlier add line");
        }
        lastFile = name;
        lastStream = stream;
        return stream;
    }

    private boolean sameText(int field, String s) {
        int n = fields.length(field);
        if (n != s.length()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (fields.charAt(field, i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
