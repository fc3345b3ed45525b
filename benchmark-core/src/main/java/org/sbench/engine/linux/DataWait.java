// Blocks a reader of non-blocking descriptors until one has data or another thread wakes it.
package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * poll(2) on a reader's descriptors and an eventfd of its own: {@link #await} returns once one of the
 * descriptors is readable or {@link #wake} was called (from any thread, before or during the wait).
 * The descriptors stay the caller's; the eventfd is closed by {@link #close}. One thread awaits.
 */
public final class DataWait implements AutoCloseable {
    private static final int NO_TIMEOUT = -1;

    private final Memory pollFds;
    private final int count;
    private final int wakeFd;
    private final String what;
    private final byte[] counter = new byte[Long.BYTES];
    /** The eventfd's increment: 1 as a native-order u64. */
    private final byte[] one = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.nativeOrder()).putLong(1).array();
    private boolean closed;

    /** A wait on {@code fds}, named {@code what} in failures. */
    public DataWait(int[] fds, String what) {
        this.what = what;
        try {
            this.wakeFd = LibC.eventfd(0, LibC.EFD_NONBLOCK | LibC.EFD_CLOEXEC);
        } catch (LastErrorException e) {
            throw Errno.failure("eventfd", what, e);
        }
        this.count = fds.length + 1;
        this.pollFds = new Memory((long) count * LibC.POLLFD_BYTES);
        pollFds.clear();
        for (int i = 0; i < count; i++) {
            pollFds.setInt((long) i * LibC.POLLFD_BYTES, i < fds.length ? fds[i] : wakeFd);
            pollFds.setShort((long) i * LibC.POLLFD_BYTES + LibC.POLLFD_EVENTS_OFFSET, LibC.POLLIN);
        }
    }

    /** Blocks until a descriptor is readable or {@link #wake} was called since the last return; a signal may end it early. */
    public void await() {
        awaitAtMost(NO_TIMEOUT);
    }

    /** As {@link #await()}, for at most {@code timeoutMs} ms (negative: no limit). */
    public void awaitAtMost(int timeoutMs) {
        try {
            LibC.poll(Memory.nativeValue(pollFds), count, timeoutMs);
        } catch (LastErrorException e) {
            if (e.getErrorCode() != Errno.EINTR) {
                throw Errno.failure("poll", what, e);
            }
        }
        // Reading the eventfd resets it (EAGAIN when not woken).
        Syscalls.read(wakeFd, counter);
    }

    /** Ends the current or the next {@link #await}; nothing once closed. */
    public synchronized void wake() {
        if (closed) {
            return;
        }
        try {
            LibC.write(wakeFd, one, one.length);
        } catch (LastErrorException e) {
            // EAGAIN: the counter is at its maximum, so the wait ends anyway.
            if (e.getErrorCode() != Errno.EAGAIN) {
                throw Errno.failure("write", what + " (eventfd)", e);
            }
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                LibC.close(wakeFd);
            } catch (LastErrorException e) {
                throw Errno.failure("close", what + " (eventfd)", e);
            }
        }
    }
}
