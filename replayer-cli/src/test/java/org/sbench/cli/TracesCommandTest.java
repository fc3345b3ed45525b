package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sbench.synth.BundledTraceCache;
import org.sbench.traces.BundledTraces;

class TracesCommandTest {
    @Test
    void listsEveryBundledWorkloadAndTheCacheInUse() {
        CliTest.Run r = CliTest.run("traces");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        for (String name : BundledTraces.NAMES) {
            assertTrue(r.out().contains("\n" + name + ": ") || r.out().startsWith(name + ": "), name + " in " + r.out());
        }
        assertTrue(r.out().endsWith("generated once into " + BundledTraceCache.forUser().dir() + ".\n"), r.out());
    }
}
