package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.linux.Errno;

class UringPermissionTest {
    @TempDir
    Path kernel;

    private void sysctl(String name, String value) throws IOException {
        Files.writeString(kernel.resolve(name), value + "\n");
    }

    @Test
    void disabledForAllSaysSoAndTheWayRound() throws IOException {
        sysctl("io_uring_disabled", "2");
        assertEquals("; io_uring is disabled for every user (sysctl kernel.io_uring_disabled = 2): --engine libaio or sync runs"
                + " without it, or root sets it to 0", UringPermission.explain(Errno.EPERM, kernel));
    }

    @Test
    void disabledButForAGroupNamesTheGroup() throws IOException {
        sysctl("io_uring_disabled", "1");
        sysctl("io_uring_group", "1001");
        assertEquals("; io_uring is allowed to root (CAP_SYS_ADMIN) and group 1001 (kernel.io_uring_group)"
                + " (sysctl kernel.io_uring_disabled = 1): --engine libaio or sync runs without it, or root adds this user to"
                + " group 1001, or root sets the sysctl to 0", UringPermission.explain(Errno.EPERM, kernel));
        sysctl("io_uring_group", "-1");
        assertEquals("; io_uring is allowed to root (CAP_SYS_ADMIN) alone (sysctl kernel.io_uring_disabled = 1): --engine libaio"
                + " or sync runs without it, or root sets the sysctl to 0",
                UringPermission.explain(Errno.EPERM, kernel));
    }

    @Test
    void enabledOrOlderKernelPointsAtSeccomp() throws IOException {
        assertEquals("; io_uring is refused to this process though kernel.io_uring_disabled is absent (a seccomp filter, as"
                + " container runtimes set, blocks it): --engine libaio or sync runs without it", UringPermission.explain(Errno.EPERM, kernel));
        sysctl("io_uring_disabled", "0");
        assertEquals("; io_uring is refused to this process though kernel.io_uring_disabled is 0 (a seccomp filter, as"
                + " container runtimes set, blocks it): --engine libaio or sync runs without it", UringPermission.explain(Errno.EPERM, kernel));
    }

    @Test
    void otherErrorsAddNothing() throws IOException {
        sysctl("io_uring_disabled", "2");
        assertEquals("", UringPermission.explain(Errno.ENOMEM, kernel));
    }
}
