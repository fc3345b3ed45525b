// Whether the kernel's uevents reach this process's network namespace: a rootless container's gets none.
package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel sends a disk's uevents only to the uevent sockets of network namespaces owned by the initial user
 * namespace (lib/kobject_uevent.c, {@code uevent_net_init}: "Restrict uevents to initial user namespace", Linux
 * 4.18). A socket in the network namespace of a rootless container, or of {@code unshare --user --net}, opens and
 * binds as any other but is never readable; a network namespace of its own made by real root ({@code unshare --net},
 * a container run as root) is owned by the initial user namespace and gets them. The owner is asked of the namespace
 * ({@code ioctl(NS_GET_USERNS)}, ioctl_ns(2)) and told by its inode number, fixed for the initial one.
 */
final class UeventReach {
    private static final String OWN_NETWORK_NAMESPACE = "/proc/self/ns/net";
    /** {@code _IO(0xb7, 0x1)}: a descriptor of the user namespace owning the namespace {@code fd} refers to. */
    private static final long NS_GET_USERNS = 0xb701;
    private static final long NO_ARGUMENT = 0;
    /** The initial user namespace as /proc names it ({@code PROC_USER_INIT_INO}, include/linux/proc_ns.h). */
    private static final String INITIAL_USER_NAMESPACE = "user:[4026531837]";

    private UeventReach() {
    }

    /**
     * True where the kernel sends uevents to this process's network namespace; false where it does not or where that
     * cannot be told: EPERM when the owner is outside this process's user namespace (a process in a user namespace
     * of its own that kept its parent's network namespace), ENOTTY before Linux 4.9, no /proc.
     */
    static boolean reachesThisNetworkNamespace() {
        int net;
        try {
            net = LibC.open(OWN_NETWORK_NAMESPACE, LibC.O_RDONLY | LibC.O_CLOEXEC, 0);
        } catch (LastErrorException e) {
            return false;
        }
        try {
            int owner = LibC.ioctl(net, NS_GET_USERNS, NO_ARGUMENT);
            try {
                return Files.readSymbolicLink(Path.of("/proc/self/fd", Integer.toString(owner))).toString()
                        .equals(INITIAL_USER_NAMESPACE);
            } finally {
                LibC.close(owner);
            }
        } catch (LastErrorException | IOException e) {
            return false;
        } finally {
            LibC.close(net);
        }
    }
}
