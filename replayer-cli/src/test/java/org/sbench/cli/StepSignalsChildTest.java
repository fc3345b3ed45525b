// SIGINT, SIGTERM and SIGHUP stop a step command in a JVM of its own: the partial step, marked, and 128 + the signal.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.StepResult;

class StepSignalsChildTest {
    private static final long STOP_WITHIN_MS = 5_000;

    @ParameterizedTest
    @CsvSource({"TERM,143", "HUP,129", "INT,130"})
    void aTortureStoppedBySignalWritesItsPartialStep(String sig, int code, @TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.img");
        Files.write(target, new byte[8 << 20]);
        Path out = dir.resolve("bundle");
        try (ChildSbench torture = ChildSbench.start(dir, List.of(), "torture", "--target", target.toString(), "--allow-write",
                "--duration", "10m", "--qd", "4", "--progress", "--out", out.toString())) {
            torture.awaitErr(" IOPS,");
            torture.signal(sig);
            assertEquals(code, torture.waitFor(), torture.err());
            Bundle b = BundleDirectory.open(out).read();
            assertFalse(b.complete());
            StepResult step = b.steps().get(0);
            assertFalse(step.complete());
            assertEquals("interrupted (SIG" + sig + ")", step.stopReason());
            assertEquals("interrupted (SIG" + sig + ")", b.stopReason());
            assertTrue(step.bytesWritten() > 0);
            assertTrue(torture.out().contains("INCOMPLETE: stopped (interrupted (SIG" + sig + "))"), torture.out());
        }
    }

    @Test
    void ctrlCEndsAnIdleWaitAtOnce(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.img");
        Files.write(target, new byte[1 << 20]);
        try (ChildSbench idle = ChildSbench.start(dir, List.of(), "idle", "--target", target.toString(), "--duration", "1h",
                "--probe-test", "none", "--progress")) {
            idle.awaitErr("idle ");
            long sentMs = System.currentTimeMillis();
            idle.signal("INT");
            assertEquals(130, idle.waitFor(), idle.err());
            assertTrue(System.currentTimeMillis() - sentMs < STOP_WITHIN_MS, "the wait ended at once");
            assertTrue(idle.out().contains("INCOMPLETE: stopped (interrupted (SIGINT))"), idle.out());
        }
    }

    @Test
    void aStepStoppedInWorkThatIsNoIoRunEndsItsProgressLineBeforeTheTable(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.img");
        Files.write(target, new byte[1 << 20]);
        try (ChildSbench idle = ChildSbench.startOneStream(dir, "idle", "--target", target.toString(), "--duration", "1h",
                "--probe-test", "none", "--progress")) {
            idle.awaitErr("\ridle: ");
            idle.signal("INT");
            assertEquals(130, idle.waitFor(), idle.out());
            String shown = idle.out();
            assertTrue(shown.contains("\nstep     idle"), "the table's first row on a line of its own, not after the progress line: " + shown);
        }
    }
}
