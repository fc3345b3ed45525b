package org.sbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.engine.linux.Errno;

/**
 * Why io_uring_setup refused a user. EPERM, from the sysctls that decide it (Linux 6.6+,
 * Documentation/admin-guide/sysctl/kernel.rst): {@code kernel.io_uring_disabled} 2 refuses every process, 1 all but
 * CAP_SYS_ADMIN and the members of {@code kernel.io_uring_group}; at 0 (or without the sysctl) the refusal is a seccomp
 * filter's, as container runtimes set. ENOMEM: without CAP_IPC_LOCK the rings' pages count against RLIMIT_MEMLOCK
 * (a user's ring of 13 entries was refused at ulimit -l 4 and made at 8, KiB, on Linux 6.18).
 */
final class UringRefusal {
    private static final Path PROC = Path.of("/proc");
    private static final String MEMLOCK = "Max locked memory";
    private static final long KIB = 1024;
    private static final String CAP_EFFECTIVE = "CapEff:";
    /** CAP_IPC_LOCK's bit (linux/capability.h). */
    private static final int CAP_IPC_LOCK = 14;
    private static final int HEX = 16;
    private static final String WAYS_ROUND = "--engine libaio or sync runs without it";

    private UringRefusal() {
    }

    /** What follows the failure of io_uring_setup with {@code errno}: "; " and why and what to do for EPERM and ENOMEM, else nothing. */
    static String explain(int errno) {
        return explain(errno, PROC);
    }

    static String explain(int errno, Path proc) {
        if (errno == Errno.ENOMEM && !hasIpcLock(proc.resolve("self/status"))) {
            return "; without CAP_IPC_LOCK a ring's memory counts against RLIMIT_MEMLOCK, here " + memlock(proc.resolve("self/limits"))
                    + ": raise it (ulimit -l, memlock in /etc/security/limits.conf), or " + WAYS_ROUND;
        }
        if (errno != Errno.EPERM) {
            return "";
        }
        Path procSysKernel = proc.resolve("sys/kernel");
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

    /** Whether this process has CAP_IPC_LOCK (its effective set in /proc/self/status): its ENOMEM is then memory's, not the limit's. */
    private static boolean hasIpcLock(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith(CAP_EFFECTIVE)) {
                    return (Long.parseUnsignedLong(line.substring(CAP_EFFECTIVE.length()).trim(), HEX) >>> CAP_IPC_LOCK & 1) == 1;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown: said as the limit's, which it most likely is
        }
        return false;
    }

    /** The soft RLIMIT_MEMLOCK in /proc/self/limits ("Max locked memory 8388608 8388608 bytes") in KiB, as ulimit -l gives it. */
    private static String memlock(Path limits) {
        try {
            for (String line : Files.readAllLines(limits, StandardCharsets.US_ASCII)) {
                if (line.startsWith(MEMLOCK)) {
                    String soft = line.substring(MEMLOCK.length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? soft : Long.parseLong(soft) / KIB + " KiB";
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the message loses the number alone
        }
        return "unknown";
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
