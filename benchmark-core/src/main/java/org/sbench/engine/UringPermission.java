package org.sbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.engine.linux.Errno;

/**
 * Why io_uring_setup said EPERM, from the sysctls that decide it (Linux 6.6+, Documentation/admin-guide/sysctl/kernel.rst):
 * {@code kernel.io_uring_disabled} 2 refuses every process, 1 all but CAP_SYS_ADMIN and the members of
 * {@code kernel.io_uring_group}; at 0 (or without the sysctl) the refusal is a seccomp filter's, as container runtimes set.
 */
final class UringPermission {
    private static final Path PROC_SYS_KERNEL = Path.of("/proc/sys/kernel");
    private static final String WAYS_ROUND = "--engine libaio or sync runs without it";

    private UringPermission() {
    }

    /** What follows the failure of io_uring_setup with {@code errno}: "; " and why and what to do for EPERM, else nothing. */
    static String explain(int errno) {
        return explain(errno, PROC_SYS_KERNEL);
    }

    static String explain(int errno, Path procSysKernel) {
        if (errno != Errno.EPERM) {
            return "";
        }
        String disabled = read(procSysKernel.resolve("io_uring_disabled"));
        switch (disabled) {
            case "2":
                return "; io_uring is disabled for every user (sysctl kernel.io_uring_disabled = 2): " + WAYS_ROUND
                        + ", or root sets it to 0";
            case "1": {
                String group = read(procSysKernel.resolve("io_uring_group"));
                boolean none = group.isEmpty() || group.equals("-1");
                String who = none ? "root (CAP_SYS_ADMIN) alone" : "root (CAP_SYS_ADMIN) and group " + group + " (kernel.io_uring_group)";
                return "; io_uring is allowed to " + who + " (sysctl kernel.io_uring_disabled = 1): " + WAYS_ROUND
                        + (none ? "" : ", or root adds this user to group " + group) + ", or root sets the sysctl to 0";
            }
            default:
                return "; io_uring is refused to this process though kernel.io_uring_disabled is " + (disabled.isEmpty() ? "absent" : disabled)
                        + " (a seccomp filter, as container runtimes set, blocks it): " + WAYS_ROUND;
        }
    }

    /**
     * The file's first line, "" when it cannot be read (a kernel before 6.6 has neither sysctl). Read in one buffered read:
     * Files.readString of a file of size 0 reads one byte first, and an integer sysctl read on from a later offset says EOF
     * ("-" of "-1").
     */
    private static String read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.US_ASCII).stream().findFirst().orElse("").trim();
        } catch (IOException e) {
            return "";
        }
    }
}
