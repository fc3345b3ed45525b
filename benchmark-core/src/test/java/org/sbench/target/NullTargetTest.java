package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NullTargetTest {

    @Test
    void defaultsAreHugeAndInert() {
        try (Target t = Targets.open("null", TargetSettings.DEFAULTS)) {
            assertEquals("null", t.kind());
            assertNull(t.path());
            assertEquals(1L << 60, t.capacityBytes());
            assertEquals(512, t.logicalBlockSize());
            assertEquals(512, t.physicalBlockSize());
            assertEquals(-1, t.fd());
            assertEquals(0, t.discard(0, 4096));
            assertEquals(0, t.flush());
            assertTrue(t.describe().isEmpty());
        }
    }

    @Test
    void givenCapacityIsRoundedDownToTheBlock() {
        try (Target t = Targets.open("null", TargetSettings.DEFAULTS.withSizeBytes(1_000_000))) {
            assertEquals(999_936, t.capacityBytes());
        }
    }
}
