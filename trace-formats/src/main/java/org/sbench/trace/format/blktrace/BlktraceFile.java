// One blktrace binary file (one CPU's events) read record by record.
package org.sbench.trace.format.blktrace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sbench.SbenchException;
import org.sbench.trace.input.TraceInput;

/**
 * A cursor over the {@code struct blk_io_trace} (version 7, 48 bytes) or
 * {@code struct blk_io_trace2} (version 8, 64 bytes) records of one file, each followed by
 * {@code pdu_len} payload bytes. The byte order is the tracing machine's, found from the first
 * record's magic; every record's magic is checked, so a damaged file fails at its first bad
 * byte rather than producing nonsense. Holds the fields of the current record. Not thread-safe.
 */
final class BlktraceFile implements AutoCloseable {
    static final int MAGIC = 0x65617400;
    static final int MAGIC_MASK = 0xffffff00;
    static final int VERSION_MASK = 0xff;
    static final int VERSION_7 = 0x07;
    static final int VERSION_8 = 0x08;
    static final int V7_RECORD_BYTES = 48;
    static final int V8_RECORD_BYTES = 64;
    /**
     * Larger than any payload the kernel writes (a 128-byte message, a SCSI command of at most
     * 260 bytes, a 16-byte remap, an 8-byte cgroup id before any of them), far below what a
     * corrupt length usually reads as.
     */
    static final int MAX_PDU_BYTES = 4096;

    // struct blk_io_trace (v7) field offsets.
    static final int MAGIC_OFFSET = 0;
    static final int TIME_OFFSET = 8;
    static final int SECTOR_OFFSET = 16;
    static final int BYTES_OFFSET = 24;
    static final int V7_ACTION_OFFSET = 28;
    static final int V7_PID_OFFSET = 32;
    static final int V7_DEVICE_OFFSET = 36;
    static final int V7_ERROR_OFFSET = 44;
    static final int V7_PDU_LEN_OFFSET = 46;
    // struct blk_io_trace2 (v8): pid moves before a 64-bit action; 12 bytes of padding end it.
    static final int V8_PID_OFFSET = 28;
    static final int V8_ACTION_OFFSET = 32;
    static final int V8_DEVICE_OFFSET = 40;
    static final int V8_ERROR_OFFSET = 48;
    static final int V8_PDU_LEN_OFFSET = 50;
    private static final long U32_MASK = 0xffff_ffffL;
    private static final int U16_MASK = 0xffff;

    private final TraceInput input;
    /** Place of the file among its siblings; orders records with equal times. */
    final int index;
    private final InputStream in;
    private final byte[] header = new byte[V8_RECORD_BYTES];
    private final ByteBuffer headerView = ByteBuffer.wrap(header);
    private final byte[] pdu = new byte[MAX_PDU_BYTES];
    private boolean orderKnown;
    private long nextOffset;
    private boolean readAny;

    /** Position of the current record in the file. */
    long recordOffset;
    int version;
    long timeNs;
    /** Unsigned 64-bit sector as stored; -1 is the all-ones sector of a flush. */
    long sector;
    long bytes;
    /** The action, v7's 32 bits zero-extended. */
    long action;
    int pid;
    int device;
    /** The error a completion carries, as the kernel's 16 bits hold it: -5 for EIO; 0 for success. */
    int error;
    int pduLength;

    BlktraceFile(TraceInput input, int index) {
        this.input = input;
        this.index = index;
        this.in = input.openStream();
    }

    String name() {
        return input.displayName();
    }

    /** The current record's payload; valid up to {@link #pduLength}. */
    byte[] pdu() {
        return pdu;
    }

    /**
     * Reads the next record.
     *
     * @return false at the end of the file (on a record boundary)
     * @throws SbenchException for a wrong magic, an unknown version, an absurd payload length or
     *         a file cut inside a record, naming the byte
     */
    boolean advance() {
        recordOffset = nextOffset;
        int got = read(header, 0, V7_RECORD_BYTES);
        if (got == 0) {
            return false;
        }
        if (got < Integer.BYTES) {
            throw truncated(V7_RECORD_BYTES, got);
        }
        int magic = magic();
        version = magic & VERSION_MASK;
        if ((magic & MAGIC_MASK) != MAGIC || (version != VERSION_7 && version != VERSION_8)) {
            throw SbenchException.badBytes(name(), recordOffset,
                    "a blktrace record magic (bytes 65 61 74 07|08, or 07|08 74 61 65 from a little-endian machine)",
                    "bytes " + hex(got));
        }
        int size = version == VERSION_7 ? V7_RECORD_BYTES : V8_RECORD_BYTES;
        if (got < V7_RECORD_BYTES) {
            throw truncated(size, got);
        }
        if (size > V7_RECORD_BYTES) {
            int more = read(header, V7_RECORD_BYTES, size - V7_RECORD_BYTES);
            if (more < size - V7_RECORD_BYTES) {
                throw truncated(size, V7_RECORD_BYTES + more);
            }
        }
        timeNs = headerView.getLong(TIME_OFFSET);
        sector = headerView.getLong(SECTOR_OFFSET);
        bytes = headerView.getInt(BYTES_OFFSET) & U32_MASK;
        int pduLengthOffset;
        if (version == VERSION_7) {
            action = headerView.getInt(V7_ACTION_OFFSET) & U32_MASK;
            pid = headerView.getInt(V7_PID_OFFSET);
            device = headerView.getInt(V7_DEVICE_OFFSET);
            error = headerView.getShort(V7_ERROR_OFFSET);
            pduLengthOffset = V7_PDU_LEN_OFFSET;
        } else {
            action = headerView.getLong(V8_ACTION_OFFSET);
            pid = headerView.getInt(V8_PID_OFFSET);
            device = headerView.getInt(V8_DEVICE_OFFSET);
            error = headerView.getShort(V8_ERROR_OFFSET);
            pduLengthOffset = V8_PDU_LEN_OFFSET;
        }
        pduLength = headerView.getShort(pduLengthOffset) & U16_MASK;
        if (pduLength > MAX_PDU_BYTES) {
            throw SbenchException.badBytes(name(), recordOffset + pduLengthOffset,
                    "a payload length (pdu_len) of at most " + MAX_PDU_BYTES + " bytes", Integer.toString(pduLength));
        }
        int pduGot = read(pdu, 0, pduLength);
        if (pduGot < pduLength) {
            throw SbenchException.badBytes(name(), recordOffset + size + pduGot,
                    pduLength + " payload bytes after the " + size + "-byte record", "the end of the file after " + pduGot);
        }
        nextOffset = recordOffset + size + pduLength;
        return true;
    }

    /** The magic in the file's byte order, fixing the order from the first record. */
    private int magic() {
        if (!orderKnown) {
            headerView.order(ByteOrder.BIG_ENDIAN);
            if ((headerView.getInt(MAGIC_OFFSET) & MAGIC_MASK) != MAGIC) {
                headerView.order(ByteOrder.LITTLE_ENDIAN);
                if ((headerView.getInt(MAGIC_OFFSET) & MAGIC_MASK) != MAGIC) {
                    return headerView.getInt(MAGIC_OFFSET);
                }
            }
            orderKnown = true;
        }
        return headerView.getInt(MAGIC_OFFSET);
    }

    /** The first bytes of the current record as printed hex, in file order. */
    private String hex(int available) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(available, Integer.BYTES); i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(Character.forDigit((header[i] >> 4) & 0xf, 16)).append(Character.forDigit(header[i] & 0xf, 16));
        }
        return b.toString();
    }

    private SbenchException truncated(int size, int got) {
        return SbenchException.badBytes(name(), recordOffset, "a complete " + size + "-byte blktrace record",
                "the end of the file after " + got + " bytes");
    }

    private int read(byte[] into, int from, int length) {
        int got = 0;
        try {
            while (got < length) {
                int r = in.read(into, from + got, length - got);
                if (r < 0) {
                    break;
                }
                got += r;
                readAny |= r > 0;
            }
            return got;
        } catch (IOException e) {
            if (!readAny) {
                throw input.unreadableStart(e);
            }
            throw SbenchException.badInput(name(), "byte " + recordOffset + ": cannot read further ("
                    + SbenchException.reason(e) + "); is the file truncated or corrupt?");
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // Nothing was written; a failed close of an input loses nothing.
        }
    }
}
