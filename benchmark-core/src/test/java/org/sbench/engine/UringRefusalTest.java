package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.linux.Errno;

class UringRefusalTest {
    @TempDir
    Path proc;

    private void sysctl(String name, String value) throws IOException {
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.writeString(proc.resolve("sys/kernel").resolve(name), value + "\n");
    }

    @Test
    void disabledForAllSaysSoAndTheWayRound() throws IOException {
        sysctl("io_uring_disabled", "2");
        assertEquals("; io_uring is disabled for every user (sysctl kernel.io_uring_disabled = 2): --engine libaio or sync runs"
                + " without it, or root sets it to 0", UringRefusal.explain(Errno.EPERM, proc));
    }

    @Test
    void disabledButForAGroupNamesTheGroup() throws IOException {
        sysctl("io_uring_disabled", "1");
        sysctl("io_uring_group", "1001");
        assertEquals("; io_uring is allowed to root (CAP_SYS_ADMIN) and group 1001 (kernel.io_uring_group)"
                + " (sysctl kernel.io_uring_disabled = 1): --engine libaio or sync runs without it, or root adds this user to"
                + " group 1001, or root sets the sysctl to 0", UringRefusal.explain(Errno.EPERM, proc));
        sysctl("io_uring_group", "-1");
        assertEquals("; io_uring is allowed to root (CAP_SYS_ADMIN) alone (sysctl kernel.io_uring_disabled = 1): --engine libaio"
                + " or sync runs without it, or root sets the sysctl to 0",
                UringRefusal.explain(Errno.EPERM, proc));
    }

    @Test
    void enabledOrOlderKernelPointsAtSeccomp() throws IOException {
        assertEquals("; io_uring is refused to this process though kernel.io_uring_disabled is absent (a seccomp filter, as"
                + " container runtimes set, blocks it): --engine libaio or sync runs without it", UringRefusal.explain(Errno.EPERM, proc));
        sysctl("io_uring_disabled", "0");
        assertEquals("; io_uring is refused to this process though kernel.io_uring_disabled is 0 (a seccomp filter, as"
                + " container runtimes set, blocks it): --engine libaio or sync runs without it", UringRefusal.explain(Errno.EPERM, proc));
    }

    /** A user's ring at ulimit -l 0 or 4 (KiB): io_uring_setup said ENOMEM, and nothing pointed at the limit. */
    @Test
    void outOfMemoryNamesTheLockedMemoryLimit() throws IOException {
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("self/status"), "Name:\tjava\nCapEff:\t0000000000000000\n");
        Files.writeString(proc.resolve("self/limits"), "Limit                     Soft Limit           Hard Limit           Units     \n"
                + "Max locked memory         4096                 4096                 bytes     \n");
        assertEquals("; without CAP_IPC_LOCK a ring's memory counts against RLIMIT_MEMLOCK, here 4 KiB: raise it (ulimit -l,"
                + " memlock in /etc/security/limits.conf), or --engine libaio or sync runs without it",
                UringRefusal.explain(Errno.ENOMEM, proc));
        Files.writeString(proc.resolve("self/status"), "Name:\tjava\nCapEff:\t000001ffffffffff\n");
        assertEquals("", UringRefusal.explain(Errno.ENOMEM, proc), "root's (CAP_IPC_LOCK) ENOMEM is memory's, not the limit's");
    }

    @Test
    void otherErrorsAddNothing() throws IOException {
        sysctl("io_uring_disabled", "2");
        assertEquals("", UringRefusal.explain(Errno.EINVAL, proc));
    }
}
