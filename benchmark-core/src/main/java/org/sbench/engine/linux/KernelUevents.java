// The kernel's device events, to wait on rather than to look at sysfs again and again.
package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.util.Optional;

/**
 * A netlink socket subscribed to the kernel's uevents (netlink(7), {@code NETLINK_KOBJECT_UEVENT}): it
 * becomes readable whenever a device is added, changed or removed (a disk unplugged, a loop device
 * attached or detached, a medium changed). Their text is not looked at: each says only that something
 * may have changed. Non-blocking; for {@link DataWait}.
 */
public final class KernelUevents implements AutoCloseable {
    /** A uevent is at most a few KiB (the kernel's UEVENT_BUFFER_SIZE is 2 KiB of variables). */
    private static final int MESSAGE_BYTES = 8192;

    private final int fd;
    private final byte[] message = new byte[MESSAGE_BYTES];

    private KernelUevents(int fd) {
        this.fd = fd;
    }

    /**
     * The socket, or empty where it cannot be had (a kernel without netlink, a sandbox refusing the socket) or would
     * never be readable: in a network namespace the kernel sends no uevents to ({@link UeventReach}, a rootless container).
     */
    public static Optional<KernelUevents> open() {
        if (!UeventReach.reachesThisNetworkNamespace()) {
            return Optional.empty();
        }
        int fd;
        try {
            fd = LibC.socket(LibC.AF_NETLINK, LibC.SOCK_DGRAM | LibC.SOCK_NONBLOCK | LibC.SOCK_CLOEXEC,
                    LibC.NETLINK_KOBJECT_UEVENT);
        } catch (LastErrorException e) {
            return Optional.empty();
        }
        try (Memory address = new Memory(LibC.SOCKADDR_NL_BYTES)) {
            address.clear();
            address.setShort(0, (short) LibC.AF_NETLINK);
            address.setInt(LibC.SOCKADDR_NL_GROUPS_OFFSET, LibC.UEVENT_KERNEL_GROUP);
            LibC.bind(fd, Memory.nativeValue(address), LibC.SOCKADDR_NL_BYTES);
            return Optional.of(new KernelUevents(fd));
        } catch (LastErrorException e) {
            LibC.close(fd);
            return Optional.empty();
        }
    }

    /** The socket's descriptor, to poll. */
    public int fd() {
        return fd;
    }

    /**
     * Reads every uevent waiting. A socket whose buffer overflowed reports it once (ENOBUFS) and goes on: the
     * caller looks at what it watches after this anyway, so a lost uevent loses nothing.
     */
    public void drain() {
        long r;
        do {
            r = Syscalls.read(fd, message);
        } while (r >= 0 || r == -Errno.ENOBUFS || r == -Errno.EINTR);
    }

    @Override
    public void close() {
        LibC.close(fd);
    }
}
