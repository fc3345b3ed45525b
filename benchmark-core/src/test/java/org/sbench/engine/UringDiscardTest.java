package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.sbench.engine.linux.Errno;

/** What the engine concludes from the kernel's answer to an empty discard command. */
class UringDiscardTest {
    @Test
    void anEmptyRangeRefusedAsInvalidMeansTheKernelQueuesDiscards() {
        assertNull(UringDiscard.refusalOfProbe(-Errno.EINVAL));
        assertNull(UringDiscard.refusalOfProbe(0), "a kernel that took an empty discard as done queues them too");
    }

    @Test
    void otherAnswersAreRefusalsNamingTheErrno() {
        assertEquals("the kernel has no queued discard for block devices (BLOCK_URING_CMD_DISCARD, Linux 6.12+): "
                + Errno.describe(Errno.EOPNOTSUPP), UringDiscard.refusalOfProbe(-Errno.EOPNOTSUPP));
        assertEquals("the target is open read-only: " + Errno.describe(Errno.EBADF), UringDiscard.refusalOfProbe(-Errno.EBADF));
        assertEquals("the kernel refused BLOCK_URING_CMD_DISCARD: " + Errno.describe(Errno.EPERM), UringDiscard.refusalOfProbe(-Errno.EPERM));
    }
}
