// Writes small blktrace binary files for tests, in either byte order and record version.
package org.sbench.trace.format.blktrace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Builds blktrace files record by record from the layouts in {@code blktrace_api.h}
 * ({@code struct blk_io_trace}, v7, 48 bytes; {@code struct blk_io_trace2}, v8, 64 bytes).
 */
final class BlktraceBuilder {
    static final int QUEUE = 1;
    static final int REQUEUE = 6;
    static final int ISSUE = 7;
    static final int COMPLETE = 8;
    static final int CGROUP = 1 << 8;
    static final int TN_PROCESS = 0;
    static final int TN_MESSAGE = 2;
    static final long TC_READ = 1L << 0;
    static final long TC_WRITE = 1L << 1;
    static final long TC_FLUSH = 1L << 2;
    static final long TC_SYNC = 1L << 3;
    static final long TC_QUEUE = 1L << 4;
    static final long TC_ISSUE = 1L << 6;
    static final long TC_COMPLETE = 1L << 7;
    static final long TC_FS = 1L << 8;
    static final long TC_PC = 1L << 9;
    static final long TC_NOTIFY = 1L << 10;
    static final long TC_DISCARD = 1L << 13;
    static final long TC_ZONE_APPEND = 1L << 16;
    static final long TC_ZONE_RESET = 1L << 17;

    private final ByteOrder order;
    private final int version;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    BlktraceBuilder(ByteOrder order, int version) {
        this.order = order;
        this.version = version;
    }

    /** action = event | categories << 16, as the kernel's BLK_TC_ACT builds it. */
    static long action(int event, long categories) {
        return event | categories << 16;
    }

    static int device(int major, int minor) {
        return major << 20 | minor;
    }

    /** An IO event with its category bits for issue/complete/queue added as the kernel does. */
    BlktraceBuilder io(long timeNs, int event, long categories, long sector, int bytes, int pid, int device) {
        long kind = event == ISSUE ? TC_ISSUE : event == COMPLETE ? TC_COMPLETE : event == REQUEUE ? 1L << 5 : TC_QUEUE;
        return record(timeNs, action(event, categories | kind | TC_FS), sector, bytes, pid, device, new byte[0]);
    }

    /** A BLK_TN_PROCESS note naming {@code pid}; with {@code cgroupId}, the id precedes the name. */
    BlktraceBuilder process(long timeNs, int pid, String name, Long cgroupId, int device) {
        byte[] comm = Arrays.copyOf(name.getBytes(StandardCharsets.UTF_8), 16);
        if (cgroupId == null) {
            return record(timeNs, action(TN_PROCESS, TC_NOTIFY), 0, 0, pid, device, comm);
        }
        ByteBuffer pdu = ByteBuffer.allocate(8 + comm.length).order(order).putLong(cgroupId).put(comm);
        return record(timeNs, action(TN_PROCESS | CGROUP, TC_NOTIFY), 0, 0, pid, device, pdu.array());
    }

    BlktraceBuilder message(long timeNs, String text, int device) {
        return record(timeNs, action(TN_MESSAGE, TC_NOTIFY), 0, 0, 0, device, text.getBytes(StandardCharsets.UTF_8));
    }

    BlktraceBuilder record(long timeNs, long action, long sector, int bytes, int pid, int device, byte[] pdu) {
        return record(timeNs, action, sector, bytes, pid, device, 0, pdu);
    }

    /** A completion with {@code error}, a negative errno stored in 16 bits as the kernel does. */
    BlktraceBuilder failed(long timeNs, long categories, long sector, int bytes, int device, int error) {
        return record(timeNs, action(COMPLETE, categories | TC_COMPLETE | TC_FS), sector, bytes, 0, device, error, new byte[0]);
    }

    BlktraceBuilder record(long timeNs, long action, long sector, int bytes, int pid, int device, int error, byte[] pdu) {
        int size = version == 7 ? 48 : 64;
        ByteBuffer b = ByteBuffer.allocate(size + pdu.length).order(order);
        b.putInt(0, 0x65617400 | version);
        b.putInt(4, 1);
        b.putLong(8, timeNs);
        b.putLong(16, sector);
        b.putInt(24, bytes);
        if (version == 7) {
            b.putInt(28, (int) action);
            b.putInt(32, pid);
            b.putInt(36, device);
            b.putInt(40, 0);
            b.putShort(44, (short) error);
            b.putShort(46, (short) pdu.length);
        } else {
            b.putInt(28, pid);
            b.putLong(32, action);
            b.putInt(40, device);
            b.putInt(44, 0);
            b.putShort(48, (short) error);
            b.putShort(50, (short) pdu.length);
        }
        b.position(size);
        b.put(pdu);
        out.writeBytes(b.array());
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    Path writeTo(Path file) throws IOException {
        Files.write(file, bytes());
        return file;
    }
}
