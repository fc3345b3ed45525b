package org.sbench.engine.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.LastErrorException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetCallsTest {
    @Test
    void opensWithoutAccessTimesAndFallsBackWhenTheKernelRefuses() {
        List<Integer> tried = new ArrayList<>();
        int flags = LibC.O_RDONLY | LibC.O_DIRECT;
        assertEquals(7, TargetCalls.withNoAtimeFirst(flags, f -> {
            tried.add(f);
            return 7;
        }, () -> -1));
        assertEquals(List.of(flags | LibC.O_NOATIME), tried);

        assertEquals(9, TargetCalls.withNoAtimeFirst(flags, f -> {
            throw new LastErrorException(Errno.EPERM);
        }, () -> 9), "EPERM (not the owner, not privileged): the plain open");
    }
}
