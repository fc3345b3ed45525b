package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.sbench.engine.IoEngine;

class EquipmentTest {
    /** An engine that answers only the two questions the mapping's buffer words ask. */
    private static IoEngine engine(long hugePageBytes, String bufferNote) {
        return (IoEngine) Proxy.newProxyInstance(IoEngine.class.getClassLoader(), new Class<?>[] {IoEngine.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "hugePageBytes" -> hugePageBytes;
                    case "bufferNote" -> bufferNote;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void theBufferWordsSayHowTheyArePagedAndWhatTheEngineNotes() {
        assertEquals("transparent huge pages (2 MiB)", Equipment.bufferMemory(engine(2 << 20, null)));
        // As a user over RLIMIT_MEMLOCK runs io_uring (found running sbench cdm as a user of ulimit -l 8192:
        // IORING_REGISTER_BUFFERS of 8 buffers of 1 MiB refused, and the result did not say so).
        assertEquals("4 KiB pages (no huge pages granted); not registered with the ring (ENOMEM)",
                Equipment.bufferMemory(engine(0, "not registered with the ring (ENOMEM)")));
    }
}
