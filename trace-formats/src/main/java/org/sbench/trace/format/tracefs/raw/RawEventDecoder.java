// The block request and trace_marker events of ring-buffer pages, decoded by their format files into TracefsEvents.
package org.sbench.trace.format.tracefs.raw;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.sbench.SbenchException;
import org.sbench.trace.DeviceNumbers;
import org.sbench.trace.Op;
import org.sbench.trace.format.blockevents.BlockEventFields;
import org.sbench.trace.format.tracefs.TracefsEvent;
import org.sbench.trace.input.ProcessNames;

/**
 * Decodes the binary records of {@code block_rq_issue}, {@code block_rq_complete},
 * {@code block_rq_requeue} and {@code ftrace/print} (what a {@code trace_marker} write makes) into
 * the {@link TracefsEvent}s the text reader makes of their lines. The event is told by its
 * {@code common_type} (each format's {@code ID}) and each field is read by name at the offset and
 * width its {@code format} file states:
 * <ul>
 * <li>{@code dev}: the kernel's {@code dev_t}, {@code (major << 20) | minor}: the stream as is;</li>
 * <li>{@code sector} (all ones for none), {@code nr_sector};</li>
 * <li>{@code rwbs}: the letters up to the first NUL, read as the text's ({@link BlockEventFields#op(int, long)});</li>
 * <li>{@code cmd} ({@code __data_loc}: offset in the low 16 bits, length in the high): a request
 *     carrying command bytes is a passthrough one, of another kind;</li>
 * <li>{@code comm} (issue): the process, a field of at most 256 bytes (the kernel's is 16); {@code error}
 *     (complete): the errno, made positive;</li>
 * <li>{@code buf} (print): the marker's text up to its NUL, without the newline the kernel adds.</li>
 * </ul>
 * Not thread-safe.
 */
public final class RawEventDecoder {
    private static final int SECTOR_SHIFT = 9;
    private static final int DATA_LOC_OFFSET_MASK = 0xffff;
    private static final int DATA_LOC_LENGTH_SHIFT = 16;

    private final FormatFile.Field commonType;
    private final int commonTypeEnd;
    private final Block issue;
    private final Block complete;
    private final Block requeue;
    private final int printType;
    private final FormatFile.Field printBuf;
    private final ProcessNames names = new ProcessNames();
    private byte[] text = new byte[256];

    /** The fields of one block event, found by name. */
    private static final class Block {
        final int type;
        final FormatFile.Field dev;
        final FormatFile.Field sector;
        final FormatFile.Field sectors;
        final FormatFile.Field rwbs;
        final FormatFile.Field cmd;
        final FormatFile.Field comm;
        final FormatFile.Field error;
        /** Bytes an event of this type holds at least: up to the end of its last field. */
        final int bytes;

        Block(FormatFile f) {
            type = f.id();
            dev = f.required("dev");
            sector = f.required("sector");
            sectors = f.required("nr_sector");
            rwbs = f.required("rwbs");
            cmd = f.optional("cmd");
            comm = f.optional("comm");
            if (comm != null && comm.size() > ProcessNames.MAX_NAME_BYTES) {
                throw SbenchException.badInput(f.source(), "field 'comm' of " + comm.size() + " bytes: expected " + ProcessNames.EXPECTED);
            }
            error = f.optional("error");
            bytes = end(f.required("common_type"), dev, sector, sectors, rwbs, cmd, comm, error);
        }
    }

    /**
     * A decoder of the events whose formats are given; {@code requeue} may be null (a kernel without it).
     *
     * @throws SbenchException a bad input when a format lacks a field the events need
     */
    public RawEventDecoder(FormatFile issue, FormatFile complete, FormatFile requeue, FormatFile print) {
        this.commonType = issue.required("common_type");
        this.commonTypeEnd = end(commonType);
        this.issue = new Block(issue);
        this.complete = new Block(complete);
        this.requeue = requeue == null ? null : new Block(requeue);
        this.printType = print.id();
        this.printBuf = print.required("buf");
    }

    /**
     * Decodes the event of {@code length} bytes at {@code offset} of {@code page}, written at
     * {@code timeNs}, into {@code into}.
     *
     * @return false for an event of another type (left alone)
     * @throws SbenchException a bad input for an event whose fields cannot be what the kernel writes
     */
    public boolean decode(ByteBuffer page, int offset, int length, long timeNs, TracefsEvent into) {
        requireBytes(commonTypeEnd, length);
        int type = (int) unsigned(page, offset, commonType);
        into.timeNs = timeNs;
        if (type == printType) {
            requireBytes(printBuf.offset(), length);
            into.kind = TracefsEvent.Kind.MARKER;
            into.text = line(page, offset + printBuf.offset(), offset + length);
            return true;
        }
        Block b;
        if (type == issue.type) {
            b = issue;
            into.kind = TracefsEvent.Kind.ISSUE;
        } else if (type == complete.type) {
            b = complete;
            into.kind = TracefsEvent.Kind.COMPLETE;
        } else if (requeue != null && type == requeue.type) {
            b = requeue;
            into.kind = TracefsEvent.Kind.REQUEUE;
        } else {
            return false;
        }
        block(b, page, offset, length, into);
        return true;
    }

    private void block(Block b, ByteBuffer page, int offset, int length, TracefsEvent into) {
        requireBytes(b.bytes, length);
        long dev = unsigned(page, offset, b.dev);
        long major = dev >>> DeviceNumbers.MINOR_BITS;
        if (major > DeviceNumbers.MAX_MAJOR) {
            throw bad("a device with major below 2048", "major " + major);
        }
        into.device = (int) dev;
        into.sector = unsigned(page, offset, b.sector);
        into.sectors = unsigned(page, offset, b.sectors);
        boolean command = hasCommand(b, page, offset, length);
        into.op = command ? null : BlockEventFields.op(rwbsLetters(b, page, offset), into.sectors);
        if (into.op == null) {
            // Counted with the bytes it spans; a passthrough command spans none.
            into.lengthBytes = command ? 0 : into.sectors << SECTOR_SHIFT;
            return;
        }
        if (into.op == Op.FLUSH) {
            into.offsetBytes = 0;
            into.lengthBytes = 0;
        } else {
            if (into.sector < 0 || into.sector > BlockEventFields.MAX_SECTOR) {
                throw bad("a sector below 2^54", Long.toUnsignedString(into.sector));
            }
            into.offsetBytes = into.sector << SECTOR_SHIFT;
            into.lengthBytes = into.sectors << SECTOR_SHIFT;
        }
        if (b.comm == null) {
            into.process = null;
        } else {
            int n = copy(page, offset + b.comm.offset(), offset + b.comm.offset() + b.comm.size());
            into.process = names.of(text, 0, n);
        }
        into.errno = b.error == null ? 0 : Math.abs((int) signed(page, offset, b.error));
    }

    /** A {@code cmd} of some bytes: a passthrough command, which older kernels print between the parentheses. */
    private static boolean hasCommand(Block b, ByteBuffer page, int offset, int length) {
        if (b.cmd == null || !b.cmd.dataLoc()) {
            return false;
        }
        int loc = page.getInt(offset + b.cmd.offset());
        int at = loc & DATA_LOC_OFFSET_MASK;
        int bytes = loc >>> DATA_LOC_LENGTH_SHIFT;
        return bytes > 0 && at < length && page.get(offset + at) != 0;
    }

    private static int rwbsLetters(Block b, ByteBuffer page, int offset) {
        int letters = 0;
        for (int i = 0; i < b.rwbs.size(); i++) {
            byte c = page.get(offset + b.rwbs.offset() + i);
            if (c == 0) {
                break;
            }
            int letter = BlockEventFields.rwbsLetter((char) c);
            if (letter == BlockEventFields.NOT_RWBS) {
                throw bad("RWBS flags (letters such as R, W, D, F, N, S, M, A)", "byte " + (c & 0xff));
            }
            letters |= letter;
        }
        return letters;
    }

    /** A marker's text: the bytes from {@code from} up to a NUL or {@code to}, as UTF-8, without a last newline. */
    private String line(ByteBuffer page, int from, int to) {
        int n = copy(page, from, to);
        if (n > 0 && text[n - 1] == '\n') {
            n--;
        }
        return new String(text, 0, n, StandardCharsets.UTF_8);
    }

    /** Copies the bytes from {@code from} up to a NUL or {@code to} into {@link #text}; how many. */
    private int copy(ByteBuffer page, int from, int to) {
        int n = 0;
        while (from + n < to && page.get(from + n) != 0) {
            n++;
        }
        if (text.length < n) {
            text = new byte[Math.max(n, 2 * text.length)];
        }
        page.get(from, text, 0, n);
        return n;
    }

    private static long unsigned(ByteBuffer page, int offset, FormatFile.Field f) {
        int at = offset + f.offset();
        switch (f.size()) {
            case 1: return page.get(at) & 0xffL;
            case 2: return page.getShort(at) & 0xffffL;
            case 4: return page.getInt(at) & 0xffffffffL;
            case 8: return page.getLong(at);
            default: throw bad("a field of 1, 2, 4 or 8 bytes", f.name() + " of " + f.size());
        }
    }

    private static long signed(ByteBuffer page, int offset, FormatFile.Field f) {
        int at = offset + f.offset();
        switch (f.size()) {
            case 1: return page.get(at);
            case 2: return page.getShort(at);
            case 4: return page.getInt(at);
            case 8: return page.getLong(at);
            default: throw bad("a field of 1, 2, 4 or 8 bytes", f.name() + " of " + f.size());
        }
    }

    /** The end of the last of {@code fields} (those present): where an event's fields stop. */
    private static int end(FormatFile.Field... fields) {
        int end = 0;
        for (FormatFile.Field f : fields) {
            if (f != null) {
                end = Math.max(end, f.offset() + f.size());
            }
        }
        return end;
    }

    /** An event shorter than its fields would have them read from the next event or past the page. */
    private static void requireBytes(int bytes, int length) {
        if (length < bytes) {
            throw bad("the " + bytes + " bytes its format's fields take", Integer.toString(length));
        }
    }

    private static SbenchException bad(String expected, String found) {
        return SbenchException.badInput("trace_pipe_raw", "an event with " + expected + ", found " + found);
    }
}
